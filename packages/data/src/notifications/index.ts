// @farol/data/notifications: the notification centre's data (spec §2, §4, §7). Query keys, one file per
// endpoint, the payload normaliser, the live-event handler. Its MSW handlers and fixtures are in
// @farol/data/mocks.
export { notificationKeys, notificationInvalidation } from './keys';
export { notificationsLive } from './live';
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
