import type { ApiClient } from '../http/api-client';
import { useOptimisticNotificationMutation } from './optimistic-mutation';
import {
  NOTIFICATIONS_URL,
  firstThatWorks,
  isCachedUnread,
  lowerUnreadCount,
  updateNotificationLists,
} from './shared';

/**
 * Spec §7: PUT /{id}/read {read:true}, else POST /{id}/mark-read, else PUT /{id} {read:true}.
 * Servers differ in which route they offer; the first that answers 2xx wins.
 */
export function markNotificationRead(api: Pick<ApiClient, 'put' | 'post'>, id: number): Promise<unknown> {
  const url = `${NOTIFICATIONS_URL}/${encodeURIComponent(id)}`;
  return firstThatWorks([
    () => api.put(`${url}/read`, { read: true }),
    () => api.post(`${url}/mark-read`),
    () => api.put(url, { read: true }),
  ]);
}

/** Marks one notification read, optimistically (spec §4): read_at set if absent, unread count −1 (floor 0). */
export function useMarkNotificationRead() {
  return useOptimisticNotificationMutation<number>({
    name: 'mark-read',
    request: markNotificationRead,
    applyOptimistic: (queryClient, id) => {
      const wasUnread = isCachedUnread(queryClient, id);
      const readAt = new Date().toISOString();
      updateNotificationLists(queryClient, (list) =>
        list.map((item) => (item.id === id && item.read_at === null ? { ...item, read_at: readAt } : item)),
      );
      if (wasUnread) lowerUnreadCount(queryClient, 1);
    },
  });
}
