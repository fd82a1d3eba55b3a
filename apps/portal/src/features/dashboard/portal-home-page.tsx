import { useSession } from '@farol/data';
import { greetingFor } from '../../lib/greeting';
import { firstNameOf } from '../../lib/user-display';
import { HomeWidgets } from './home-widgets';

/** /portal: the client's home (greeting, and the widgets the modules contribute: open chamados, latest conversations and notifications). */
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
      <HomeWidgets home="portal" />
    </div>
  );
}
