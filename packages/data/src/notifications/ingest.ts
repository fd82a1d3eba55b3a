import type { Query, QueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_CACHE_CAP } from '../contract/constants';
import type { Notification } from '../contract/notification';
import { notificationKeys } from './keys';
import { isRecord } from '../lib/values';
import { normalizeNotification } from './normalize';

/** Ids recently ingested while no list was cached, so a repeat does not bump the count twice. */
const RECENT_IDS_CAP = 200;
const recentIds = new WeakMap<QueryClient, Set<number>>();
const LIST_SEGMENT = notificationKeys.lists()[1];
const COUNT_SEGMENT = notificationKeys.unreadCount()[1];
const COUNT_KEY_LENGTH = notificationKeys.unreadCount().length;

/** Spec §5: a live payload counts only when its `type`, `__kind` or `kind` is 'notification'. */
export function isNotificationPayload(payload: unknown): payload is Record<string, unknown> {
  if (!isRecord(payload)) return false;
  try {
    return (
      payload.type === 'notification' || payload.__kind === 'notification' || payload.kind === 'notification'
    );
  } catch {
    return false;
  }
}

function rememberId(queryClient: QueryClient, id: number): boolean {
  let ids = recentIds.get(queryClient);
  if (!ids) {
    ids = new Set();
    recentIds.set(queryClient, ids);
  }
  if (ids.has(id)) return false;
  ids.add(id);
  // A Set iterates in insertion order, so the first entry is the oldest.
  if (ids.size > RECENT_IDS_CAP) ids.delete(ids.values().next().value!);
  return true;
}

/** Notifications waiting for the end of the current task, per cache. */
const pending = new WeakMap<QueryClient, Notification[]>();

/**
 * Queues an already normalised notification for the cache. Everything that arrives in one task (a socket
 * payload carrying several packets, a replay after reconnecting) lands in one write per list at the end
 * of the task instead of one per item (bench/data-ingest.ts). Call flushNotificationIngest to apply now.
 */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification): void {
  let batch = pending.get(queryClient);
  if (!batch) {
    batch = [];
    pending.set(queryClient, batch);
    queueMicrotask(() => flushNotificationIngest(queryClient));
  }
  batch.push(notification);
}

/**
 * Applies the queued notifications (spec §4): each cached list gets them first, newest on top, one copy
 * per id, capped at 50; the cached unread count rises by the new unread ones. Lists and a count that were
 * never fetched are left alone: seeding them would look fresh and skip the real fetch.
 */
export function flushNotificationIngest(queryClient: QueryClient): void {
  const batch = pending.get(queryClient);
  if (!batch) return;
  pending.delete(queryClient);

  // One pass over the notification queries, writing through the Query objects (no key hashing).
  const lists: Array<{ query: Query; data: Notification[] }> = [];
  let counter: Query | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: notificationKeys.all })) {
    const data = query.state.data;
    if (query.queryKey[1] === LIST_SEGMENT && Array.isArray(data)) {
      lists.push({ query, data: data as Notification[] });
    } else if (query.queryKey[1] === COUNT_SEGMENT && query.queryKey.length === COUNT_KEY_LENGTH) {
      counter = query;
    }
  }

  const cachedIds = new Set<number>();
  // A repeat must not undo a read the person already made: the latest known read mark wins.
  const readMarks = new Map<number, string>();
  for (const { data } of lists) {
    for (const item of data) {
      cachedIds.add(item.id);
      if (item.read_at) readMarks.set(item.id, item.read_at);
    }
  }

  // In arrival order, the first copy of an id decides whether it is new, as if ingested one by one.
  const seen = new Set<number>();
  let newUnread = 0;
  for (const item of batch) {
    if (!seen.has(item.id)) {
      seen.add(item.id);
      const isNew = lists.length > 0 ? !cachedIds.has(item.id) : rememberId(queryClient, item.id);
      if (isNew && item.read_at === null) newUnread += 1;
    }
    if (item.read_at) readMarks.set(item.id, item.read_at);
  }

  // Newest first, one copy per id (its latest content), then what was cached; never more than the cap.
  const top: Notification[] = [];
  const placed = new Set<number>();
  for (let index = batch.length - 1; index >= 0 && top.length < NOTIFICATIONS_CACHE_CAP; index -= 1) {
    const item = batch[index]!;
    if (placed.has(item.id)) continue;
    placed.add(item.id);
    const readAt = item.read_at ?? readMarks.get(item.id) ?? null;
    top.push(readAt === item.read_at ? item : { ...item, read_at: readAt });
  }
  for (const { query, data } of lists) {
    const next = top.slice();
    for (let index = 0; index < data.length && next.length < NOTIFICATIONS_CACHE_CAP; index += 1) {
      const item = data[index]!;
      if (!placed.has(item.id)) next.push(item);
    }
    query.setData(next, { manual: true });
  }

  const count = counter?.state.data;
  if (counter && newUnread > 0 && typeof count === 'number')
    counter.setData(count + newUnread, { manual: true });
}

/**
 * Ingests one live payload (socket, subscription channel or the app:notify broadcast). Invalid payloads
 * are dropped silently (spec §5) and answer false; valid ones answer true, repeats included.
 */
export function ingestNotification(queryClient: QueryClient, payload: unknown): boolean {
  if (!isNotificationPayload(payload)) {
    console.debug('[farol] live payload ignored: not tagged as a notification');
    return false;
  }
  const notification = normalizeNotification(payload);
  if (!notification) {
    console.debug('[farol] live notification ignored: no id or message text');
    return false;
  }
  addNotificationToCache(queryClient, notification);
  return true;
}
