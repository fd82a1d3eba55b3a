export { NOTIFY_CHANNEL, broadcastNotification, subscribeNotificationBroadcast } from './broadcast';
export { getNotifications, notificationsQueryOptions, useNotifications } from './get-notifications';
export type { UseNotificationsOptions } from './get-notifications';
export {
  NOTIFICATIONS_UNREAD_COUNT_URL,
  getUnreadNotificationCount,
  unreadNotificationCountQueryOptions,
  useUnreadNotificationCount,
} from './get-unread-count';
export {
  addNotificationToCache,
  flushNotificationIngest,
  ingestNotification,
  isNotificationPayload,
} from './ingest';
export { markAllNotificationsRead, useMarkAllNotificationsRead } from './mark-all-read';
export { markNotificationRead, useMarkNotificationRead } from './mark-read';
export { countUnread, normalizeNotification, parseNotificationList, parseUnreadCount } from './normalize';
export { removeNotification, useRemoveNotification } from './remove-notification';
export { NOTIFICATIONS_POLL_MS, NOTIFICATIONS_STALE_MS, NOTIFICATIONS_URL } from './shared';
