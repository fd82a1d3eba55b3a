import { type Notification, notificationHref, useSession } from '@farol/data';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useRemoveNotification,
  useUnreadNotificationCount,
} from '@farol/data/notifications';
import type { NotificationCenterProps, NotificationItem } from '@farol/ui';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';

/** The wire notification as the kit shows it. */
export function toNotificationItem(notification: Notification): NotificationItem {
  return {
    id: notification.id,
    type: notification.type,
    title: notification.title ?? null,
    message: notification.message,
    link: notification.link ?? null,
    createdAt: notification.created_at,
    readAt: notification.read_at,
    severity: notification.severity,
  };
}

/** The header bell, connected: the notification hooks of @farol/data in, the kit's props out. */
export function useNotificationCenter(): NotificationCenterProps {
  const { user } = useSession();
  const navigate = useNavigate();
  const list = useNotifications();
  const unread = useUnreadNotificationCount();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useRemoveNotification();

  const items = useMemo(() => (list.data ?? []).map(toNotificationItem), [list.data]);
  const follow = (item: NotificationItem) => {
    const href = notificationHref(item.link, user);
    if (href) void navigate(href);
  };

  return {
    items,
    ...(typeof unread.data === 'number' ? { unreadCount: unread.data } : {}),
    loading: list.isPending && list.fetchStatus !== 'idle',
    refreshing: list.isFetching && !list.isPending,
    error: list.isError && !list.data ? 'Não foi possível carregar as notificações.' : null,
    onRefresh: () => {
      void list.refetch();
      void unread.refetch();
    },
    onMarkAllRead: () => markAllRead.mutate(),
    onMarkRead: (item) => markRead.mutate(Number(item.id)),
    onRemove: (item) => remove.mutate(Number(item.id)),
    onOpen: (item) => {
      if (item.readAt == null) markRead.mutate(Number(item.id));
      follow(item);
    },
    onSelect: follow,
  };
}
