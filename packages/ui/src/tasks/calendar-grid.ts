/** The six weeks (Sunday first, as calendars in Brazil) that show `month` (0-11) of `year`. */
export function monthGrid(year: number, month: number): Date[][] {
  const first = new Date(year, month, 1);
  const start = new Date(year, month, 1 - first.getDay());
  return Array.from({ length: 6 }, (_, week) =>
    Array.from(
      { length: 7 },
      (_, day) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + week * 7 + day),
    ),
  );
}

/** The same day `days` later (or earlier), at local midnight. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The first day of the month `months` after `date`'s. */
export function addMonths(date: Date, months: number): Date {
  return new Date(date.getFullYear(), date.getMonth() + months, 1);
}

/** `date` moved by whole months, kept inside the target month ('31 Jan' + 1 month = '28/29 Feb'). */
export function shiftMonthClamped(date: Date, months: number): Date {
  const target = addMonths(date, months);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), last));
}

export const sameMonth = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();
