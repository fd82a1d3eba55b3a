import { describe, expect, it } from 'vitest';
import { dayKey } from './due';
import { addDays, monthGrid, shiftMonthClamped } from './calendar-grid';

describe('calendar grid', () => {
  it('shows six weeks starting on the Sunday on or before the 1st', () => {
    const grid = monthGrid(2026, 10); // November 2026 starts on a Sunday
    expect(grid).toHaveLength(6);
    expect(dayKey(grid[0]![0]!)).toBe('2026-11-01');
    expect(dayKey(grid[5]![6]!)).toBe('2026-12-12');
    const february = monthGrid(2027, 1); // starts on a Monday
    expect(dayKey(february[0]![0]!)).toBe('2027-01-31');
  });

  it('moves by days across months and by months without leaving the month', () => {
    expect(dayKey(addDays(new Date(2026, 10, 30), 1))).toBe('2026-12-01');
    expect(dayKey(shiftMonthClamped(new Date(2027, 0, 31), 1))).toBe('2027-02-28');
    expect(dayKey(shiftMonthClamped(new Date(2026, 2, 31), -1))).toBe('2026-02-28');
  });
});
