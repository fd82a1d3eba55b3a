import type { ApiClient } from '../http/api-client';
import { notificationKeys } from './keys';
import { useOptimisticNotificationMutation } from './optimistic-mutation';
import { NOTIFICATIONS_URL, firstThatWorks, updateNotificationLists } from './shared';

/** Spec §7: PUT /read-all, else POST /mark-all-read. */
export function markAllNotificationsRead(api: Pick<ApiClient, 'put' | 'post'>): Promise<unknown> {
  return firstThatWorks([
    () => api.put(`${NOTIFICATIONS_URL}/read-all`),
    () => api.post(`${NOTIFICATIONS_URL}/mark-all-read`),
  ]);
}

/** Marks everything read, optimistically (spec §4): read_at on every item, unread count 0. */
export function useMarkAllNotificationsRead() {
  return useOptimisticNotificationMutation<void>({
    name: 'mark-all-read',
    request: markAllNotificationsRead,
    applyOptimistic: (queryClient) => {
      const readAt = new Date().toISOString();
      updateNotificationLists(queryClient, (list) =>
        list.map((item) => (item.read_at === null ? { ...item, read_at: readAt } : item)),
      );
      queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
        count === undefined ? count : 0,
      );
    },
  });
}
