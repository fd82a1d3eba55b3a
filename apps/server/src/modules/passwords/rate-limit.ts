import { HttpError } from '../../http/errors';

/**
 * At most `perMinute` secrets per person in any 60 s (reveals, copies, TOTP codes, confirmations): a sliding
 * window per person, in memory (a person's reveals go through one process at a time in practice; several
 * processes each keep their own window, which only loosens the limit by their number). A person's times are
 * kept oldest first and the expired ones passed over from the front, so a check costs what expired, not the
 * whole window (a bench allowing millions a minute would otherwise scan them all on every reveal).
 */
export const createRevealLimiter = (perMinute: number, what = 'Muitas revelações em pouco tempo.') => {
  const recent = new Map<number, { times: number[]; head: number }>();
  return (userId: number, now = Date.now()) => {
    let window = recent.get(userId);
    if (!window) recent.set(userId, (window = { times: [], head: 0 }));
    const { times } = window;
    while (window.head < times.length && now - times[window.head]! >= 60_000) window.head += 1;
    if (window.head > 64 && window.head * 2 > times.length) {
      times.splice(0, window.head);
      window.head = 0;
    }
    if (times.length - window.head >= perMinute) {
      const retry = Math.max(1, Math.ceil((60_000 - (now - times[window.head]!)) / 1000));
      throw new HttpError(429, 'rate_limited', `${what} Tente de novo em ${retry} s.`, undefined, {
        'retry-after': String(retry),
      });
    }
    // Kept in order even if the clock stepped back (the new time counts from the latest one: never looser).
    times.push(times.length > window.head ? Math.max(now, times[times.length - 1]!) : now);
  };
};
