import { useMemo } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import type { FeatureModule } from '../lib/module-registry';
import { MODULES } from '../modules';
import { buildAppRoutes } from './route-tree';

/**
 * The route tree with the modules list at hand, for any router: a MemoryRouter in stories and tests. The
 * app itself (main.tsx) uses <AppRouter> from ./app-router, which fetches the list apart from the entry.
 */
export function appRoutes(modules: readonly FeatureModule[] = MODULES): RouteObject[] {
  return buildAppRoutes(modules, () => Promise.resolve(modules));
}

export function AppRoutes({ modules = MODULES }: { modules?: readonly FeatureModule[] }) {
  const routes = useMemo(() => appRoutes(modules), [modules]);
  return useRoutes(routes);
}
