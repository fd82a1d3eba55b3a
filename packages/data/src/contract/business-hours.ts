/**
 * SLA in business hours (issue 17): a company's business-hours calendar, its SLA plan, and the pure
 * functions that count time on that calendar. Free of zod (the schemas are in sla.ts) so a screen can show
 * an SLA state through `@farol/data/tickets` without the schemas; the server computes due times with the
 * same functions. Decisions in docs/decisions.md "Estatísticas e SLA (issue 17)".
 *
 * Time model:
 * - Instants are absolute (Date, epoch ms or ISO text). A calendar's hours are local wall-clock times in its
 *   IANA time zone (America/Sao_Paulo by default). The zone's offset on a day is read from Intl once and kept,
 *   so nothing hard-codes UTC−3 (Brazil has had no daylight saving since 2019, but older dates and other
 *   zones — Manaus, Rio Branco, Noronha — come out right too). The offset is taken at 12:00 UTC of each
 *   day; the old DST changes happened at midnight, so an interval that starts at 00:00 on such a change day is
 *   the only thing that can be an hour off.
 * - A day is closed on a national holiday (brazil-holidays.ts; pontos facultativos too unless
 *   `optional_holidays` is false) and on the calendar UF's state holidays, when `holidays` is true.
 * - Business time is counted in minutes (fractions allowed; instants are whole milliseconds).
 * - A pause (the chamado waiting for the client) stops the clock however the calendar is; pauses only ever
 *   lengthen a due time. A pause with `to: null` is still running.
 */
import type { Uf } from './brazil';
import { brazilHolidays, holidayOn } from './brazil-holidays';
import { stateHolidayOn, stateHolidays } from './brazil-state-holidays';
import { TICKET_DUE_HOURS, TICKET_PRIORITIES, type TicketPriority } from './ticket-constants';

export const SLA_TIME_ZONE = 'America/Sao_Paulo';
/** Weekday labels, Sunday first, as the calendar's `week` is ordered. */
export const BUSINESS_WEEKDAYS = [
  'domingo',
  'segunda',
  'terça',
  'quarta',
  'quinta',
  'sexta',
  'sábado',
] as const;

/** An opening interval of a day, local 'HH:MM' times; `end` may be '24:00' and is after `start`. */
export interface BusinessInterval {
  start: string;
  end: string;
}

export interface BusinessCalendar {
  /** Seven lists of intervals, Sunday first; an empty list is a closed day. Sorted, not overlapping. */
  week: BusinessInterval[][];
  /** Whether national holidays and the UF's state holidays close the day. */
  holidays: boolean;
  /** Whether pontos facultativos (Carnaval, Corpus Christi) close it too (only with `holidays`). */
  optional_holidays: boolean;
  /** The company's state, for its state holidays; null means national holidays only. */
  uf: Uf | null;
  /** IANA time zone of the hours. */
  time_zone: string;
}

/** Open all day, every day, holidays included: business time equals wall time. */
export const ALWAYS_OPEN_CALENDAR: BusinessCalendar = {
  week: Array.from({ length: 7 }, () => [{ start: '00:00', end: '24:00' }]),
  holidays: false,
  optional_holidays: false,
  uf: null,
  time_zone: SLA_TIME_ZONE,
};

/** The usual commercial hours: Monday to Friday 08:00–18:00, closed on holidays and pontos facultativos. */
export const COMMERCIAL_CALENDAR: BusinessCalendar = {
  week: [[], ...Array.from({ length: 5 }, () => [{ start: '08:00', end: '18:00' }]), []],
  holidays: true,
  optional_holidays: true,
  uf: null,
  time_zone: SLA_TIME_ZONE,
};

/** The two SLA targets of a chamado. */
export const SLA_TARGETS = ['first_response', 'resolution'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];

/** Targets in business minutes, per priority. */
export interface SlaPlan {
  first_response: Record<TicketPriority, number>;
  resolution: Record<TicketPriority, number>;
}

/**
 * The plan of a company that has none: resolution equals today's TICKET_DUE_HOURS, and it is counted on
 * ALWAYS_OPEN_CALENDAR (24×7), so due times do not change for those companies. First response had no target
 * before; these are a quarter of the resolution target (1 h, 2 h, 6 h, 18 h).
 */
export const DEFAULT_SLA_PLAN: SlaPlan = {
  first_response: Object.fromEntries(
    TICKET_PRIORITIES.map((priority) => [priority, (TICKET_DUE_HOURS[priority] * 60) / 4]),
  ) as Record<TicketPriority, number>,
  resolution: Object.fromEntries(
    TICKET_PRIORITIES.map((priority) => [priority, TICKET_DUE_HOURS[priority] * 60]),
  ) as Record<TicketPriority, number>,
};

/** A clock is "em risco" from this share of its target used. */
export const SLA_RISK_RATIO = 0.8;
/**
 * A clock's state: running and below the risk share (`no prazo`), running at or above it (`em risco`),
 * past its target running or stopped (`violado`), stopped within it (`cumprido`).
 */
export const SLA_STATES = ['no prazo', 'em risco', 'violado', 'cumprido'] as const;
export type SlaState = (typeof SLA_STATES)[number];

export type Instant = Date | number | string;

/** An interval when the clock stops; `to: null` is still running. */
export interface SlaPause {
  from: Instant;
  to: Instant | null;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const DAY_MS = 86_400_000;
/** A calendar that finds no open minute in this many days is refused (an all-closed week). */
const MAX_CLOSED_DAYS = 400;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** Minutes after midnight of a 'HH:MM' time ('24:00' is 1440); NaN when malformed. */
export function parseClock(value: string): number {
  if (!TIME_PATTERN.test(value)) return Number.NaN;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

export const toMillis = (value: Instant): number =>
  typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime();

interface Compiled {
  /** Per weekday, merged [start, end) minutes. */
  week: readonly (readonly [number, number][])[];
  holidays: boolean;
  optional: boolean;
  uf: Uf | null;
  zone: Zone;
  alwaysOpen: boolean;
  /** The closed days of the last year looked at, and that year's first and next-year's first day. */
  closed: { from: number; to: number; days: ReadonlySet<number> } | null;
}

interface Zone {
  format: Intl.DateTimeFormat;
  /** Local day (days since 1970-01-01) → offset in minutes (local − UTC). */
  offsets: Map<number, number>;
}

const zones = new Map<string, Zone>();
const compiled = new WeakMap<BusinessCalendar, Compiled>();

function zoneOf(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
      offsets: new Map(),
    };
    zones.set(timeZone, zone);
  }
  return zone;
}

/** Wall-clock parts of an instant in a zone, as a UTC timestamp of those parts (whole seconds). */
function wallClock(zone: Zone, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of zone.format.formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The instant of local midnight of a day (days since 1970-01-01), its offset read at 12:00 UTC and kept. */
function midnight(zone: Zone, day: number): number {
  let offset = zone.offsets.get(day);
  if (offset === undefined) {
    const probe = day * DAY_MS + 12 * 3_600_000;
    offset = (wallClock(zone, probe) - probe) / MINUTE_MS;
    if (zone.offsets.size > 20_000) zone.offsets.clear();
    zone.offsets.set(day, offset);
  }
  return day * DAY_MS - offset * MINUTE_MS;
}

/** The local day of an instant: the one whose midnights enclose it. */
function localDay(zone: Zone, ms: number): number {
  let day = Math.floor(ms / DAY_MS);
  while (ms < midnight(zone, day)) day -= 1;
  while (ms >= midnight(zone, day + 1)) day += 1;
  return day;
}

const closedDaySets = new Map<string, ReadonlySet<number>>();

/** The days a year's holidays close: national ones (pontos facultativos when `optional`) and the UF's. */
function closedDays(year: number, uf: Uf | null, optional: boolean): ReadonlySet<number> {
  const key = `${year}:${uf ?? ''}:${optional ? 1 : 0}`;
  let days = closedDaySets.get(key);
  if (!days) {
    const dates = [
      ...brazilHolidays(year).filter((holiday) => optional || holiday.kind === 'feriado'),
      ...(uf ? stateHolidays(uf, year) : []),
    ];
    days = new Set(dates.map((holiday) => Date.parse(`${holiday.date}T00:00:00Z`) / DAY_MS));
    if (closedDaySets.size > 5_000) closedDaySets.clear();
    closedDaySets.set(key, days);
  }
  return days;
}

function compile(calendar: BusinessCalendar): Compiled {
  const cached = compiled.get(calendar);
  if (cached) return cached;
  if (calendar.week.length !== 7) throw new RangeError('O calendário precisa de sete dias.');
  const week = calendar.week.map((intervals) => {
    const spans = intervals
      .map((interval): [number, number] => [parseClock(interval.start), parseClock(interval.end)])
      .filter(([start, end]) => start < end)
      .sort((a, b) => a[0] - b[0]);
    if (spans.some(([start, end]) => Number.isNaN(start) || Number.isNaN(end))) {
      throw new RangeError('Horário inválido no calendário (use HH:MM).');
    }
    const merged: [number, number][] = [];
    for (const span of spans) {
      const last = merged.at(-1);
      if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
      else merged.push([span[0], span[1]]);
    }
    return merged;
  });
  if (week.every((spans) => spans.length === 0)) {
    throw new RangeError('O calendário não tem nenhum horário de atendimento.');
  }
  const result: Compiled = {
    week,
    holidays: calendar.holidays,
    optional: calendar.optional_holidays,
    uf: calendar.uf,
    zone: zoneOf(calendar.time_zone),
    alwaysOpen:
      !calendar.holidays &&
      week.every((spans) => spans.length === 1 && spans[0]![0] === 0 && spans[0]![1] === DAY_MINUTES),
    closed: null,
  };
  compiled.set(calendar, result);
  return result;
}

function isClosedDay(cal: Compiled, day: number): boolean {
  if (!cal.holidays) return false;
  let closed = cal.closed;
  if (!closed || day < closed.from || day >= closed.to) {
    const year = new Date(day * DAY_MS).getUTCFullYear();
    closed = {
      from: Date.UTC(year, 0, 1) / DAY_MS,
      to: Date.UTC(year + 1, 0, 1) / DAY_MS,
      days: closedDays(year, cal.uf, cal.optional),
    };
    cal.closed = closed;
  }
  return closed.days.has(day);
}

/** Whether a calendar closes on a local date for a holiday, and which one. */
export function closedHoliday(date: string, calendar: BusinessCalendar): { name: string } | null {
  if (!calendar.holidays) return null;
  return (
    holidayOn(date, { optional: calendar.optional_holidays }) ??
    (calendar.uf ? stateHolidayOn(date, calendar.uf) : null)
  );
}

/** Open spans [start, end) in ms, in order, from `fromMs` on (the first one clipped to it). */
function* openSpans(cal: Compiled, fromMs: number): Generator<[number, number]> {
  if (cal.alwaysOpen) {
    yield [fromMs, Number.POSITIVE_INFINITY];
    return;
  }
  let day = localDay(cal.zone, fromMs);
  let closedRun = 0;
  for (;;) {
    let opened = false;
    if (!isClosedDay(cal, day)) {
      const base = midnight(cal.zone, day);
      // 1970-01-01 was a Thursday.
      for (const [start, end] of cal.week[(((day + 4) % 7) + 7) % 7]!) {
        const endMs = base + end * MINUTE_MS;
        if (endMs <= fromMs) continue;
        opened = true;
        yield [Math.max(fromMs, base + start * MINUTE_MS), endMs];
      }
    }
    closedRun = opened ? 0 : closedRun + 1;
    if (closedRun > MAX_CLOSED_DAYS) throw new RangeError('O calendário não abre em mais de um ano.');
    day += 1;
  }
}

/** Pauses as sorted, merged [from, to) ms intervals (a running pause ends at +∞). */
function normalizePauses(pauses: readonly SlaPause[]): [number, number][] {
  const spans = pauses
    .map((pause): [number, number] => [
      toMillis(pause.from),
      pause.to === null ? Number.POSITIVE_INFINITY : toMillis(pause.to),
    ])
    .filter(([from, to]) => from < to)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/** The open spans with the pauses cut out. */
function* runningSpans(
  cal: Compiled,
  fromMs: number,
  pauses: [number, number][],
): Generator<[number, number]> {
  let index = 0;
  for (const [spanStart, spanEnd] of openSpans(cal, fromMs)) {
    let start = spanStart;
    while (index < pauses.length && pauses[index]![1] <= start) index += 1;
    while (start < spanEnd) {
      const pause = pauses[index];
      if (!pause || pause[0] >= spanEnd) {
        yield [start, spanEnd];
        break;
      }
      if (pause[0] > start) yield [start, pause[0]];
      if (pause[1] === Number.POSITIVE_INFINITY) return;
      start = Math.max(start, pause[1]);
      if (pause[1] <= spanEnd) index += 1;
    }
  }
}

function advance(startMs: number, minutes: number, cal: Compiled, pauses: [number, number][]): number | null {
  if (!(minutes >= 0) || !Number.isFinite(minutes)) throw new RangeError('minutes deve ser ≥ 0.');
  if (Number.isNaN(startMs)) throw new RangeError('Instante inválido.');
  let left = Math.round(minutes * MINUTE_MS);
  if (left === 0) return startMs;
  for (const [start, end] of runningSpans(cal, startMs, pauses)) {
    if (end - start >= left) return start + left;
    left -= end - start;
  }
  return null;
}

/**
 * The instant `minutes` business minutes after `start`: the clock starts at the next open moment, and a due
 * time that uses up an interval exactly is its closing time (17:00 + 1 h of 08–18 is 18:00 the same day).
 * `minutes` 0 answers `start`.
 */
export function addBusinessTime(start: Instant, minutes: number, calendar: BusinessCalendar): Date {
  return new Date(advance(toMillis(start), minutes, compile(calendar), [])!);
}

/** As addBusinessTime with the clock stopped during `pauses`; null while a running pause holds the clock. */
export function slaDueAt(
  start: Instant,
  minutes: number,
  calendar: BusinessCalendar,
  pauses: readonly SlaPause[],
): Date | null {
  const due = advance(toMillis(start), minutes, compile(calendar), normalizePauses(pauses));
  return due === null ? null : new Date(due);
}

/** Business minutes from `from` to `to` (0 when `to` is not later), pauses left out. */
export function businessTimeBetween(
  from: Instant,
  to: Instant,
  calendar: BusinessCalendar,
  pauses: readonly SlaPause[] = [],
): number {
  const fromMs = toMillis(from);
  const toMs = toMillis(to);
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw new RangeError('Instante inválido.');
  if (toMs <= fromMs) return 0;
  let total = 0;
  for (const [start, end] of runningSpans(compile(calendar), fromMs, normalizePauses(pauses))) {
    if (start >= toMs) break;
    total += Math.min(end, toMs) - start;
    if (end >= toMs) break;
  }
  return total / MINUTE_MS;
}

/** Whether an instant falls inside the calendar's open hours (an interval's start counts, its end does not). */
export function isBusinessTime(instant: Instant, calendar: BusinessCalendar): boolean {
  const ms = toMillis(instant);
  const first = openSpans(compile(calendar), ms).next();
  return !first.done && first.value[0] === ms && first.value[1] > ms;
}

export interface SlaClock {
  state: SlaState;
  target_minutes: number;
  elapsed_minutes: number;
  /** Share of the target used (may pass 1). */
  used: number;
  /** When the target is reached; null while a pause holds the clock. */
  due_at: string | null;
  /** Whether a pause holds the clock now (never for a stopped clock). */
  paused: boolean;
  /** Whether the clock has stopped (answered, resolved). */
  stopped: boolean;
}

export interface SlaClockInput {
  start: Instant;
  /** When the clock stopped (first response, resolution); null while running. */
  stop: Instant | null;
  target_minutes: number;
  calendar: BusinessCalendar;
  pauses?: readonly SlaPause[];
  now: Instant;
}

/** One SLA clock: elapsed business time against its target, and its state. */
export function slaClock(input: SlaClockInput): SlaClock {
  const cal = compile(input.calendar);
  const startMs = toMillis(input.start);
  const nowMs = toMillis(input.now);
  const stopMs = input.stop === null ? null : toMillis(input.stop);
  const endMs = stopMs ?? Math.max(nowMs, startMs);
  const pauses = normalizePauses(input.pauses ?? []);
  const elapsed = businessTimeBetween(startMs, endMs, input.calendar, input.pauses ?? []);
  const target = input.target_minutes;
  const paused = stopMs === null && pauses.some(([from, to]) => from <= endMs && endMs < to);
  const due = paused ? null : advance(startMs, target, cal, pauses);
  const used = target > 0 ? elapsed / target : elapsed > 0 ? Number.POSITIVE_INFINITY : 0;
  const state: SlaState =
    elapsed > target
      ? 'violado'
      : stopMs !== null
        ? 'cumprido'
        : used >= SLA_RISK_RATIO
          ? 'em risco'
          : 'no prazo';
  return {
    state,
    target_minutes: target,
    elapsed_minutes: elapsed,
    used,
    due_at: due === null ? null : new Date(due).toISOString(),
    paused,
    stopped: stopMs !== null,
  };
}

export interface TicketSlaInput {
  created_at: Instant;
  priority: TicketPriority;
  /** The first reply by the team; null while none. */
  first_response_at: Instant | null;
  /** When the chamado was resolved; null while open. */
  resolved_at: Instant | null;
  /** Intervals in "aguardando cliente"; they stop the resolution clock only. */
  pauses: readonly SlaPause[];
}

export interface TicketSla {
  first_response: SlaClock;
  resolution: SlaClock;
}

/**
 * A chamado's two clocks. Waiting for the client pauses the resolution clock; the first-response clock does
 * not pause (a chamado waits for its client only after someone from the team has spoken).
 */
export function ticketSla(
  ticket: TicketSlaInput,
  plan: SlaPlan,
  calendar: BusinessCalendar,
  now: Instant,
): TicketSla {
  return {
    first_response: slaClock({
      start: ticket.created_at,
      stop: ticket.first_response_at,
      target_minutes: plan.first_response[ticket.priority],
      calendar,
      now,
    }),
    resolution: slaClock({
      start: ticket.created_at,
      stop: ticket.resolved_at,
      target_minutes: plan.resolution[ticket.priority],
      calendar,
      pauses: ticket.pauses,
      now,
    }),
  };
}
