/**
 * Recurring tasks: the rule and the next occurrence, written once (pure functions on 'YYYY-MM-DD' days, no
 * zod). Completing an occurrence creates the next one in the same column, due on `nextDueDate(…)`.
 */
import {
  addBusinessDays,
  addDays,
  dateParts,
  daysInMonth,
  firstBusinessDayOfMonth,
  makeDate,
  weekday,
} from './brazil-holidays';

export const TASK_RECURRENCE_FREQUENCIES = [
  'diaria',
  'dias_uteis',
  'semanal',
  'mensal',
  'primeiro_dia_util',
] as const;
export type TaskRecurrenceFrequency = (typeof TASK_RECURRENCE_FREQUENCIES)[number];

export const TASK_RECURRENCE_FREQUENCY_LABELS: Record<TaskRecurrenceFrequency, string> = {
  diaria: 'Diária',
  dias_uteis: 'Dias úteis',
  semanal: 'Semanal',
  mensal: 'Mensal',
  primeiro_dia_util: 'Todo primeiro dia útil do mês',
};

export const TASK_RECURRENCE_INTERVAL_MAX = 365;

/**
 * A recurrence rule.
 * - `diaria`: every `interval` days.
 * - `dias_uteis`: every `interval` business days (Monday to Friday, skipping national holidays and the
 *   pontos facultativos of brazil-holidays.ts).
 * - `semanal`: every `interval` weeks, on `weekdays` (0 Sunday … 6 Saturday; default: the due date's day).
 * - `mensal`: every `interval` months on `day_of_month` (a 31 falls on the month's last day; default: the
 *   due date's day).
 * - `primeiro_dia_util`: the first business day of every `interval`-th month.
 * `ends_on`: no occurrence after this day (null: forever).
 */
export interface TaskRecurrence {
  frequency: TaskRecurrenceFrequency;
  interval: number;
  weekdays?: readonly number[] | null;
  day_of_month?: number | null;
  ends_on?: string | null;
}

const WEEKDAY_NAMES = ['domingos', 'segundas', 'terças', 'quartas', 'quintas', 'sextas', 'sábados'];

const listPt = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;

/** How the rule reads to a person ("Toda semana às segundas e quartas"). */
export function describeRecurrence(rule: TaskRecurrence): string {
  const n = rule.interval;
  switch (rule.frequency) {
    case 'diaria':
      return n === 1 ? 'Todo dia' : `A cada ${n} dias`;
    case 'dias_uteis':
      return n === 1 ? 'Todo dia útil' : `A cada ${n} dias úteis`;
    case 'semanal': {
      const days = [...new Set(rule.weekdays ?? [])].sort().map((day) => WEEKDAY_NAMES[day] ?? '');
      const head = n === 1 ? 'Toda semana' : `A cada ${n} semanas`;
      return days.length > 0 ? `${head} às ${listPt(days)}` : head;
    }
    case 'mensal': {
      const head = n === 1 ? 'Todo mês' : `A cada ${n} meses`;
      return rule.day_of_month ? `${head} no dia ${rule.day_of_month}` : head;
    }
    case 'primeiro_dia_util':
      return n === 1 ? 'Todo primeiro dia útil do mês' : `No primeiro dia útil, a cada ${n} meses`;
  }
}

/** The month `months` after the month of `date`, as year and month (1-12). */
function shiftMonth(date: string, months: number): { year: number; month: number } {
  const { year, month } = dateParts(date);
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first occurrence of `rule` strictly after `after`. */
export function nextOccurrence(rule: TaskRecurrence, after: string): string {
  const interval = Math.max(1, Math.floor(rule.interval));
  switch (rule.frequency) {
    case 'diaria':
      return addDays(after, interval);
    case 'dias_uteis':
      return addBusinessDays(after, interval);
    case 'semanal': {
      const days = rule.weekdays && rule.weekdays.length > 0 ? rule.weekdays : [weekday(after)];
      const today = weekday(after);
      // A later day of the same week (Sunday to Saturday) first, then the first day `interval` weeks on.
      const laterThisWeek = [...days].sort().find((day) => day > today);
      if (laterThisWeek !== undefined) return addDays(after, laterThisWeek - today);
      const weekStart = addDays(after, -today + 7 * interval);
      return addDays(weekStart, Math.min(...days));
    }
    case 'mensal': {
      const wanted = rule.day_of_month ?? dateParts(after).day;
      const { year, month } = dateParts(after);
      const sameMonth = makeDate(year, month, Math.min(wanted, daysInMonth(year, month)));
      if (sameMonth > after) return sameMonth;
      const next = shiftMonth(after, interval);
      return makeDate(next.year, next.month, Math.min(wanted, daysInMonth(next.year, next.month)));
    }
    case 'primeiro_dia_util': {
      const { year, month } = dateParts(after);
      const sameMonth = firstBusinessDayOfMonth(year, month);
      if (sameMonth > after) return sameMonth;
      const next = shiftMonth(after, interval);
      return firstBusinessDayOfMonth(next.year, next.month);
    }
  }
}

/** Steps before giving up keeping the cadence (a daily task completed years late). */
const MAX_STEPS = 5_000;

/**
 * The due day of the occurrence that follows one completed on `completedOn` and due on `due` (null: no due
 * day; the rule counts from the completion). The cadence is kept from `due`, and the answer is always after
 * both `due` and `completedOn`: a task done late does not come back already overdue. Null when the rule has
 * ended (`ends_on`).
 */
export function nextDueDate(rule: TaskRecurrence, due: string | null, completedOn: string): string | null {
  let next = nextOccurrence(rule, due ?? completedOn);
  let steps = 0;
  while (next <= completedOn) {
    steps += 1;
    next = steps > MAX_STEPS ? nextOccurrence(rule, completedOn) : nextOccurrence(rule, next);
  }
  if (rule.ends_on && next > rule.ends_on) return null;
  return next;
}
