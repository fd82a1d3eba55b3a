import type { ApiClient } from '../http/api-client';
import { useOptimisticNotificationMutation } from './optimistic-mutation';
import { NOTIFICATIONS_URL, isCachedUnread, lowerUnreadCount, updateNotificationLists } from './shared';

/** DELETE /api/notifications/{id} (spec §7). */
export function removeNotification(api: Pick<ApiClient, 'delete'>, id: number): Promise<unknown> {
  return api.delete(`${NOTIFICATIONS_URL}/${encodeURIComponent(id)}`);
}

/** Removes one notification, optimistically; an unread one lowers the count by 1, floor 0 (spec §4). */
export function useRemoveNotification() {
  return useOptimisticNotificationMutation<number>({
    name: 'remove',
    request: removeNotification,
    applyOptimistic: (queryClient, id) => {
      const wasUnread = isCachedUnread(queryClient, id);
      updateNotificationLists(queryClient, (list) => list.filter((item) => item.id !== id));
      if (wasUnread) lowerUnreadCount(queryClient, 1);
    },
  });
}
