import { formatRelativeTime } from '@farol/data';
import { useEffect, useState } from 'react';

// One formatter for every row: building an Intl formatter per cell costs more than the row itself.
const fullDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** "há 3 h", "agora": how long ago a chamado last changed. */
export function ticketUpdatedLabel(updatedAt: string, now: number): string {
  const relative = formatRelativeTime(updatedAt, now);
  return relative === 'agora' ? 'agora' : `há ${relative}`;
}

/** "21/11/2026, 14:05" for the tooltip beside a relative time. */
export function ticketFullDate(value: string): string {
  const time = Date.parse(value);
  return Number.isFinite(time) ? fullDate.format(time) : '';
}

/**
 * The clock the list's relative times and overdue marks read. It ticks once a minute, so between ticks
 * every row keeps the same `now` prop and memoised rows are not re-rendered by it.
 */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
