import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../http/api-client';
import { useApiClient } from '../http/api-client-context';
import {
  NOTIFICATIONS_URL,
  isCachedUnread,
  lowerUnreadCount,
  refetchNotifications,
  reportNotificationError,
  restoreNotifications,
  snapshotNotifications,
  updateNotificationLists,
  type NotificationSnapshot,
} from './shared';

/** DELETE /api/notifications/{id} (spec §7). */
export function removeNotification(api: Pick<ApiClient, 'delete'>, id: number): Promise<unknown> {
  return api.delete(`${NOTIFICATIONS_URL}/${encodeURIComponent(id)}`);
}

/** Removes one notification, optimistically; an unread one lowers the count by 1, floor 0 (spec §4). */
export function useRemoveNotification() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, number, NotificationSnapshot>({
    mutationKey: ['notifications', 'remove'],
    mutationFn: (id) => removeNotification(api, id),
    onMutate: async (id) => {
      const snapshot = await snapshotNotifications(queryClient);
      const wasUnread = isCachedUnread(queryClient, id);
      updateNotificationLists(queryClient, (list) => list.filter((item) => item.id !== id));
      if (wasUnread) lowerUnreadCount(queryClient, 1);
      return snapshot;
    },
    onError: (error, _id, snapshot) => {
      restoreNotifications(queryClient, snapshot);
      reportNotificationError(error);
    },
    onSettled: () => refetchNotifications(queryClient),
  });
}
