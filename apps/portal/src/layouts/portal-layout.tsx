import { isPathWithin } from '@farol/data';
import { cn } from '@farol/ui';
import { LighthouseIcon, LogOutIcon } from 'lucide-react';
import { Suspense, useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { portalNavItems, useModules, type PortalNavItem } from '../lib/module-registry';
import { PageSpinner } from '../routing/full-page-spinner';
import { AppHeader } from './app-header';
import { RouteFocus } from './route-focus';
import { LazyToaster } from './lazy-toaster';
import { SkipLink } from './skip-link';
import { useSignOut } from './staff-layout';

/** The entry a path belongs to: the longest matching route ('/portal' only for the home itself). */
export function activePortalItem(
  items: readonly PortalNavItem[],
  pathname: string,
): PortalNavItem | undefined {
  return [...items]
    .filter((item) =>
      item.href === '/portal'
        ? pathname === '/portal' || pathname === '/portal/'
        : isPathWithin(pathname, item.href),
    )
    .sort((a, b) => b.href.length - a.href.length)[0];
}

/** The client portal: the same header features, a simpler menu, no sidebar and no assistant. */
export function PortalLayout() {
  const { pathname } = useLocation();
  const signOut = useSignOut('/portal/login');
  const modules = useModules();
  const items = useMemo(() => portalNavItems(modules), [modules]);
  const active = activePortalItem(items, pathname);

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <SkipLink />
      <LazyToaster />
      <AppHeader title={active?.label ?? 'Portal do Cliente'} messagesHref="/portal/messages" />
      <RouteFocus mainId="conteudo" title={active?.label ?? 'Portal do Cliente'} />
      <nav aria-label="Portal do cliente" className="border-b bg-sidebar">
        <div className="mx-auto flex max-w-6xl items-center gap-1 px-2 sm:gap-2 md:px-6">
          <Link
            to="/portal"
            className="mr-2 flex items-center gap-2 rounded-md py-2 pr-2 font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <LighthouseIcon aria-hidden="true" className="size-4" />
            </span>
            <span className="max-sm:sr-only">Farol</span>
            <span className="sr-only"> — início do portal</span>
          </Link>
          <div className="min-w-0 flex-1 overflow-x-auto">
            <ul className="flex items-center gap-1">
              {items.map((item) => {
                const current = item.id === active?.id;
                const Icon = item.icon;
                return (
                  <li key={item.id}>
                    <Link
                      to={item.href}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'flex h-11 min-w-11 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap outline-none',
                        'text-muted-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
                        'focus-visible:ring-2 focus-visible:ring-ring',
                        current && 'bg-sidebar-accent text-sidebar-accent-foreground',
                      )}
                    >
                      <Icon aria-hidden="true" className="size-4" />
                      <span className="max-sm:sr-only">{item.label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
          <button
            type="button"
            onClick={() => void signOut()}
            className="flex h-11 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LogOutIcon aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Sair</span>
          </button>
        </div>
      </nav>
      <main
        id="conteudo"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none [--page-chrome:10rem] md:px-6"
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
