import { defaultMessages } from '../i18n/messages';
export interface RelativeTimeTexts {
  now: string;
  minutes: (n: number) => string;
  hours: (n: number) => string;
  days: (n: number) => string;
}

/** Spec §2's words, from the catalogue. */
export const RELATIVE_TIME_TEXTS: RelativeTimeTexts = defaultMessages.notifications.time;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function toTimestamp(value: string | number | Date | null | undefined): number | null {
  if (value == null || value === '') return null;
  const time =
    value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

/**
 * Spec §2: 'agora' under 1 minute, '{n} min' under 60 minutes, '{n} h' under 24 hours, else '{n} d'
 * (whole units, rounded down). A time in the future reads 'agora' (clock skew); an unreadable date reads ''.
 */
export function formatRelativeTime(
  createdAt: string | number | Date,
  now: number | Date,
  texts: RelativeTimeTexts = RELATIVE_TIME_TEXTS,
): string {
  const then = toTimestamp(createdAt);
  const current = toTimestamp(now);
  if (then === null || current === null) return '';
  const elapsed = current - then;
  if (elapsed < MINUTE) return texts.now;
  if (elapsed < HOUR) return texts.minutes(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return texts.hours(Math.floor(elapsed / HOUR));
  return texts.days(Math.floor(elapsed / DAY));
}
