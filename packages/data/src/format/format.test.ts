import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatRelativeTime, unreadLabel } from './format';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime', () => {
  it.each([
    [0, 'agora'],
    [59_999, 'agora'],
    [60_000, '1 min'],
    [59 * 60_000, '59 min'],
    [60 * 60_000, '1 h'],
    [23 * 3_600_000 + 3_599_000, '23 h'],
    [24 * 3_600_000, '1 d'],
    [10 * 24 * 3_600_000, '10 d'],
  ])('%d ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('accepts ISO strings and treats the future and garbage as now', () => {
    expect(formatRelativeTime('2026-11-21T11:00:00Z', now)).toBe('1 h');
    expect(formatRelativeTime('2026-11-22T11:00:00Z', now)).toBe('agora');
    expect(formatRelativeTime('not a date', now)).toBe('agora');
  });
});

describe('formatBadgeCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
    [-3, '0'],
  ])('%d shows %s', (n, text) => expect(formatBadgeCount(n)).toBe(text));
});

describe('unreadLabel', () => {
  it('is singular only for one', () => {
    expect(unreadLabel(1)).toBe('1 não lida');
    expect(unreadLabel(0)).toBe('0 não lidas');
    expect(unreadLabel(2)).toBe('2 não lidas');
  });
});
