// Constants from the zod-free module: the main entry must not pull zod in (bench/data-size.mjs).
import { NOTIFICATION_SEVERITIES } from '../contract/constants';
import type { Notification, NotificationSeverity } from '../contract/notification';
import { isRecord, readCount, toInteger, type Bag } from '../lib/values';

// A Map, not an object literal: a level named '__proto__' must not reach Object.prototype.
const SEVERITY_ALIASES = new Map<string, NotificationSeverity>([
  ['warn', 'warning'],
  ['danger', 'error'],
  ['critical', 'error'],
  ['fatal', 'error'],
  ['ok', 'success'],
]);

const MAX_UNWRAP_DEPTH = 3;

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

const CANONICAL_ISO = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** ISO text for a date string, epoch number or Date; null when it does not name a real instant. */
function toIso(value: unknown): string | null {
  // Already canonical (what the reference server sends): skip a parse and a format on the hot path.
  if (typeof value === 'string' && CANONICAL_ISO.test(value)) return value;
  let millis: number;
  if (value instanceof Date) millis = value.getTime();
  else if (typeof value === 'number') millis = value;
  else if (typeof value === 'string' && value.trim() !== '') millis = Date.parse(value);
  else return null;
  // Date#toISOString throws outside ±8.64e15 ms; the guard keeps the normaliser total.
  if (!Number.isFinite(millis) || Math.abs(millis) > 8.64e15) return null;
  return new Date(millis).toISOString();
}

function isTruthyFlag(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

// The spellings of spec §3 are read as named properties, not through key lists: this runs for every
// live event, and named loads stay fast where computed ones go generic (bench/data-ingest.ts).
function messageOf(source: Bag): string | null {
  return text(source.message) ?? text(source.text) ?? text(source.content);
}

/** Peels `{notification: …}` / `{data: …}` wrappers until something that carries message text. */
function unwrap(raw: Bag): Bag {
  let current = raw;
  for (let depth = 0; depth < MAX_UNWRAP_DEPTH && messageOf(current) === null; depth += 1) {
    const inner = isRecord(current.notification)
      ? current.notification
      : isRecord(current.data)
        ? current.data
        : null;
    if (!inner) break;
    current = inner;
  }
  return current;
}

function severityOf(source: Bag): NotificationSeverity {
  if (isTruthyFlag(source.error)) return 'error';
  const named = (text(source.severity) ?? text(source.level))?.toLowerCase();
  if (!named) return 'info';
  if ((NOTIFICATION_SEVERITIES as readonly string[]).includes(named)) return named as NotificationSeverity;
  return SEVERITY_ALIASES.get(named) ?? 'info';
}

function normalizeUnsafe(raw: unknown, now: Date | undefined): Notification | null {
  if (!isRecord(raw)) return null;
  const source = unwrap(raw);

  const message = messageOf(source);
  if (message === null) return null;

  const id = toInteger(source.id) ?? toInteger(source.notification_id) ?? toInteger(source.nid);
  // Without an id it can be neither de-duplicated nor marked read on the server.
  if (id === null) return null;

  const createdAt = toIso(source.created_at) ?? toIso(source.createdAt) ?? toIso(now ?? new Date()) ?? '';
  const explicitReadAt = toIso(source.read_at) ?? toIso(source.readAt);
  const flaggedRead = isTruthyFlag(source.is_read) || isTruthyFlag(source.read) || isTruthyFlag(source.seen);
  const readAt = explicitReadAt ?? (flaggedRead ? createdAt : null);

  const type = text(source.type);
  return {
    id,
    // 'notification' is the live-event tag (spec §5), not a kind of notification.
    type: type && type.toLowerCase() !== 'notification' ? type : 'system',
    title: text(source.title),
    message,
    link: text(source.link) ?? text(source.url) ?? text(source.path),
    created_at: createdAt,
    read_at: readAt,
    severity: severityOf(source),
  };
}

/**
 * Any server's or socket's notification in the canonical form of the contract (spec §3), or null when
 * it has no message text or no id. Total: it never throws, whatever it is given.
 */
export function normalizeNotification(raw: unknown, now?: Date): Notification | null {
  try {
    return normalizeUnsafe(raw, now);
  } catch {
    // Exotic inputs (throwing getters, revoked proxies) count as garbage, not as a crash.
    return null;
  }
}

function listItems(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (!isRecord(raw)) return [];
  for (const key of ['items', 'data', 'notifications']) {
    const value = raw[key];
    if (Array.isArray(value)) return value;
    if (isRecord(value) && Array.isArray(value.items)) return value.items;
  }
  return [];
}

/** GET /api/notifications answers a bare array, `{items}` or `{data}` (spec §7); invalid rows are dropped. */
export function parseNotificationList(raw: unknown, now?: Date): Notification[] {
  try {
    const seen = new Set<number>();
    const result: Notification[] = [];
    for (const item of listItems(raw)) {
      const notification = normalizeNotification(item, now);
      // Repeated ids would collide as list keys and double-count as unread.
      if (notification && !seen.has(notification.id)) {
        seen.add(notification.id);
        result.push(notification);
      }
    }
    return result;
  } catch {
    return [];
  }
}

export function countUnread(list: readonly Notification[] | undefined | null): number {
  return list ? list.reduce((sum, item) => (item.read_at === null ? sum + 1 : sum), 0) : 0;
}

/** GET /api/notifications/unread-count: number or `{unread}`/`{count}`; otherwise the list's unread items. */
export function parseUnreadCount(raw: unknown, list?: readonly Notification[] | null): number {
  return readCount(raw, ['unread', 'count', 'unread_count']) ?? countUnread(list);
}
