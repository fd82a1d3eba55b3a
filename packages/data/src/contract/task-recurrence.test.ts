import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  brazilHolidays,
  dateParts,
  daysInMonth,
  easterSunday,
  firstBusinessDayOfMonth,
  isBusinessDay,
  isCalendarDate,
  weekday,
} from './brazil-holidays';
import { describeRecurrence, nextDueDate, nextOccurrence, type TaskRecurrence } from './task-recurrence';

/** Any day from 2000 to 2099. */
const day = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 86_400_000, max: Date.UTC(2099, 11, 31) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

const rule: fc.Arbitrary<TaskRecurrence> = fc.oneof(
  fc.record({ frequency: fc.constant('diaria' as const), interval: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ frequency: fc.constant('dias_uteis' as const), interval: fc.integer({ min: 1, max: 10 }) }),
  fc.record({
    frequency: fc.constant('semanal' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
  }),
  fc.record({
    frequency: fc.constant('mensal' as const),
    interval: fc.integer({ min: 1, max: 12 }),
    day_of_month: fc.integer({ min: 1, max: 31 }),
  }),
  fc.record({
    frequency: fc.constant('primeiro_dia_util' as const),
    interval: fc.integer({ min: 1, max: 12 }),
  }),
);

describe('Brazilian national holidays', () => {
  it('finds Easter and the holidays that hang on it', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    const names2026 = Object.fromEntries(brazilHolidays(2026).map((holiday) => [holiday.date, holiday.name]));
    expect(names2026['2026-02-16']).toBe('Carnaval (segunda-feira)');
    expect(names2026['2026-02-17']).toBe('Carnaval (terça-feira)');
    expect(names2026['2026-04-03']).toBe('Sexta-feira Santa');
    expect(names2026['2026-06-04']).toBe('Corpus Christi');
    expect(names2026['2026-11-20']).toBe('Dia Nacional de Zumbi e da Consciência Negra');
  });

  it('counts Consciência Negra only from 2024, and pontos facultativos only when asked', () => {
    expect(brazilHolidays(2023).some((holiday) => holiday.date === '2023-11-20')).toBe(false);
    expect(isBusinessDay('2023-11-20')).toBe(true);
    expect(isBusinessDay('2025-11-20')).toBe(false);
    expect(isBusinessDay('2026-02-17')).toBe(false);
    expect(isBusinessDay('2026-02-17', { optional: false })).toBe(true);
    expect(isBusinessDay('2026-04-03', { optional: false })).toBe(false);
    // Quarta-feira de Cinzas is a working day.
    expect(isBusinessDay('2026-02-18')).toBe(true);
  });

  it('Easter is always a Sunday between 22 March and 25 April', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), (year) => {
        const easter = easterSunday(year);
        expect(weekday(easter)).toBe(0);
        expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
      }),
    );
  });

  it('tells real calendar days from malformed ones', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-01-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });
});

describe('recurrence', () => {
  it('the next occurrence is always later, and has the shape its rule promises', () => {
    fc.assert(
      fc.property(rule, day, (r, after) => {
        const next = nextOccurrence(r, after);
        expect(isCalendarDate(next)).toBe(true);
        expect(next > after).toBe(true);
        switch (r.frequency) {
          case 'diaria':
            expect(next).toBe(addDays(after, r.interval));
            break;
          case 'dias_uteis': {
            expect(isBusinessDay(next)).toBe(true);
            // Exactly `interval` business days on: count them.
            let count = 0;
            for (let d = addDays(after, 1); d <= next; d = addDays(d, 1)) if (isBusinessDay(d)) count += 1;
            expect(count).toBe(r.interval);
            break;
          }
          case 'semanal':
            expect(r.weekdays).toContain(weekday(next));
            // Never further than `interval` weeks and a week on.
            expect(next <= addDays(after, 7 * r.interval + 7)).toBe(true);
            break;
          case 'mensal': {
            const { year, month, day: dayOfMonth } = dateParts(next);
            expect(dayOfMonth).toBe(Math.min(r.day_of_month ?? 0, daysInMonth(year, month)));
            break;
          }
          case 'primeiro_dia_util': {
            const { year, month } = dateParts(next);
            expect(next).toBe(firstBusinessDayOfMonth(year, month));
            expect(isBusinessDay(next)).toBe(true);
            break;
          }
        }
      }),
    );
  });

  it('dias_uteis with interval 1 skips no business day', () => {
    fc.assert(
      fc.property(day, (after) => {
        const next = nextOccurrence({ frequency: 'dias_uteis', interval: 1 }, after);
        for (let d = addDays(after, 1); d < next; d = addDays(d, 1)) expect(isBusinessDay(d)).toBe(false);
      }),
    );
  });

  it('the next due day comes after the due day and the completion, and respects the end', () => {
    fc.assert(
      fc.property(
        rule,
        fc.option(day, { nil: null }),
        day,
        fc.option(day, { nil: null }),
        (r, due, completedOn, endsOn) => {
          const next = nextDueDate({ ...r, ends_on: endsOn }, due, completedOn);
          if (next === null) {
            expect(endsOn).not.toBeNull();
            const unbounded = nextDueDate(r, due, completedOn);
            expect(unbounded !== null && endsOn !== null && unbounded > endsOn).toBe(true);
            return;
          }
          expect(next > completedOn).toBe(true);
          if (due) expect(next > due).toBe(true);
          if (endsOn) expect(next <= endsOn).toBe(true);
        },
      ),
    );
  });

  it('keeps the cadence of the due day when done late', () => {
    // Weekly on Mondays, due Monday 2026-11-02 (Finados, still the due day), done on Wednesday the 4th.
    expect(
      nextDueDate({ frequency: 'semanal', interval: 1, weekdays: [1] }, '2026-11-02', '2026-11-04'),
    ).toBe('2026-11-09');
    // Done early: the next one still follows the due day.
    expect(
      nextDueDate({ frequency: 'mensal', interval: 1, day_of_month: 31 }, '2026-01-31', '2026-01-20'),
    ).toBe('2026-02-28');
    // The first business day of January 2027 skips the 1st (holiday) and the weekend.
    expect(nextDueDate({ frequency: 'primeiro_dia_util', interval: 1 }, '2026-12-01', '2026-12-01')).toBe(
      '2027-01-04',
    );
    // Business days skip Carnaval and Good Friday.
    expect(nextOccurrence({ frequency: 'dias_uteis', interval: 1 }, '2026-02-13')).toBe('2026-02-18');
    expect(nextOccurrence({ frequency: 'dias_uteis', interval: 1 }, '2026-04-02')).toBe('2026-04-06');
    // A daily task without a due day counts from the completion.
    expect(nextDueDate({ frequency: 'diaria', interval: 1 }, null, '2026-11-25')).toBe('2026-11-26');
  });

  it('reads in Portuguese', () => {
    expect(describeRecurrence({ frequency: 'semanal', interval: 1, weekdays: [1, 3] })).toBe(
      'Toda semana às segundas e quartas',
    );
    expect(describeRecurrence({ frequency: 'dias_uteis', interval: 1 })).toBe('Todo dia útil');
    expect(describeRecurrence({ frequency: 'mensal', interval: 2, day_of_month: 5 })).toBe(
      'A cada 2 meses no dia 5',
    );
    expect(describeRecurrence({ frequency: 'primeiro_dia_util', interval: 1 })).toBe(
      'Todo primeiro dia útil do mês',
    );
  });
});
