import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../http/api-client';
import { useApiClient } from '../http/api-client-context';
import { notificationKeys } from '../query/keys';
import {
  NOTIFICATIONS_URL,
  firstThatWorks,
  refetchNotifications,
  reportNotificationError,
  restoreNotifications,
  snapshotNotifications,
  updateNotificationLists,
  type NotificationSnapshot,
} from './shared';

/** Spec §7: PUT /read-all, else POST /mark-all-read. */
export function markAllNotificationsRead(api: Pick<ApiClient, 'put' | 'post'>): Promise<unknown> {
  return firstThatWorks([
    () => api.put(`${NOTIFICATIONS_URL}/read-all`),
    () => api.post(`${NOTIFICATIONS_URL}/mark-all-read`),
  ]);
}

/** Marks everything read, optimistically (spec §4): read_at on every item, unread count 0. */
export function useMarkAllNotificationsRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, void, NotificationSnapshot>({
    mutationKey: ['notifications', 'mark-all-read'],
    mutationFn: () => markAllNotificationsRead(api),
    onMutate: async () => {
      const snapshot = await snapshotNotifications(queryClient);
      const readAt = new Date().toISOString();
      updateNotificationLists(queryClient, (list) =>
        list.map((item) => (item.read_at === null ? { ...item, read_at: readAt } : item)),
      );
      queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
        count === undefined ? count : 0,
      );
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      restoreNotifications(queryClient, snapshot);
      reportNotificationError(error);
    },
    onSettled: () => refetchNotifications(queryClient),
  });
}
