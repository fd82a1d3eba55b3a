import { isLoginPath } from '@farol/data';
import { useEffect, useMemo, useState } from 'react';
import { BrowserRouter, matchPath, useLocation, useRoutes } from 'react-router-dom';
import {
  isPortalPath,
  preloadPortalHome,
  preloadStaffHome,
  type FeatureModule,
  type PreloadableComponent,
} from '../lib/module-registry';
import { buildAppRoutes, loadPortalLayout, loadShellLayout } from './route-tree';

type LoadModules = () => Promise<readonly FeatureModule[]>;

let modulesList: Promise<readonly FeatureModule[]> | null = null;
/** The modules list (pages, widgets, menu icons): a chunk of its own, fetched once. */
const loadModules: LoadModules = () => (modulesList ??= import('../modules').then(({ MODULES }) => MODULES));

/** Fetches the code of the page at `pathname` (and a home's widgets) as soon as the list names it. */
export function preloadPage(modules: readonly FeatureModule[], pathname: string): void {
  if (pathname === '/dashboard') return preloadStaffHome(modules);
  if (pathname === '/portal') return preloadPortalHome(modules);
  for (const route of modules.flatMap((module) => module.routes)) {
    if (matchPath({ path: route.path, end: true }, pathname))
      void (route.page as Partial<PreloadableComponent>).preload?.();
  }
}

/**
 * What a first load needs, started at once and side by side: off the login pages, the modules list, the
 * layout and (once the list names it) the page, instead of the layout's code waiting for the list and the
 * page's for the layout. On the login pages nothing: their warm-up fetches what follows the sign-in.
 */
export function startFirstLoad(pathname: string, load: LoadModules = loadModules): void {
  if (isLoginPath(pathname)) return;
  const modules = load();
  void (isPortalPath(pathname) ? loadPortalLayout() : loadShellLayout());
  void modules.then((list) => preloadPage(list, pathname)).catch(() => undefined);
}

/**
 * The route tree while the modules list loads (see buildAppRoutes), then with it. The login pages ask for the
 * list only when the person starts on the form (their warm-up); any other page asks at once.
 */
export function LazyModulesRoutes({ load = loadModules }: { load?: LoadModules }) {
  const { pathname } = useLocation();
  const [modules, setModules] = useState<readonly FeatureModule[] | null>(null);
  const wanted = modules === null && !isLoginPath(pathname);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void load().then((list) => {
      if (live) setModules(list);
    });
    return () => {
      live = false;
    };
  }, [wanted, load]);
  const routes = useMemo(() => buildAppRoutes(modules, load), [modules, load]);
  return useRoutes(routes);
}

/**
 * The app's router. The declarative BrowserRouter rather than createBrowserRouter: the app uses no loaders
 * or actions, and the data router costs 17 KB gzip more on the login pages' first paint (31 vs 14 KB).
 */
export function AppRouter() {
  useState(() => startFirstLoad(window.location.pathname));
  return (
    <BrowserRouter>
      <LazyModulesRoutes />
    </BrowserRouter>
  );
}
