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

/** The portal's sections as links: in the header on wide screens, as the bottom tab bar on phones. */
function PortalNav({
  items,
  activeId,
  variant,
}: {
  items: readonly PortalNavItem[];
  activeId: string | undefined;
  variant: 'header' | 'tabs';
}) {
  const tabs = variant === 'tabs';
  return (
    <nav
      aria-label="Portal do cliente"
      className={
        tabs
          ? 'fixed inset-x-0 bottom-0 z-30 border-t bg-sidebar pb-[env(safe-area-inset-bottom)] md:hidden'
          : 'min-w-0 max-md:hidden'
      }
    >
      <ul className={cn('flex items-center', tabs ? 'justify-around' : 'gap-1')}>
        {items.map((item) => {
          const current = item.id === activeId;
          const Icon = item.icon;
          return (
            <li key={item.id} className={tabs ? 'flex-1' : undefined}>
              <Link
                to={item.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-center rounded-md font-medium whitespace-nowrap outline-none',
                  'text-muted-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
                  'focus-visible:ring-2 focus-visible:ring-ring',
                  tabs ? 'h-14 flex-col gap-0.5 text-[0.6875rem]' : 'h-10 gap-2 px-3 text-sm',
                  current && 'bg-sidebar-accent text-sidebar-accent-foreground',
                )}
              >
                <Icon aria-hidden="true" className={tabs ? 'size-5' : 'size-4'} />
                <span>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The client portal: one header (logo, the sections, bell, messages, profile, Sair) over one container
 * width; on phones the sections move to a labelled tab bar at the bottom. No sidebar and no assistant.
 */
export function PortalLayout() {
  const { pathname } = useLocation();
  const signOut = useSignOut('/portal/login');
  const modules = useModules();
  const items = useMemo(() => portalNavItems(modules), [modules]);
  const active = activePortalItem(items, pathname);
  const title = active?.label ?? 'Portal do Cliente';

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <SkipLink />
      <LazyToaster />
      <div className="sticky top-0 z-30 border-b bg-background">
        <AppHeader
          title={title}
          titleHidden
          messagesHref="/portal/messages"
          className="static mx-auto w-full max-w-6xl border-b-0 md:px-6"
          leading={
            <>
              <Link
                to="/portal"
                className="mr-2 flex shrink-0 items-center gap-2 rounded-md py-2 pr-2 font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <LighthouseIcon aria-hidden="true" className="size-4" />
                </span>
                <span>Farol</span>
                <span className="sr-only"> — início do portal</span>
              </Link>
              <PortalNav items={items} activeId={active?.id} variant="header" />
            </>
          }
          actions={
            <button
              type="button"
              onClick={() => void signOut()}
              className="flex h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring md:px-3"
            >
              <LogOutIcon aria-hidden="true" className="size-4" />
              <span className="max-md:sr-only">Sair</span>
            </button>
          }
        />
      </div>
      <RouteFocus mainId="conteudo" title={title} />
      <main
        id="conteudo"
        tabIndex={-1}
        // On phones the tab bar (3.5 rem) sits over the bottom: the page keeps clear of it.
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 pb-24 outline-none [--page-chrome:8rem] md:px-6 md:pb-6"
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <PortalNav items={items} activeId={active?.id} variant="tabs" />
    </div>
  );
}
