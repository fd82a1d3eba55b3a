import { NAV_ITEMS, hasPermission, visibleNavItems, type PermissionKey, type SessionUser } from '@farol/data';
import type { NavItem } from '@farol/ui';
import {
  HouseIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  MessageSquareIcon,
  SettingsIcon,
  UserRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ModuleRoute {
  /** Absolute path pattern, e.g. '/messages/:conversationId'. */
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

export interface ModuleNavEntry {
  route: string;
  icon: LucideIcon;
  /** Portal entries only: staff labels come from the spec's sidebar table (NAV_ITEMS). */
  label?: string;
}

/** One feature of the app: its routes in each area, its menu entry, the permission it needs. */
export interface FeatureModule {
  id: string;
  /** How shortcuts name it. */
  label: string;
  icon: LucideIcon;
  permission: PermissionKey | null;
  /** Routes inside the staff shell; clients reach /profile and /settings here too, in the portal layout. */
  staff?: { routes: ModuleRoute[]; nav?: ModuleNavEntry };
  /** Routes under /portal (client-only). */
  portal?: { routes: ModuleRoute[]; nav?: ModuleNavEntry };
}

/** React.lazy for a named export, so every page stays a named export and its own chunk. */
function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const DashboardPage = lazyPage(() => import('./features/dashboard/dashboard-page'), 'DashboardPage');
const MessagesPage = lazyPage(() => import('./features/messages/messages-page'), 'MessagesPage');
const ProfilePage = lazyPage(() => import('./features/profile/profile-page'), 'ProfilePage');
const SettingsPage = lazyPage(() => import('./features/settings/settings-page'), 'SettingsPage');
const PortalHomePage = lazyPage(() => import('./features/portal/portal-home-page'), 'PortalHomePage');
const StaffTicketsPage = lazyPage(() => import('./features/tickets/staff-tickets-page'), 'StaffTicketsPage');
const ClientTicketsPage = lazyPage(
  () => import('./features/tickets/client-tickets-page'),
  'ClientTicketsPage',
);
const StaffTicketPage = lazyPage(() => import('./features/tickets/staff-ticket-page'), 'StaffTicketPage');
const ClientTicketPage = lazyPage(() => import('./features/tickets/client-ticket-page'), 'ClientTicketPage');

/**
 * The one list of what the app offers. Only modules that exist are here; tasks, connections, passwords,
 * companies, users and statistics join in their own issues, and the menus follow.
 */
export const MODULES: readonly FeatureModule[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    icon: LayoutDashboardIcon,
    permission: null,
    staff: {
      routes: [{ path: '/dashboard', page: DashboardPage }],
      nav: { route: '/dashboard', icon: LayoutDashboardIcon },
    },
    portal: {
      routes: [{ path: '/portal', page: PortalHomePage }],
      nav: { route: '/portal', icon: HouseIcon, label: 'Início' },
    },
  },
  {
    id: 'tickets',
    label: 'Suporte',
    icon: LifeBuoyIcon,
    permission: 'tickets.view',
    staff: {
      routes: [
        { path: '/support', page: StaffTicketsPage },
        { path: '/support/:status', page: StaffTicketsPage },
        // The router ranks the static 'ticket' segment above ':status', as resolveAccess does.
        { path: '/support/ticket/:id', page: StaffTicketPage },
      ],
      nav: { route: '/support', icon: LifeBuoyIcon },
    },
    portal: {
      routes: [
        { path: '/portal/tickets', page: ClientTicketsPage },
        { path: '/portal/tickets/:id', page: ClientTicketPage },
      ],
      nav: { route: '/portal/tickets', icon: LifeBuoyIcon, label: 'Chamados' },
    },
  },
  {
    id: 'messages',
    label: 'Mensagens',
    icon: MessageSquareIcon,
    permission: null,
    staff: {
      routes: [
        { path: '/messages', page: MessagesPage },
        { path: '/messages/:conversationId', page: MessagesPage },
      ],
    },
    portal: {
      routes: [
        { path: '/portal/messages', page: MessagesPage },
        { path: '/portal/messages/:conversationId', page: MessagesPage },
      ],
      nav: { route: '/portal/messages', icon: MessageSquareIcon, label: 'Mensagens' },
    },
  },
  {
    id: 'profile',
    label: 'Perfil',
    icon: UserRoundIcon,
    permission: null,
    staff: { routes: [{ path: '/profile', page: ProfilePage }] },
    portal: { routes: [], nav: { route: '/profile', icon: UserRoundIcon, label: 'Perfil' } },
  },
  {
    id: 'settings',
    label: 'Configurações',
    icon: SettingsIcon,
    permission: null,
    staff: {
      routes: [{ path: '/settings', page: SettingsPage }],
      nav: { route: '/settings', icon: SettingsIcon },
    },
    portal: { routes: [], nav: { route: '/settings', icon: SettingsIcon, label: 'Configurações' } },
  },
];

/** The sidebar: the spec's table (as visibleNavItems filters it for this user) ∩ the listed modules. */
export function staffNavItems(
  user: SessionUser | null,
  modules: readonly FeatureModule[] = MODULES,
): NavItem[] {
  const entries = new Map(
    modules.flatMap((module) =>
      module.staff?.nav && hasPermission(user, module.permission)
        ? [[module.staff.nav.route, module] as const]
        : [],
    ),
  );
  return visibleNavItems(user).flatMap((item) => {
    const module = entries.get(item.route);
    const nav = module?.staff?.nav;
    if (!module || !nav) return [];
    return [
      { id: module.id, label: item.label, href: item.route, icon: nav.icon, permission: item.permission },
    ];
  });
}

export interface PortalNavItem {
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
}

/** The client portal's menu, in list order. */
export function portalNavItems(modules: readonly FeatureModule[] = MODULES): PortalNavItem[] {
  return modules.flatMap((module) => {
    const nav = module.portal?.nav;
    return nav ? [{ id: module.id, label: nav.label ?? module.id, href: nav.route, icon: nav.icon }] : [];
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
  modules: readonly FeatureModule[] = MODULES,
): ModuleShortcut[] {
  return modules.flatMap((module) => {
    const first = module.staff?.routes[0];
    if (module.id === 'dashboard' || !first || !hasPermission(user, module.permission)) return [];
    const label = NAV_ITEMS.find((item) => item.route === first.path)?.label ?? module.label;
    return [{ id: module.id, label, href: first.path, icon: module.icon }];
  });
}
