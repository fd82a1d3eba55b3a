import { notificationHref, useSession } from '@farol/data';
import {
  useMarkNotificationRead,
  useNotifications,
  useUnreadNotificationCount,
} from '@farol/data/notifications';
import { cn, formatRelativeTime, notificationIcon, unreadLabel } from '@farol/ui';
import { useNavigate } from 'react-router-dom';
import { WidgetCard, WidgetEmpty, WidgetError, WidgetLoading } from '../../lib/widget-card';

export interface NotificationsWidgetProps {
  /** Only unread ones (the dashboard) or the latest of all (the portal home). */
  onlyUnread?: boolean;
  limit?: number;
}

/** Notifications as a page widget; opening one marks it read and follows its link. */
export function NotificationsWidget({ onlyUnread = false, limit = 5 }: NotificationsWidgetProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const list = useNotifications();
  const unread = useUnreadNotificationCount();
  const markRead = useMarkNotificationRead();
  const items = (list.data ?? []).filter((item) => !onlyUnread || item.read_at === null).slice(0, limit);
  const title = onlyUnread ? 'Notificações não lidas' : 'Notificações recentes';
  const now = Date.now();

  let body: React.ReactNode;
  if (list.isPending) body = <WidgetLoading label="Carregando notificações…" />;
  else if (list.isError && !list.data)
    body = (
      <WidgetError message="Não foi possível carregar as notificações." onRetry={() => void list.refetch()} />
    );
  else if (items.length === 0)
    body = <WidgetEmpty>{onlyUnread ? 'Nenhuma notificação não lida.' : 'Sem notificações.'}</WidgetEmpty>;
  else
    body = (
      <ul>
        {items.map((item) => {
          const Icon = notificationIcon(item.type);
          const href = notificationHref(item.link, user);
          const isUnread = item.read_at === null;
          return (
            <li key={item.id} className="border-b last:border-b-0">
              <button
                type="button"
                onClick={() => {
                  if (isUnread) markRead.mutate(item.id);
                  if (href) void navigate(href);
                }}
                className="flex w-full items-start gap-3 px-4 py-3 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              >
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                <span className="flex min-w-0 flex-1 flex-col">
                  {item.title ? (
                    <span className={cn('truncate text-sm', isUnread ? 'font-semibold' : 'font-medium')}>
                      {item.title}
                    </span>
                  ) : null}
                  <span className="line-clamp-2 text-sm text-muted-foreground">{item.message}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <time dateTime={item.created_at} className="text-xs text-muted-foreground">
                    {formatRelativeTime(item.created_at, now)}
                  </time>
                  {isUnread ? (
                    <span className="size-2 rounded-full bg-primary">
                      <span className="sr-only">não lida</span>
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );

  const count = typeof unread.data === 'number' ? unread.data : null;
  return (
    <WidgetCard
      title={title}
      action={
        count !== null ? <span className="text-xs text-muted-foreground">{unreadLabel(count)}</span> : null
      }
    >
      {body}
    </WidgetCard>
  );
}

/** The staff dashboard's widget: what is still unread. */
export function UnreadNotificationsWidget() {
  return <NotificationsWidget onlyUnread />;
}

/** The portal home's widget: the latest notifications, read or not. */
export function RecentNotificationsWidget() {
  return <NotificationsWidget />;
}
