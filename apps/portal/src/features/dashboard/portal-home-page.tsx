import { useSession } from '@farol/data';
import { greetingFor } from '../../lib/greeting';
import { firstNameOf } from '../../lib/user-display';
import { RecentConversationsWidget } from '../messages/recent-conversations-widget';
import { NotificationsWidget } from '../notifications/notifications-widget';
import { OpenTicketsWidget } from '../tickets/open-tickets-widget';

/** /portal: the client's home (greeting, their open chamados, latest conversations and notifications). */
export function PortalHomePage() {
  const { user } = useSession();
  const name = user ? firstNameOf(user) : '';
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-2xl font-semibold">
          {greetingFor()}
          {name ? `, ${name}` : ''}!
        </p>
        <p className="text-muted-foreground">
          {user?.companyName ? `Portal de ${user.companyName}. ` : ''}Acompanhe seus chamados e conversas com
          a equipe de suporte.
        </p>
      </div>
      <OpenTicketsWidget />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentConversationsWidget basePath="/portal/messages" />
        <NotificationsWidget />
      </div>
    </div>
  );
}
