import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessTime,
  ALWAYS_OPEN_CALENDAR,
  businessTimeBetween,
  closedHoliday,
  COMMERCIAL_CALENDAR,
  DEFAULT_SLA_PLAN,
  isBusinessTime,
  slaClock,
  slaDueAt,
  ticketSla,
  type BusinessCalendar,
  type SlaPause,
} from './business-hours';
import { STATE_HOLIDAY_RULES, stateHolidayOn, stateHolidays } from './brazil-state-holidays';
import { UF_CODES } from './brazil';
import { businessCalendarSchema, slaPlanSchema } from './sla';
import { TICKET_DUE_HOURS, TICKET_PRIORITIES } from './ticket-constants';

/** A São Paulo wall-clock time (UTC−3 since 2019) as an instant. */
const sp = (local: string) => new Date(`${local}:00-03:00`);
const iso = (date: Date) => date.toISOString();

const eightToSix: BusinessCalendar = { ...COMMERCIAL_CALENDAR };
const withLunch: BusinessCalendar = {
  ...COMMERCIAL_CALENDAR,
  week: [
    [],
    ...Array.from({ length: 5 }, () => [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ]),
    [{ start: '09:00', end: '13:00' }],
  ],
  uf: 'SP',
};
const nightShift: BusinessCalendar = {
  week: Array.from({ length: 7 }, () => [
    { start: '00:00', end: '06:00' },
    { start: '22:00', end: '24:00' },
  ]),
  holidays: true,
  optional_holidays: false,
  uf: 'RJ',
  time_zone: 'America/Sao_Paulo',
};
const manaus: BusinessCalendar = { ...COMMERCIAL_CALENDAR, uf: 'AM', time_zone: 'America/Manaus' };

describe('addBusinessTime — known dates', () => {
  it('a Friday 17:30 plus 1 h of an 8–18 calendar lands on Monday 08:30', () => {
    expect(iso(addBusinessTime(sp('2026-11-27T17:30'), 60, eightToSix))).toBe(iso(sp('2026-11-30T08:30')));
  });

  it('ends at the closing time when the interval is used up exactly, and waits for the opening', () => {
    expect(iso(addBusinessTime(sp('2026-11-26T17:00'), 60, eightToSix))).toBe(iso(sp('2026-11-26T18:00')));
    expect(iso(addBusinessTime(sp('2026-11-26T06:10'), 30, eightToSix))).toBe(iso(sp('2026-11-26T08:30')));
    expect(iso(addBusinessTime(sp('2026-11-28T10:00'), 0, eightToSix))).toBe(iso(sp('2026-11-28T10:00')));
  });

  it('skips Carnaval and Quarta-feira de Cinzas counts (2026: 16 and 17 February)', () => {
    // Friday 13 February 2026, 17:00 + 2 h: 1 h on Friday, then Monday and Tuesday are Carnaval.
    expect(iso(addBusinessTime(sp('2026-02-13T17:00'), 120, eightToSix))).toBe(iso(sp('2026-02-18T09:00')));
    // Carnaval as a working day when pontos facultativos are not days off.
    const open = { ...eightToSix, optional_holidays: false };
    expect(iso(addBusinessTime(sp('2026-02-13T17:00'), 120, open))).toBe(iso(sp('2026-02-16T09:00')));
  });

  it('skips Sexta-feira Santa (3 April 2026)', () => {
    expect(iso(addBusinessTime(sp('2026-04-02T17:00'), 120, eightToSix))).toBe(iso(sp('2026-04-06T09:00')));
    expect(closedHoliday('2026-04-03', eightToSix)?.name).toBe('Sexta-feira Santa');
  });

  it("skips the company's state holiday only (SP, 9 de julho; RJ, 23 de abril)", () => {
    // Wednesday 8 July 2026 17:00 + 2 h.
    const sao = { ...eightToSix, uf: 'SP' as const };
    const rio = { ...eightToSix, uf: 'RJ' as const };
    expect(iso(addBusinessTime(sp('2026-07-08T17:00'), 120, sao))).toBe(iso(sp('2026-07-10T09:00')));
    expect(iso(addBusinessTime(sp('2026-07-08T17:00'), 120, rio))).toBe(iso(sp('2026-07-09T09:00')));
    // Wednesday 22 April 2026 17:00 + 2 h (21 April is Tiradentes, national).
    expect(iso(addBusinessTime(sp('2026-04-22T17:00'), 120, rio))).toBe(iso(sp('2026-04-24T09:00')));
    expect(iso(addBusinessTime(sp('2026-04-22T17:00'), 120, sao))).toBe(iso(sp('2026-04-23T09:00')));
  });

  it('counts a lunch break and a Saturday morning', () => {
    expect(iso(addBusinessTime(sp('2026-11-27T11:30'), 60, withLunch))).toBe(iso(sp('2026-11-27T13:30')));
    expect(iso(addBusinessTime(sp('2026-11-27T17:00'), 120, withLunch))).toBe(iso(sp('2026-11-28T10:00')));
  });

  it('counts a night shift across midnight', () => {
    expect(iso(addBusinessTime(sp('2026-11-26T23:00'), 180, nightShift))).toBe(iso(sp('2026-11-27T02:00')));
    expect(businessTimeBetween(sp('2026-11-26T21:00'), sp('2026-11-27T07:00'), nightShift)).toBe(480);
  });

  it('reads the hours in the calendar time zone (Manaus is UTC−4)', () => {
    const due = addBusinessTime(new Date('2026-11-27T21:30:00Z'), 60, manaus); // Friday 17:30 in Manaus
    expect(iso(due)).toBe('2026-11-30T12:30:00.000Z'); // Monday 08:30 UTC−4
  });

  it('follows the old daylight saving time from the zone, with no fixed offset', () => {
    // 15 January 2018 was summer time in São Paulo (UTC−2): 08:00 local is 10:00Z.
    expect(iso(addBusinessTime(new Date('2018-01-15T09:00:00Z'), 30, eightToSix))).toBe(
      '2018-01-15T10:30:00.000Z',
    );
  });

  it('is wall time on the 24×7 calendar, holidays included', () => {
    const start = sp('2026-12-24T20:00');
    expect(addBusinessTime(start, 72 * 60, ALWAYS_OPEN_CALENDAR).getTime()).toBe(
      start.getTime() + 72 * 3_600_000,
    );
  });
});

describe('businessTimeBetween and pauses', () => {
  it('counts business minutes and leaves out a pause across a night', () => {
    const from = sp('2026-11-26T16:00');
    const to = sp('2026-11-27T10:00');
    expect(businessTimeBetween(from, to, eightToSix)).toBe(240);
    const overnight: SlaPause[] = [{ from: sp('2026-11-26T17:00'), to: sp('2026-11-27T09:00') }];
    expect(businessTimeBetween(from, to, eightToSix, overnight)).toBe(120);
    expect(iso(slaDueAt(from, 240, eightToSix, overnight)!)).toBe(iso(sp('2026-11-27T12:00')));
  });

  it('stops the clock for a running pause', () => {
    const pauses: SlaPause[] = [{ from: sp('2026-11-26T17:00'), to: null }];
    expect(slaDueAt(sp('2026-11-26T16:00'), 240, eightToSix, pauses)).toBeNull();
    expect(businessTimeBetween(sp('2026-11-26T16:00'), sp('2026-11-30T12:00'), eightToSix, pauses)).toBe(60);
  });

  it('answers 0 for an empty or reversed range', () => {
    expect(businessTimeBetween(sp('2026-11-26T16:00'), sp('2026-11-26T16:00'), eightToSix)).toBe(0);
    expect(businessTimeBetween(sp('2026-11-26T16:00'), sp('2026-11-26T10:00'), eightToSix)).toBe(0);
  });

  it('refuses a calendar that never opens and a negative duration', () => {
    const closed = { ...eightToSix, week: Array.from({ length: 7 }, () => []) };
    expect(() => addBusinessTime(sp('2026-11-26T16:00'), 60, closed)).toThrow(RangeError);
    expect(() => addBusinessTime(sp('2026-11-26T16:00'), -1, eightToSix)).toThrow(RangeError);
  });
});

describe('SLA clocks', () => {
  const created = sp('2026-11-26T08:00');
  it('is no prazo, em risco from 80 %, violado past the target, cumprido when stopped in time', () => {
    const clock = (now: string, stop: string | null = null) =>
      slaClock({
        start: created,
        stop: stop && sp(stop),
        target_minutes: 600,
        calendar: eightToSix,
        now: sp(now),
      }).state;
    expect(clock('2026-11-26T15:59')).toBe('no prazo');
    expect(clock('2026-11-26T16:00')).toBe('em risco');
    expect(clock('2026-11-27T08:00')).toBe('em risco'); // 10 h used exactly: still on time
    expect(clock('2026-11-27T08:01')).toBe('violado');
    expect(clock('2026-11-30T08:00', '2026-11-26T17:00')).toBe('cumprido');
    expect(clock('2026-11-30T08:00', '2026-11-27T09:00')).toBe('violado');
  });

  it('gives the due time and the used share', () => {
    const result = slaClock({
      start: created,
      stop: null,
      target_minutes: 600,
      calendar: eightToSix,
      now: sp('2026-11-26T13:00'),
    });
    expect(result).toMatchObject({ elapsed_minutes: 300, used: 0.5, paused: false, stopped: false });
    expect(result.due_at).toBe(iso(sp('2026-11-26T18:00')));
  });

  it("pauses the resolution clock while the chamado waits for the client, not the first response's", () => {
    const sla = ticketSla(
      {
        created_at: created,
        priority: 'alta',
        first_response_at: null,
        resolved_at: null,
        pauses: [{ from: sp('2026-11-26T09:00'), to: null }],
      },
      {
        first_response: { ...DEFAULT_SLA_PLAN.first_response, alta: 240 },
        resolution: DEFAULT_SLA_PLAN.resolution,
      },
      eightToSix,
      sp('2026-11-26T14:00'),
    );
    expect(sla.resolution).toMatchObject({
      elapsed_minutes: 60,
      paused: true,
      due_at: null,
      state: 'no prazo',
    });
    expect(sla.first_response).toMatchObject({ elapsed_minutes: 360, paused: false, state: 'violado' });
  });

  it('keeps the default plan equal to TICKET_DUE_HOURS on the 24×7 calendar', () => {
    const start = sp('2026-11-27T17:30');
    for (const priority of TICKET_PRIORITIES) {
      const due = addBusinessTime(start, DEFAULT_SLA_PLAN.resolution[priority], ALWAYS_OPEN_CALENDAR);
      expect(due.getTime() - start.getTime()).toBe(TICKET_DUE_HOURS[priority] * 3_600_000);
    }
    expect(slaPlanSchema.safeParse(DEFAULT_SLA_PLAN).success).toBe(true);
  });
});

describe('state holidays and schemas', () => {
  it('covers the 27 UFs with valid dates, and answers by UF', () => {
    for (const rule of STATE_HOLIDAY_RULES) expect(UF_CODES).toContain(rule.uf);
    expect(stateHolidayOn('2026-07-09', 'SP')?.name).toBe('Revolução Constitucionalista de 1932');
    expect(stateHolidayOn('2026-07-09', 'RJ')).toBeNull();
    expect(stateHolidays('RJ', 2023).map((holiday) => holiday.date)).toEqual(['2023-04-23', '2023-11-20']);
    expect(stateHolidays('RJ', 2026).map((holiday) => holiday.date)).toEqual(['2026-04-23']);
  });

  it('accepts the presets and refuses overlapping or malformed hours in Portuguese', () => {
    expect(businessCalendarSchema.parse(COMMERCIAL_CALENDAR)).toEqual(COMMERCIAL_CALENDAR);
    expect(businessCalendarSchema.safeParse(ALWAYS_OPEN_CALENDAR).success).toBe(true);
    const overlap = {
      ...COMMERCIAL_CALENDAR,
      week: [
        [],
        [
          { start: '08:00', end: '12:00' },
          { start: '11:00', end: '18:00' },
        ],
        [],
        [],
        [],
        [],
        [],
      ],
    };
    expect(businessCalendarSchema.safeParse(overlap).error?.issues[0]?.message).toBe(
      'Intervalos do dia se sobrepõem',
    );
    const malformed = {
      ...COMMERCIAL_CALENDAR,
      week: [[{ start: '8h', end: '18:00' }], [], [], [], [], [], []],
    };
    expect(businessCalendarSchema.safeParse(malformed).success).toBe(false);
    expect(businessCalendarSchema.safeParse({ ...COMMERCIAL_CALENDAR, time_zone: 'Lua/Base' }).success).toBe(
      false,
    );
  });
});

// ── Properties ────────────────────────────────────────────────────────────────────────────────────────────

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A random day's intervals: up to three disjoint, sorted, on 15-minute marks. */
const dayIntervals = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { minLength: 0, maxLength: 6 })
  .map((marks) => {
    const sorted = [...marks].sort((a, b) => a - b);
    const intervals = [];
    for (let index = 0; index + 1 < sorted.length; index += 2) {
      intervals.push({ start: hhmm(sorted[index]! * 15), end: hhmm(sorted[index + 1]! * 15) });
    }
    return intervals;
  });

const calendarArb: fc.Arbitrary<BusinessCalendar> = fc
  .record({
    week: fc.array(dayIntervals, { minLength: 7, maxLength: 7 }),
    holidays: fc.boolean(),
    optional_holidays: fc.boolean(),
    uf: fc.constantFrom(null, 'SP', 'RJ', 'BA', 'AC', 'TO'),
    time_zone: fc.constantFrom('America/Sao_Paulo', 'America/Manaus', 'America/Noronha'),
  })
  .filter((calendar) => calendar.week.some((intervals) => intervals.length > 0))
  .map((calendar) => calendar as BusinessCalendar);

/** Instants from 2019 to 2030, on whole minutes. */
const instantArb = fc
  .integer({ min: Date.UTC(2019, 0, 1) / 60_000, max: Date.UTC(2030, 11, 31) / 60_000 })
  .map((minutes) => minutes * 60_000);
const minutesArb = fc.integer({ min: 0, max: 60 * 24 * 10 });
const pausesArb = fc.array(
  fc.record({
    offset: fc.integer({ min: 0, max: 60 * 24 * 20 }),
    length: fc.integer({ min: 1, max: 60 * 24 * 3 }),
  }),
  { maxLength: 4 },
);
const toPauses = (start: number, raw: { offset: number; length: number }[]): SlaPause[] =>
  raw.map(({ offset, length }) => ({
    from: start + offset * 60_000,
    to: start + (offset + length) * 60_000,
  }));

describe('business time — properties', () => {
  const runs = { numRuns: 300 };

  it('businessTimeBetween(start, addBusinessTime(start, m)) is m', () => {
    fc.assert(
      fc.property(calendarArb, instantArb, minutesArb, (calendar, start, minutes) => {
        const due = addBusinessTime(start, minutes, calendar);
        expect(businessTimeBetween(start, due, calendar)).toBe(minutes);
      }),
      runs,
    );
  });

  it('is additive: adding a then b equals adding a + b', () => {
    fc.assert(
      fc.property(calendarArb, instantArb, minutesArb, minutesArb, (calendar, start, a, b) => {
        const stepwise = addBusinessTime(addBusinessTime(start, a, calendar), b, calendar);
        expect(stepwise.getTime()).toBe(addBusinessTime(start, a + b, calendar).getTime());
      }),
      runs,
    );
  });

  it('is monotonic in the start and in the minutes', () => {
    fc.assert(
      fc.property(calendarArb, instantArb, instantArb, minutesArb, minutesArb, (calendar, s1, s2, m1, m2) => {
        const [early, late] = s1 <= s2 ? [s1, s2] : [s2, s1];
        const [few, many] = m1 <= m2 ? [m1, m2] : [m2, m1];
        expect(addBusinessTime(early, few, calendar).getTime()).toBeLessThanOrEqual(
          addBusinessTime(late, few, calendar).getTime(),
        );
        expect(addBusinessTime(early, few, calendar).getTime()).toBeLessThanOrEqual(
          addBusinessTime(early, many, calendar).getTime(),
        );
      }),
      runs,
    );
  });

  it('puts the due time in business hours: the minute before it is open time', () => {
    fc.assert(
      fc.property(
        calendarArb,
        instantArb,
        fc.integer({ min: 1, max: 60 * 24 * 10 }),
        (calendar, start, minutes) => {
          const due = addBusinessTime(start, minutes, calendar).getTime();
          expect(due).toBeGreaterThan(start);
          expect(isBusinessTime(due - 60_000, calendar)).toBe(true);
          expect(businessTimeBetween(due - 60_000, due, calendar)).toBe(1);
        },
      ),
      runs,
    );
  });

  it('only lengthens with pauses, and never counts more than without them', () => {
    fc.assert(
      fc.property(calendarArb, instantArb, minutesArb, pausesArb, (calendar, start, minutes, raw) => {
        const pauses = toPauses(start, raw);
        const plain = addBusinessTime(start, minutes, calendar).getTime();
        const paused = slaDueAt(start, minutes, calendar, pauses)!.getTime();
        expect(paused).toBeGreaterThanOrEqual(plain);
        expect(businessTimeBetween(start, paused, calendar, pauses)).toBe(minutes);
        expect(businessTimeBetween(start, paused, calendar, pauses)).toBeLessThanOrEqual(
          businessTimeBetween(start, paused, calendar),
        );
      }),
      runs,
    );
  });

  it('splits: between(a, c) = between(a, b) + between(b, c)', () => {
    fc.assert(
      fc.property(calendarArb, instantArb, minutesArb, minutesArb, pausesArb, (calendar, a, x, y, raw) => {
        const b = a + x * 60_000;
        const c = b + y * 60_000;
        const pauses = toPauses(a, raw);
        expect(businessTimeBetween(a, c, calendar, pauses)).toBe(
          businessTimeBetween(a, b, calendar, pauses) + businessTimeBetween(b, c, calendar, pauses),
        );
      }),
      runs,
    );
  });

  it('equals wall time on the 24×7 calendar, pauses left out', () => {
    fc.assert(
      fc.property(instantArb, minutesArb, pausesArb, (start, minutes, raw) => {
        expect(addBusinessTime(start, minutes, ALWAYS_OPEN_CALENDAR).getTime()).toBe(
          start + minutes * 60_000,
        );
        const end = start + minutes * 60_000;
        const pauses = toPauses(start, raw);
        let paused = 0;
        // The pauses may overlap: count each wall minute once.
        for (let at = start; at < end; at += 60_000) {
          if (pauses.some((pause) => (pause.from as number) <= at && at < (pause.to as number))) paused += 1;
        }
        expect(businessTimeBetween(start, end, ALWAYS_OPEN_CALENDAR, pauses)).toBe(minutes - paused);
      }),
      { numRuns: 100 },
    );
  });
});
