import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Notification } from '../contract/notification';
import { ApiError } from '../http/api-error';
import { requestSessionRefresh } from '../http/session-refresh';
import { notificationKeys } from './keys';

export const NOTIFICATIONS_URL = '/api/notifications';
/** Spec §9: list and count are polled every 60 s, only while the page is visible. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** Spec §9: the notification queries are stale after 15 s. */
export const NOTIFICATIONS_STALE_MS = 15_000;

export function isPageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Spec §7/§8: a 401 on a notification call asks the session to refresh. */
export function reportNotificationError(error: unknown): void {
  if (isUnauthorized(error)) requestSessionRefresh();
}

/** Polling and retry shared by the list and the count (spec §9). */
export const notificationPolling = {
  staleTime: NOTIFICATIONS_STALE_MS,
  refetchInterval: () => (isPageVisible() ? NOTIFICATIONS_POLL_MS : false),
  refetchIntervalInBackground: false,
  // Reads retry once (spec §9), but a 401 will not heal by asking again.
  retry: (failures: number, error: Error) => failures < 1 && !isUnauthorized(error),
} as const;

/** What an optimistic notification write saves in onMutate to put back in onError. */
export interface NotificationSnapshot {
  lists: Array<[QueryKey, Notification[] | undefined]>;
  unread: number | undefined;
}

export async function snapshotNotifications(queryClient: QueryClient): Promise<NotificationSnapshot> {
  // An answer already on its way must not overwrite the optimistic state.
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  return {
    lists: queryClient.getQueriesData<Notification[]>({ queryKey: notificationKeys.lists() }),
    unread: queryClient.getQueryData<number>(notificationKeys.unreadCount()),
  };
}

export function restoreNotifications(
  queryClient: QueryClient,
  snapshot: NotificationSnapshot | undefined,
): void {
  if (!snapshot) return;
  for (const [queryKey, data] of snapshot.lists) queryClient.setQueryData(queryKey, data);
  queryClient.setQueryData(notificationKeys.unreadCount(), snapshot.unread);
}

export function updateNotificationLists(
  queryClient: QueryClient,
  update: (list: Notification[]) => Notification[],
): void {
  queryClient.setQueriesData<Notification[]>({ queryKey: notificationKeys.lists() }, (list) =>
    Array.isArray(list) ? update(list) : list,
  );
}

/** Lowers the cached unread count by `by`, never below 0; an unknown count stays unknown. */
export function lowerUnreadCount(queryClient: QueryClient, by: number): void {
  queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
    typeof count === 'number' ? Math.max(0, count - by) : count,
  );
}

/** Whether any cached list holds `id` as unread. */
export function isCachedUnread(queryClient: QueryClient, id: number): boolean {
  return queryClient
    .getQueriesData<Notification[]>({ queryKey: notificationKeys.lists() })
    .some(([, list]) => Array.isArray(list) && list.some((item) => item.id === id && item.read_at === null));
}

/** After a notification write, success or failure: the server has the last word (spec §4, §7). */
export function refetchNotifications(queryClient: QueryClient): Promise<void> {
  // cancelRefetch false: the API client may already be refetching after a successful write.
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all }, { cancelRefetch: false });
}

/**
 * Tries each request in turn until one succeeds (spec §7 fallback chains). A 401 stops the chain: every
 * other route would answer the same, and the session is refreshed instead.
 */
export async function firstThatWorks<T>(attempts: ReadonlyArray<() => Promise<T>>): Promise<T> {
  let lastError: unknown = new Error('Nenhuma tentativa');
  for (const attempt of attempts) {
    try {
      return await attempt();
    } catch (error) {
      if (isUnauthorized(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}
