import { describe, expect, it } from 'vitest';
import { dayLabel, isOtherDay } from './day-label';

describe('dayLabel', () => {
  const now = new Date(2026, 10, 24, 9, 30).getTime();
  it.each([
    [new Date(2026, 10, 24, 0, 5), 'Hoje'],
    [new Date(2026, 10, 23, 23, 59), 'Ontem'],
    [new Date(2026, 10, 21, 12, 0), '21 de novembro'],
    [new Date(2025, 11, 31, 12, 0), '31 de dezembro de 2025'],
  ])('%s → %s', (at, label) => {
    expect(dayLabel(at, now)).toBe(label);
  });

  it('tells days apart by the local calendar, not by 24 hours', () => {
    expect(isOtherDay(new Date(2026, 10, 23, 23, 59), new Date(2026, 10, 24, 0, 1))).toBe(true);
    expect(isOtherDay(new Date(2026, 10, 24, 0, 1), new Date(2026, 10, 24, 23, 59))).toBe(false);
  });
});
