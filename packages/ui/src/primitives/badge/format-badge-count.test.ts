import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './format-badge-count';

describe('formatBadgeCount', () => {
  it.each([
    [1, '1'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
    [12.7, '12'],
  ])('%d → %s', (count, text) => {
    expect(formatBadgeCount(count)).toBe(text);
  });

  it.each([0, -3, 0.4, Number.NaN, Number.POSITIVE_INFINITY])('%d shows nothing', (count) => {
    expect(formatBadgeCount(count)).toBe('');
  });
});
