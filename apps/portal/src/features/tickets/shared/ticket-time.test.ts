import { describe, expect, it } from 'vitest';
import { absoluteTime, relativeTime } from './ticket-time';

describe('ticket times', () => {
  const now = Date.parse('2026-11-21T15:00:00Z');
  it('reads relative times with "há"', () => {
    expect(relativeTime('2026-11-21T14:59:30Z', now)).toBe('agora');
    expect(relativeTime('2026-11-21T14:55:00Z', now)).toBe('há 5 min');
    expect(relativeTime('2026-11-19T15:00:00Z', now)).toBe('há 2 d');
    expect(relativeTime('2026-11-21T18:30:00Z', now)).toBe('em 3 h');
  });
  it('gives nothing for an unreadable date', () => {
    expect(absoluteTime('ontem')).toBe('');
    expect(absoluteTime('2026-11-21T15:00:00Z')).toMatch(/^21\/11\/2026/);
  });
});
