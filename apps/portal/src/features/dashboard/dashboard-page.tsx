import { PERMISSIONS, hasPermission, useSession } from '@farol/data';
import { Link } from 'react-router-dom';
import { WidgetCard, WidgetEmpty } from '../../components/widget-card';
import { greetingFor } from '../../lib/greeting';
import { firstNameOf } from '../../lib/user-display';
import { moduleShortcuts } from '../../modules';
import { RecentConversationsWidget } from '../messages/recent-conversations-widget';
import { NotificationsWidget } from '../notifications/notifications-widget';
import { TicketSummaryWidget } from '../tickets/ticket-summary-widget';

/**
 * /dashboard: the staff home (greeting, the chamados for those who work them, unread notifications, recent
 * conversations, shortcuts).
 */
export function DashboardPage() {
  const { user } = useSession();
  const shortcuts = moduleShortcuts(user);
  const name = user ? firstNameOf(user) : '';
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-2xl font-semibold">
          {greetingFor()}
          {name ? `, ${name}` : ''}!
        </p>
        <p className="text-muted-foreground">Veja o que mudou desde a sua última visita.</p>
      </div>
      {hasPermission(user, PERMISSIONS.TICKETS_VIEW) ? <TicketSummaryWidget /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <NotificationsWidget onlyUnread />
        <RecentConversationsWidget basePath="/messages" />
      </div>
      <WidgetCard title="Atalhos">
        {shortcuts.length === 0 ? (
          <WidgetEmpty>Nenhum atalho disponível.</WidgetEmpty>
        ) : (
          <ul className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
            {shortcuts.map((shortcut) => {
              const Icon = shortcut.icon;
              return (
                <li key={shortcut.id}>
                  <Link
                    to={shortcut.href}
                    className="flex items-center gap-3 rounded-lg border bg-background px-4 py-3 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Icon aria-hidden="true" className="size-5 text-primary" />
                    {shortcut.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </WidgetCard>
    </div>
  );
}
