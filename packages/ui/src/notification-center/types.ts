export type NotificationSeverity = 'info' | 'success' | 'warning' | 'error';

/** A notification as the kit shows it (the data layer maps the wire format onto this). */
export interface NotificationItem {
  id: number | string;
  /** Chooses the icon: ticket, message, task, connection, password, company, user, system; anything else → bell. */
  type: string;
  title?: string | null;
  message: string;
  /** Where the open button leads; no link, no open button. */
  link?: string | null;
  /** ISO date-time, epoch milliseconds or a Date. */
  createdAt: string | number | Date;
  /** `null` while unread. */
  readAt: string | number | Date | null;
  severity: NotificationSeverity;
}

export const isUnread = (item: Pick<NotificationItem, 'readAt'>): boolean => item.readAt == null;
