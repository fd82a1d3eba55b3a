export { notificationMigrations } from './migrations';
export { createNotifier, type UserPusher } from './notifier';
export { notificationsPlugin } from './plugin';
export { createNotificationRepository, type NotificationRepository } from './repository';
export { seedNotifications } from './seed';
