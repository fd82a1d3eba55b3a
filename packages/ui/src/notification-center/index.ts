export { NotificationCenter } from './notification-center';
export type { NotificationCenterProps } from './types';
export type { NotificationItem, NotificationSeverity } from './types';
export { isUnread } from './types';
export { formatRelativeTime } from './relative-time';
export type { RelativeTimeTexts } from './relative-time';
export { notificationIcon, notificationIconKey, NOTIFICATION_TYPE_ICONS } from './notification-icon';
export { unreadLabel } from './unread-label';
export { notificationIconVariants, notificationItemVariants } from './notification-center-variants';
