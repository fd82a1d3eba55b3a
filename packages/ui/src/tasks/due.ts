// Due dates are calendar days: 'YYYY-MM-DD' is read as that day in local time (not UTC midnight, which is the
// day before in Brazil), and a full ISO date-time counts by its local day.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local calendar day of a due date, or null when it does not parse. */
export function parseDueDate(value: string): Date | null {
  const match = DATE_ONLY.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** 'YYYY-MM-DD' of a date's local day. */
export function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export type DueState = 'overdue' | 'today' | 'tomorrow' | 'upcoming';

const DAY_MS = 86_400_000;

/** Whole days from `today` to `due` (negative when past), counted on local calendar days. */
export function daysUntil(due: Date, today: Date): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const end = Date.UTC(due.getFullYear(), due.getMonth(), due.getDate());
  return Math.round((end - start) / DAY_MS);
}

export function dueState(due: Date, today: Date): DueState {
  const days = daysUntil(due, today);
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return 'upcoming';
}

const shortDate = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short' });
const shortDateWithYear = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const longDate = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '12 de nov.' in the current year, '12 de nov. de 2027' otherwise. */
export function formatShortDate(date: Date, today: Date): string {
  return (date.getFullYear() === today.getFullYear() ? shortDate : shortDateWithYear).format(date);
}

/** '12 de novembro de 2026'. */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}
