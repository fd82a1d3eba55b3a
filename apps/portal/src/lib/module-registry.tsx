import {
  NAV_ITEMS,
  PORTAL_MENU_ITEMS,
  hasPermission,
  isNavItemActive,
  isPathWithin,
  matchRoute,
  visibleNavItems,
  type PermissionKey,
  type SessionUser,
} from '@farol/data';
import type { NavItem } from '@farol/ui';
import type { LucideIcon } from 'lucide-react';
import {
  createContext,
  lazy,
  useContext,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/**
 * The app's module registry: what a feature contributes (pages on the route table's paths, dashboard
 * widgets) and the menus built from it. Features never import each other or the list itself: the router
 * provides the list through context, and pages read it with `useModules()`.
 */

export interface ModuleRoute {
  /** A path of @farol/data's route table (its permission, area, menu entries and title come from there). */
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** The icon of this path's menu entry, when the route table gives it one. */
  icon?: LucideIcon;
}

/** Which home a widget is shown on: the staff dashboard or the client portal's home. */
export type WidgetHome = 'staff' | 'portal';

export interface ModuleWidget {
  id: string;
  home: WidgetHome;
  /** Place among the home's widgets, ascending. */
  order: number;
  /** 'full' takes the whole row; 'half' shares a row with the next half widget on wide screens. */
  size: 'full' | 'half';
  /** The key a person needs to see it (null: everyone on that home). */
  permission?: PermissionKey | null;
  component: LazyExoticComponent<ComponentType>;
}

/** What a company page gives a tab it shows (issue 12: other modules add tabs to the company hub). */
export interface CompanyTabProps {
  companyId: number;
}

/** A tab a module adds to the company page (/companies/:id?tab=<id>), after the companies module's own. */
export interface ModuleCompanyTab {
  /** Its `?tab=` value: a URL-safe word ('ativos', 'senhas'). */
  id: string;
  label: string;
  /** Place among the tabs, ascending: the page's own are 0 (Visão geral) to 40 (Chamados), and 90 (Atividade). */
  order: number;
  /** The key a person needs to see it (null: anyone who sees the company). */
  permission?: PermissionKey | null;
  component: LazyExoticComponent<ComponentType<CompanyTabProps>>;
}

/** What a chamado's page gives a section another module shows on it (issue 16: its tasks). */
export interface TicketSectionProps {
  ticket: { id: number; subject: string; status: string; company_id: number | null };
}

/** A section a module adds beside a chamado on its staff page (/support/ticket/:id), after the page's own. */
export interface ModuleTicketSection {
  id: string;
  /** Place among the added sections, ascending. */
  order: number;
  /** The key a person needs to see it (null: anyone who sees the chamado). */
  permission?: PermissionKey | null;
  component: LazyExoticComponent<ComponentType<TicketSectionProps>>;
}

/**
 * Figures a module adds to the company page's Visão geral (issue 12: "other modules add their figures here"):
 * a component that receives `companyId` and renders one or more `CompanyFigure` cards (lib/company-figure).
 */
export interface ModuleCompanyFigures {
  id: string;
  /** Place among the figures, ascending (chamados: 10). */
  order: number;
  /** How many cards it draws, so its placeholders take their place while its code loads (default 1). */
  cards?: number;
  /** The key a person needs to see them (null: anyone who sees the company). */
  permission?: PermissionKey | null;
  component: LazyExoticComponent<ComponentType<CompanyTabProps>>;
}

/** What a person's page (/users/:id) gives a section another module shows on it (issue 13). */
export interface UserPageSectionProps {
  /** The person the page is about (as the directory's GET /api/users/:id answers). */
  user: {
    id: number;
    name: string;
    email: string;
    role: string;
    company_id: number | null;
    company_name: string | null;
  };
}

/**
 * A section a module adds to a person's page (/users/:id), after the page's own (contact facts, chamados):
 * accounts, security and roles add "Segurança", "Acessos", "Auditoria" and the like.
 */
export interface ModuleUserPageSection {
  id: string;
  /** Its heading on the page. */
  title: string;
  /** Place among the added sections, ascending (the page's own come first). */
  order: number;
  /** The key a person needs to see it (null: anyone who sees the person). */
  permission?: PermissionKey | null;
  /** Whether it also shows when the page is the viewer's own (default true). */
  onOwnPage?: boolean;
  component: LazyExoticComponent<ComponentType<UserPageSectionProps>>;
}

/** One feature of the app. */
export interface FeatureModule {
  id: string;
  /** How the dashboard's shortcuts name it when its path has no sidebar entry. */
  label: string;
  /** Its shortcut's icon; a module without one (widgets only) has no shortcut. */
  icon?: LucideIcon;
  routes: readonly ModuleRoute[];
  widgets?: readonly ModuleWidget[];
  /** Tabs it adds to the company page. */
  companyTabs?: readonly ModuleCompanyTab[];
  /** Sections it adds to a chamado's staff page. */
  ticketSections?: readonly ModuleTicketSection[];
  /** Figures it adds to the company page's Visão geral. */
  companyFigures?: readonly ModuleCompanyFigures[];
  /** Sections it adds to a person's page (/users/:id). */
  userPageSections?: readonly ModuleUserPageSection[];
}

/** A lazily loaded page or widget that can also be fetched ahead of its first render. */
export type PreloadableComponent<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a named export, so every page and widget stays a named export and its own chunk; `preload()`
 * fetches the chunk early (e.g. while the person types their password). A component that takes props names
 * them: `lazyNamed<'AssetsTab', CompanyTabProps>(…)`.
 */
export function lazyNamed<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<NoInfer<P>>>>,
  name: K,
): PreloadableComponent<P> {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  );
}

/**
 * Fetches, ahead of time, the code of what a staff member sees right after signing in: the dashboard and its
 * widgets (the caller adds the shell's layout).
 */
export function preloadStaffHome(modules: readonly FeatureModule[]): void {
  const home = modules.flatMap((module) => [
    ...module.routes.filter((route) => route.path === '/dashboard').map((route) => route.page),
    ...(module.widgets ?? []).filter((widget) => widget.home === 'staff').map((widget) => widget.component),
  ]);
  for (const component of home) void (component as Partial<PreloadableComponent>).preload?.();
}

/** The same for a client: the portal home and its widgets. */
export function preloadPortalHome(modules: readonly FeatureModule[]): void {
  const home = modules.flatMap((module) => [
    ...module.routes.filter((route) => route.path === '/portal').map((route) => route.page),
    ...(module.widgets ?? []).filter((widget) => widget.home === 'portal').map((widget) => widget.component),
  ]);
  for (const component of home) void (component as Partial<PreloadableComponent>).preload?.();
}

/** Whether a path belongs in the client portal's layout. */
export const isPortalPath = (path: string) => isPathWithin(path, '/portal');

/** The permission the route table gives a module's path (null for paths anyone signed in may open). */
export const permissionOf = (path: string): PermissionKey | null =>
  matchRoute(path)?.route.permission ?? null;

const iconsByPath = (modules: readonly FeatureModule[]) =>
  new Map(
    modules.flatMap((module) =>
      module.routes.flatMap((route) => (route.icon ? [[route.path, route.icon] as const] : [])),
    ),
  );

/** The sidebar: the route table's entries this person sees, where a module serves the path, active marked. */
export function staffNavItems(
  user: SessionUser | null,
  modules: readonly FeatureModule[],
  pathname = '',
): NavItem[] {
  const icons = iconsByPath(modules);
  return visibleNavItems(user).flatMap((item) => {
    const icon = icons.get(item.route);
    if (!icon) return [];
    return [
      {
        id: item.route,
        label: item.label,
        href: item.route,
        icon,
        active: isNavItemActive(pathname, item.route),
      },
    ];
  });
}

export interface PortalNavItem {
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
}

/** The client portal's menu, in the route table's order, where a module serves the path. */
export function portalNavItems(modules: readonly FeatureModule[]): PortalNavItem[] {
  const icons = iconsByPath(modules);
  return PORTAL_MENU_ITEMS.flatMap((item) => {
    const icon = icons.get(item.route);
    return icon ? [{ id: item.route, label: item.label, href: item.route, icon }] : [];
  });
}

export interface ModuleShortcut {
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
}

/** The dashboard's shortcuts: every staff module this user may open, except the dashboard itself. */
export function moduleShortcuts(
  user: SessionUser | null,
  modules: readonly FeatureModule[],
): ModuleShortcut[] {
  return modules.flatMap((module) => {
    const first = module.routes.find((route) => !isPortalPath(route.path));
    const icon = module.icon;
    if (module.id === 'dashboard' || !first || !icon || !hasPermission(user, permissionOf(first.path)))
      return [];
    const label = NAV_ITEMS.find((item) => item.route === first.path)?.label ?? module.label;
    return [{ id: module.id, label, href: first.path, icon }];
  });
}

/** The widgets of one home this user may see, in order. */
export function homeWidgets(
  user: SessionUser | null,
  modules: readonly FeatureModule[],
  home: WidgetHome,
): ModuleWidget[] {
  return modules
    .flatMap((module) => module.widgets ?? [])
    .filter((widget) => widget.home === home && hasPermission(user, widget.permission ?? null))
    .sort((a, b) => a.order - b.order);
}

/** The tabs modules add to the company page that this user may see, in order (ids kept unique, first wins). */
export function companyPageTabs(
  user: SessionUser | null,
  modules: readonly FeatureModule[],
): ModuleCompanyTab[] {
  const seen = new Set<string>();
  return modules
    .flatMap((module) => module.companyTabs ?? [])
    .filter((tab) => hasPermission(user, tab.permission ?? null))
    .filter((tab) => !seen.has(tab.id) && Boolean(seen.add(tab.id)))
    .sort((a, b) => a.order - b.order);
}

/** The sections modules add to a chamado's staff page that this user may see, in order. */
export function ticketPageSections(
  user: SessionUser | null,
  modules: readonly FeatureModule[],
): ModuleTicketSection[] {
  return modules
    .flatMap((module) => module.ticketSections ?? [])
    .filter((section) => hasPermission(user, section.permission ?? null))
    .sort((a, b) => a.order - b.order);
}

/** The figures modules add to the company page's Visão geral that this user may see, in order (first id wins). */
export function companyPageFigures(
  user: SessionUser | null,
  modules: readonly FeatureModule[],
): ModuleCompanyFigures[] {
  const seen = new Set<string>();
  return modules
    .flatMap((module) => module.companyFigures ?? [])
    .filter((figures) => hasPermission(user, figures.permission ?? null))
    .filter((figures) => !seen.has(figures.id) && Boolean(seen.add(figures.id)))
    .sort((a, b) => a.order - b.order);
}

/**
 * The sections modules add to a person's page that this viewer may see, in order (first id wins); `ownPage`
 * drops the sections that do not show on one's own page.
 */
export function userPageSections(
  user: SessionUser | null,
  modules: readonly FeatureModule[],
  ownPage = false,
): ModuleUserPageSection[] {
  const seen = new Set<string>();
  return modules
    .flatMap((module) => module.userPageSections ?? [])
    .filter((section) => hasPermission(user, section.permission ?? null))
    .filter((section) => !ownPage || section.onOwnPage !== false)
    .filter((section) => !seen.has(section.id) && Boolean(seen.add(section.id)))
    .sort((a, b) => a.order - b.order);
}

const ModulesContext = createContext<readonly FeatureModule[] | null>(null);

export function ModuleRegistryProvider({
  modules,
  children,
}: {
  modules: readonly FeatureModule[];
  children?: ReactNode;
}) {
  return <ModulesContext.Provider value={modules}>{children}</ModulesContext.Provider>;
}

/** The registered modules (inside the router). */
export function useModules(): readonly FeatureModule[] {
  const modules = useContext(ModulesContext);
  if (!modules) throw new Error('useModules must be used inside <ModuleRegistryProvider>.');
  return modules;
}
