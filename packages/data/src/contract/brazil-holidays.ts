/**
 * Brazilian national holidays and business days, on calendar dates ('YYYY-MM-DD'), free of zod and of time
 * zones: a date is a day in Brazil, never an instant. The tasks module's recurrence and the statistics
 * module's SLA clocks both count business days with these functions.
 *
 * What counts (decided for Farol, docs/decisions.md "Tarefas (server)"):
 * - `feriado`: the national holidays of Lei 662/1949 and its amendments (Confraternização Universal,
 *   Tiradentes, Dia do Trabalho, Independência, Nossa Senhora Aparecida, Finados, Proclamação da República,
 *   Consciência Negra since 2024 — Lei 14.759/2023 — and Natal) and Sexta-feira Santa.
 * - `ponto_facultativo`: Carnaval (Monday and Tuesday) and Corpus Christi. Federal law makes them optional, yet
 *   nearly every company closes, so business days skip them by default; `{ optional: false }` keeps them as
 *   working days. Quarta-feira de Cinzas (work from 14h) stays a business day.
 * State and municipal holidays are not here (they belong to a branch's configuration).
 */

export type HolidayKind = 'feriado' | 'ponto_facultativo';

export interface Holiday {
  /** 'YYYY-MM-DD'. */
  date: string;
  name: string;
  kind: HolidayKind;
}

export interface BusinessDayOptions {
  /** Whether pontos facultativos (Carnaval, Corpus Christi) are days off too. Default true. */
  optional?: boolean;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Days in a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date's parts; the caller passes a valid 'YYYY-MM-DD'. */
export function dateParts(date: string): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** 'YYYY-MM-DD' of a year, month (1-12) and day; day and month may overflow as in Date.UTC. */
export function makeDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The date `days` days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = dateParts(date);
  return makeDate(year, month, day + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = dateParts(from);
  const b = dateParts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** Day of the week, 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return makeDate(year, month, day);
}

const FIXED_HOLIDAYS: readonly { month: number; day: number; name: string; since?: number }[] = [
  { month: 1, day: 1, name: 'Confraternização Universal' },
  { month: 4, day: 21, name: 'Tiradentes' },
  { month: 5, day: 1, name: 'Dia do Trabalho' },
  { month: 9, day: 7, name: 'Independência do Brasil' },
  { month: 10, day: 12, name: 'Nossa Senhora Aparecida' },
  { month: 11, day: 2, name: 'Finados' },
  { month: 11, day: 15, name: 'Proclamação da República' },
  { month: 11, day: 20, name: 'Dia Nacional de Zumbi e da Consciência Negra', since: 2024 },
  { month: 12, day: 25, name: 'Natal' },
];

const holidayCache = new Map<number, readonly Holiday[]>();

/** The national holidays and pontos facultativos of a year, in date order. */
export function brazilHolidays(year: number): readonly Holiday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const holidays: Holiday[] = [
    ...FIXED_HOLIDAYS.filter((holiday) => holiday.since === undefined || year >= holiday.since).map(
      (holiday): Holiday => ({
        date: makeDate(year, holiday.month, holiday.day),
        name: holiday.name,
        kind: 'feriado',
      }),
    ),
    { date: addDays(easter, -48), name: 'Carnaval (segunda-feira)', kind: 'ponto_facultativo' },
    { date: addDays(easter, -47), name: 'Carnaval (terça-feira)', kind: 'ponto_facultativo' },
    { date: addDays(easter, -2), name: 'Sexta-feira Santa', kind: 'feriado' },
    { date: addDays(easter, 60), name: 'Corpus Christi', kind: 'ponto_facultativo' },
  ];
  holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  holidayCache.set(year, holidays);
  return holidays;
}

/** The holiday on a date, if any (a ponto facultativo only when `optional` is not false). */
export function holidayOn(date: string, options: BusinessDayOptions = {}): Holiday | null {
  const optional = options.optional ?? true;
  const found = brazilHolidays(dateParts(date).year).find((holiday) => holiday.date === date);
  if (!found) return null;
  return found.kind === 'feriado' || optional ? found : null;
}

/** Monday to Friday and not a national holiday (nor a ponto facultativo, by default). */
export function isBusinessDay(date: string, options: BusinessDayOptions = {}): boolean {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  return holidayOn(date, options) === null;
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: string, options: BusinessDayOptions = {}): string {
  let candidate = addDays(date, 1);
  while (!isBusinessDay(candidate, options)) candidate = addDays(candidate, 1);
  return candidate;
}

/** `count` business days after `date` (count ≥ 0; 0 answers `date` itself). */
export function addBusinessDays(date: string, count: number, options: BusinessDayOptions = {}): string {
  let result = date;
  for (let step = 0; step < count; step += 1) result = nextBusinessDay(result, options);
  return result;
}

/** The first business day of a month (1-12). */
export function firstBusinessDayOfMonth(
  year: number,
  month: number,
  options: BusinessDayOptions = {},
): string {
  const first = makeDate(year, month, 1);
  return isBusinessDay(first, options) ? first : nextBusinessDay(first, options);
}
