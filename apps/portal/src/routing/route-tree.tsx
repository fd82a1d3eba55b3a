import { matchRoute } from '@farol/data';
import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PortalLoginPage, StaffLoginPage } from '../features/auth/login-page';
import {
  ModuleRegistryProvider,
  isPortalPath,
  lazyNamed,
  preloadPortalHome,
  preloadStaffHome,
  type FeatureModule,
  type ModuleRoute,
} from '../lib/module-registry';
import { AccessGuard, FallbackRedirect } from './access-guard';
import { FullPageSpinner } from './full-page-spinner';
import { SessionRoot } from './session-root';

// The layouts (sidebar, header, popovers) are not needed on the login pages: their own chunk.
export const loadShellLayout = () => import('../layouts/shell-layout');
export const loadPortalLayout = () => import('../layouts/portal-layout');
const ShellLayout = lazy(async () => ({ default: (await loadShellLayout()).ShellLayout }));
const PortalLayout = lazy(async () => ({ default: (await loadPortalLayout()).PortalLayout }));
// Seldom seen, and it draws a lucide icon: its own chunk too.
const ForbiddenPage = lazyNamed(() => import('../features/forbidden/forbidden-page'), 'ForbiddenPage');

function withSpinner(Component: ComponentType) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Component />
    </Suspense>
  );
}

const toRoute = ({ path, page: Page }: ModuleRoute): RouteObject => ({ path, element: <Page /> });

const NO_MODULES: readonly FeatureModule[] = [];

const isPublicPath = (path: string) => matchRoute(path)?.route.area === 'public';

/**
 * Every route of spec §2 behind one guard (resolveAccess). Module routes come from the modules list;
 * anything the guard lets through that no module serves falls back to the person's home.
 *
 * `modules` is null while the list's own chunk loads (the app fetches it apart from the entry, so the login
 * pages' code carries no module, page loader or menu icon): the login pages and /403 work already, and
 * any other page the guard lets through shows the spinner until the list is there. `loadModules` gives the
 * list to the login pages' warm-up.
 */
export function buildAppRoutes(
  modules: readonly FeatureModule[] | null,
  loadModules: () => Promise<readonly FeatureModule[]>,
): RouteObject[] {
  const routes = (modules ?? NO_MODULES).flatMap((module) => module.routes);
  const moduleRoutes: RouteObject[] = modules
    ? [
        {
          element: withSpinner(PortalLayout),
          children: routes.filter((route) => isPortalPath(route.path)).map(toRoute),
        },
        // Public pages of a module (an invitation's link, a password reset) stand alone, like the login.
        ...routes
          .filter((route) => isPublicPath(route.path))
          .map((route) => ({ path: route.path, element: withSpinner(route.page) })),
        {
          element: withSpinner(ShellLayout),
          // /profile and /settings serve clients too, inside the portal layout (ShellLayout picks it).
          children: routes
            .filter((route) => !isPortalPath(route.path) && !isPublicPath(route.path))
            .map(toRoute),
        },
        { path: '*', element: <FallbackRedirect /> },
      ]
    : [{ path: '*', element: <FullPageSpinner /> }];
  return [
    {
      // The registry reaches pages through context, so no feature imports the list that imports it.
      element: (
        <ModuleRegistryProvider modules={modules ?? NO_MODULES}>
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
                    void loadModules().then(preloadStaffHome);
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
                    void loadModules().then(preloadPortalHome);
                  }}
                />
              ),
            },
            { path: '/403', element: withSpinner(ForbiddenPage) },
            ...moduleRoutes,
          ],
        },
      ],
    },
  ];
}
