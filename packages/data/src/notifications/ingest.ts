import type { Query, QueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_CACHE_CAP } from '../contract/constants';
import type { Notification } from '../contract/notification';
import { notificationKeys } from '../query/keys';
import { isRecord, normalizeNotification } from './normalize';

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

/** A new list with `item` first, any older copy of it removed, at most `cap` long; O(cap). */
function prepend(list: readonly Notification[], item: Notification, cap: number): Notification[] {
  const previous = list.find((current) => current.id === item.id);
  // A repeat must not undo a read the person already made.
  const first = previous?.read_at && !item.read_at ? { ...item, read_at: previous.read_at } : item;
  const next: Notification[] = [first];
  for (let index = 0; index < list.length && next.length < cap; index += 1) {
    const current = list[index]!;
    if (current.id !== item.id) next.push(current);
  }
  return next;
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

/**
 * Puts an already normalised notification into every cached notification list (first, de-duplicated,
 * capped at 50) and raises the cached unread count when it is new and unread (spec §4). Lists that were
 * never fetched are left alone: seeding one would look fresh and skip the real fetch. Answers whether the
 * notification was new.
 */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification): boolean {
  // One pass over the notification queries, writing through the Query objects: no key hashing per event,
  // since bursts of live events are the hot path (bench/data-ingest.ts).
  const lists: Array<{ query: Query; data: Notification[] }> = [];
  let counter: Query | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: notificationKeys.all })) {
    const data = query.state.data;
    if (query.queryKey[1] === LIST_SEGMENT && Array.isArray(data))
      lists.push({ query, data: data as Notification[] });
    else if (query.queryKey[1] === COUNT_SEGMENT && query.queryKey.length === COUNT_KEY_LENGTH)
      counter = query;
  }

  const isNew =
    lists.length > 0
      ? !lists.some(({ data }) => data.some((item) => item.id === notification.id))
      : rememberId(queryClient, notification.id);

  for (const { query, data } of lists) {
    query.setData(prepend(data, notification, NOTIFICATIONS_CACHE_CAP), { manual: true });
  }
  const count = counter?.state.data;
  if (isNew && notification.read_at === null && typeof count === 'number') {
    counter!.setData(count + 1, { manual: true });
  }
  return isNew;
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
