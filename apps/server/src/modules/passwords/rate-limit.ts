import { HttpError } from '../../http/errors';

/**
 * At most `perMinute` secrets per person in any 60 s (reveals, copies, TOTP codes, confirmations): a sliding
 * window per person, in memory (a person's reveals go through one process at a time in practice; several
 * processes each keep their own window, which only loosens the limit by their number).
 */
export const createRevealLimiter = (perMinute: number, what = 'Muitas revelações em pouco tempo.') => {
  const recent = new Map<number, number[]>();
  return (userId: number, now = Date.now()) => {
    const times = (recent.get(userId) ?? []).filter((at) => now - at < 60_000);
    if (times.length >= perMinute) {
      const retry = Math.max(1, Math.ceil((60_000 - (now - times[0]!)) / 1000));
      recent.set(userId, times);
      throw new HttpError(429, 'rate_limited', `${what} Tente de novo em ${retry} s.`, undefined, {
        'retry-after': String(retry),
      });
    }
    times.push(now);
    recent.set(userId, times);
  };
};
