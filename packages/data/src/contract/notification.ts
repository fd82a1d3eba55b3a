import { z } from 'zod';
import { wireInt } from './wire-int';
import { NOTIFICATION_SEVERITIES, NOTIFICATIONS_PAGE_SIZE } from './constants';

export const notificationSeveritySchema = z.enum(NOTIFICATION_SEVERITIES);
export type NotificationSeverity = z.infer<typeof notificationSeveritySchema>;

/** A notification, canonical form (spec §3). `read_at: null` means unread. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string().min(1),
  title: z.string().nullable().optional(),
  message: z.string().min(1),
  link: z.string().nullable().optional(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  severity: notificationSeveritySchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?limit= (the client also accepts a bare array, spec §7). */
export const notificationListQuerySchema = z.object({
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  ).default(NOTIFICATIONS_PAGE_SIZE),
});
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /api/notifications/unread-count. */
export const notificationUnreadCountSchema = z.object({
  unread: z.number().int().min(0),
  count: z.number().int().min(0),
});
export type NotificationUnreadCount = z.infer<typeof notificationUnreadCountSchema>;

/** PUT /api/notifications/{id}/read and PUT /api/notifications/{id}. */
export const markNotificationReadSchema = z.object({ read: z.boolean().default(true) }).strict();

/** What the server's `notify(userId, …)` takes (the rest is filled in by the server). */
export const notificationInputSchema = notificationSchema
  .pick({ type: true, title: true, message: true, link: true })
  .extend({ severity: notificationSeveritySchema.default('info') });
export type NotificationInput = z.input<typeof notificationInputSchema>;

export {
  NOTIFICATION_SEVERITIES,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_CACHE_CAP,
  NOTIFICATIONS_PAGE_SIZE,
} from './constants';
