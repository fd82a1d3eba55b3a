const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §2: 'agora' under a minute, then '{n} min', '{n} h', '{n} d'. Future dates read as 'agora'. */
export function formatRelativeTime(date: Date | string | number, now: Date | number = Date.now()): string {
  const elapsed = toMillis(now) - toMillis(date);
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'agora';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  return `${Math.floor(elapsed / DAY)} d`;
}

/** Badges show the number up to 99 and '99+' above (spec §2, §9). */
export function formatBadgeCount(count: number): string {
  const safe = Math.max(0, Math.floor(Number.isFinite(count) ? count : 0));
  return safe > 99 ? '99+' : String(safe);
}

/** 'não lida' for one, 'não lidas' otherwise (spec §2). */
export function unreadLabel(count: number): string {
  return `${count} ${count === 1 ? 'não lida' : 'não lidas'}`;
}

function toMillis(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}
