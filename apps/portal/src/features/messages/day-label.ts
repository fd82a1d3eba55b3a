const WEEKDAY_MS = 86_400_000;

const startOfDay = (time: number) => {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
};

const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long' });
const dayYearFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric' });

/** The separator above a day's messages: 'Hoje', 'Ontem', '23 de novembro' (with the year when not this year). */
export function dayLabel(at: string | number | Date, now: number = Date.now()): string {
  const time = new Date(at).getTime();
  if (!Number.isFinite(time)) return '';
  const days = Math.round((startOfDay(now) - startOfDay(time)) / WEEKDAY_MS);
  if (days === 0) return 'Hoje';
  if (days === 1) return 'Ontem';
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return (sameYear ? dayFormat : dayYearFormat).format(time);
}

/** Whether two instants fall on different local days (a separator goes between them). */
export const isOtherDay = (a: string | number | Date, b: string | number | Date): boolean =>
  startOfDay(new Date(a).getTime()) !== startOfDay(new Date(b).getTime());
