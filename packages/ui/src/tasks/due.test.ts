import { describe, expect, it } from 'vitest';
import { dayKey, daysUntil, dueState, formatShortDate, parseDueDate } from './due';

const today = new Date(2026, 10, 25, 15, 30);

describe('due dates', () => {
  it('reads YYYY-MM-DD as that local day, not UTC midnight', () => {
    const date = parseDueDate('2026-11-25');
    expect(date && dayKey(date)).toBe('2026-11-25');
    expect(parseDueDate('não é data')).toBeNull();
  });

  it('counts whole calendar days, whatever the hour', () => {
    expect(daysUntil(new Date(2026, 10, 25), today)).toBe(0);
    expect(daysUntil(new Date(2026, 10, 24, 23, 59), today)).toBe(-1);
    expect(daysUntil(new Date(2027, 0, 1), today)).toBe(37);
  });

  it('names the state: overdue, today, tomorrow, upcoming', () => {
    expect(dueState(parseDueDate('2026-11-20')!, today)).toBe('overdue');
    expect(dueState(parseDueDate('2026-11-25')!, today)).toBe('today');
    expect(dueState(parseDueDate('2026-11-26')!, today)).toBe('tomorrow');
    expect(dueState(parseDueDate('2026-12-01')!, today)).toBe('upcoming');
  });

  it('writes the year only when it is not this one', () => {
    expect(formatShortDate(new Date(2026, 11, 3), today)).toMatch(/^3 de dez\.?$/);
    expect(formatShortDate(new Date(2027, 0, 3), today)).toMatch(/2027/);
  });
});
