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

/** The bell and its popover (NotificationCenter); the lazily loaded panel takes the same props. */
export interface NotificationCenterProps {
  items: readonly NotificationItem[];
  /** The server's unread count; counted from `items` when omitted. */
  unreadCount?: number;
  /** First load: shows 'Carregando…' instead of the list. */
  loading?: boolean;
  /** A refetch is running: the Atualizar button spins and waits. */
  refreshing?: boolean;
  /** The list failed to load: `true` for the default text, or the text to show. */
  error?: boolean | string | null;
  onRefresh?: () => void;
  /** The error state's retry; `onRefresh` when omitted. */
  onRetry?: () => void;
  onMarkAllRead?: () => void;
  onMarkRead?: (item: NotificationItem) => void;
  onRemove?: (item: NotificationItem) => void;
  /** The open button of an item with a link. */
  onOpen?: (item: NotificationItem) => void;
  /** A click (or Enter/Space) on an item; the popover closes and an unread item is marked read. */
  onSelect?: (item: NotificationItem) => void;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The clock for relative times; the real clock (ticking every 30 s while open) when omitted. */
  now?: number | Date;
  align?: 'start' | 'center' | 'end';
  className?: string;
}
