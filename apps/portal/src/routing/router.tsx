import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { PortalLoginPage, StaffLoginPage } from '../features/auth/login-page';
import { ForbiddenPage } from '../features/forbidden/forbidden-page';
import {
  ModuleRegistryProvider,
  isPortalPath,
  preloadPortalHome,
  preloadStaffHome,
  type FeatureModule,
  type ModuleRoute,
} from '../lib/module-registry';
import { MODULES } from '../modules';
import { AccessGuard, FallbackRedirect } from './access-guard';
import { FullPageSpinner } from './full-page-spinner';
import { SessionRoot } from './session-root';

// The layouts (sidebar, header, popovers) are not needed on the login pages: their own chunk.
const loadShellLayout = () => import('../layouts/shell-layout');
const loadPortalLayout = () => import('../layouts/portal-layout');
const ShellLayout = lazy(async () => ({ default: (await loadShellLayout()).ShellLayout }));
const PortalLayout = lazy(async () => ({ default: (await loadPortalLayout()).PortalLayout }));

function withSpinner(Component: ComponentType) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Component />
    </Suspense>
  );
}

const toRoute = ({ path, page: Page }: ModuleRoute): RouteObject => ({ path, element: <Page /> });

/**
 * Every route of spec §2 behind one guard (resolveAccess). Module routes come from the modules list;
 * anything the guard lets through that no module serves falls back to the person's home.
 */
export function appRoutes(modules: readonly FeatureModule[] = MODULES): RouteObject[] {
  const routes = modules.flatMap((module) => module.routes);
  return [
    {
      // The registry reaches pages through context, so no feature imports the list that imports it.
      element: (
        <ModuleRegistryProvider modules={modules}>
          <SessionRoot />
        </ModuleRegistryProvider>
      ),
      children: [
        {
          element: <AccessGuard />,
          children: [
            // Typing a password is time enough to fetch the next screen's code (issue 18: the first screen).
            {
              path: '/login',
              element: (
                <StaffLoginPage
                  onWarmUp={() => {
                    void loadShellLayout();
                    preloadStaffHome(modules);
                  }}
                />
              ),
            },
            {
              path: '/portal/login',
              element: (
                <PortalLoginPage
                  onWarmUp={() => {
                    void loadPortalLayout();
                    preloadPortalHome(modules);
                  }}
                />
              ),
            },
            { path: '/403', element: <ForbiddenPage /> },
            {
              element: withSpinner(PortalLayout),
              children: routes.filter((route) => isPortalPath(route.path)).map(toRoute),
            },
            {
              element: withSpinner(ShellLayout),
              // /profile and /settings serve clients too, inside the portal layout (ShellLayout picks it).
              children: routes.filter((route) => !isPortalPath(route.path)).map(toRoute),
            },
            { path: '*', element: <FallbackRedirect /> },
          ],
        },
      ],
    },
  ];
}

/** The route tree, for any router: <AppRouter> in the app, a MemoryRouter in stories and tests. */
export function AppRoutes({ modules = MODULES }: { modules?: readonly FeatureModule[] }) {
  const routes = useMemo(() => appRoutes(modules), [modules]);
  return useRoutes(routes);
}

/**
 * The declarative BrowserRouter rather than createBrowserRouter: the app uses no loaders or actions, and
 * the data router costs 17 KB gzip more on the login pages' first paint (31 vs 14 KB), which the
 * 120 KB budget of design.md §7 cannot carry.
 */
export function AppRouter({ modules = MODULES }: { modules?: readonly FeatureModule[] }) {
  return (
    <BrowserRouter>
      <AppRoutes modules={modules} />
    </BrowserRouter>
  );
}
