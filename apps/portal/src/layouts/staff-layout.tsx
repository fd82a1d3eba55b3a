import { headerTitle, logoHref, useSession } from '@farol/data';
import { Sidebar } from '@farol/ui';
import { Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { renderRouterLink } from '../lib/router-link';
import { roleLabel } from '../lib/user-display';
import { staffNavItems, useModules } from '../lib/module-registry';
import { PageSpinner } from '../routing/full-page-spinner';
import { AppHeader } from './app-header';
import { LazyChatbot } from './lazy-chatbot';
import { RouteFocus } from './route-focus';
import { LazyToaster } from './lazy-toaster';
import { SkipLink } from './skip-link';

/** Sign out, then the staff login (spec §2: 'Sair'). */
export function useSignOut(to = '/login') {
  const { logout } = useSession();
  const navigate = useNavigate();
  return async () => {
    await logout();
    void navigate(to, { replace: true });
  };
}

/** The staff shell: sidebar, header, the page, and the assistant (spec §2). */
export function StaffLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const signOut = useSignOut('/login');
  const [mobileOpen, setMobileOpen] = useState(false);
  const modules = useModules();
  const items = useMemo(() => staffNavItems(user, modules, pathname), [user, modules, pathname]);
  if (!user) return null;

  return (
    <div className="flex min-h-svh bg-background">
      <SkipLink />
      {/* A landmark around the whole rail: its logo and profile block sit outside the kit's <nav>. */}
      <aside aria-label="Barra lateral" className="shrink-0">
        <Sidebar
          items={items}
          user={{ name: user.name, role: roleLabel(user), avatarUrl: user.profilePicture }}
          onSignOut={() => void signOut()}
          renderLink={renderRouterLink}
          logoHref={logoHref(user)}
          mobileOpen={mobileOpen}
          onMobileOpenChange={setMobileOpen}
        />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader
          title={headerTitle(pathname)}
          messagesHref="/messages"
          onMenuClick={() => setMobileOpen(true)}
          menuExpanded={mobileOpen}
        />
        <RouteFocus mainId="conteudo" title={headerTitle(pathname)} />
        <main
          id="conteudo"
          tabIndex={-1}
          // On phones the assistant's 48 px button floats 16 px from the bottom right, over the content: the
          // page ends clear of it (its last item, the composer's send button).
          className="flex-1 px-4 pt-6 pb-20 outline-none [--chatbot-clearance:4.5rem] [--page-chrome:10rem] md:px-8 md:pb-6 md:[--chatbot-clearance:3.5rem] md:[--page-chrome:7rem]"
        >
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <LazyChatbot pathname={pathname} />
      <LazyToaster />
    </div>
  );
}
