import { useEffect, useState } from 'react';

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
