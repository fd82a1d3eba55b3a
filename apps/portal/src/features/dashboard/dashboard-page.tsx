import { useSession } from '@farol/data';
import { Link } from 'react-router-dom';
import { greetingFor } from '../../lib/greeting';
import { moduleShortcuts, useModules } from '../../lib/module-registry';
import { firstNameOf } from '../../lib/user-display';
import { WidgetCard, WidgetEmpty } from '../../lib/widget-card';
import { HomeWidgets } from './home-widgets';

/**
 * /dashboard: the staff home (greeting, the widgets the modules contribute — chamados for those who work
 * them, unread notifications, recent conversations — and shortcuts).
 */
export function DashboardPage() {
  const { user } = useSession();
  const shortcuts = moduleShortcuts(user, useModules());
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
      <HomeWidgets home="staff" />
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
