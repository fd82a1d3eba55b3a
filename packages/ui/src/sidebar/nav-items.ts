import {
  Building2Icon,
  ChartColumnIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  ListTodoIcon,
  MonitorSmartphoneIcon,
  SettingsIcon,
  UserCogIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { defaultMessages, type Messages } from '../i18n/messages';

/** One sidebar entry. `permission` is informative: the caller filters the list before passing it in. */
export interface NavItem {
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
  permission: string | null;
}

/** The spec's sidebar table, in order (spec §2), with labels from the message catalogue. */
export function buildDefaultNavItems(messages: Messages = defaultMessages): NavItem[] {
  const label = messages.sidebar.items;
  return [
    {
      id: 'dashboard',
      label: label.dashboard,
      href: '/dashboard',
      icon: LayoutDashboardIcon,
      permission: null,
    },
    { id: 'support', label: label.support, href: '/support', icon: LifeBuoyIcon, permission: 'tickets.view' },
    { id: 'tasks', label: label.tasks, href: '/tasks', icon: ListTodoIcon, permission: 'tasks.view' },
    {
      id: 'statistics',
      label: label.statistics,
      href: '/statistics',
      icon: ChartColumnIcon,
      permission: 'statistics.view',
    },
    {
      id: 'connections',
      label: label.connections,
      href: '/connections',
      icon: MonitorSmartphoneIcon,
      permission: 'connections.view',
    },
    {
      id: 'passwords',
      label: label.passwords,
      href: '/passwords',
      icon: KeyRoundIcon,
      permission: 'passwords.view',
    },
    {
      id: 'companies',
      label: label.companies,
      href: '/companies',
      icon: Building2Icon,
      permission: 'companies.view',
    },
    {
      id: 'userManagement',
      label: label.userManagement,
      href: '/user-management',
      icon: UserCogIcon,
      permission: 'users.manage',
    },
    { id: 'users', label: label.users, href: '/users', icon: UsersIcon, permission: 'users.view' },
    { id: 'settings', label: label.settings, href: '/settings', icon: SettingsIcon, permission: null },
  ];
}

export const DEFAULT_NAV_ITEMS: readonly NavItem[] = buildDefaultNavItems();

/** The only entries a client sees (spec §2, §6). */
export const CLIENT_NAV_ITEM_IDS: readonly string[] = ['support', 'settings'];

/** An entry is active when the path is its route or lies under it ('/support/ticket/5' → '/support'). */
export function isNavItemActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Entries shown in client mode are narrowed to Suporte and Configurações; staff see what they are given. */
export function visibleNavItems<T extends Pick<NavItem, 'id'>>(items: readonly T[], isClient: boolean): T[] {
  return isClient ? items.filter((item) => CLIENT_NAV_ITEM_IDS.includes(item.id)) : [...items];
}

/** The logo goes to /support for clients and /dashboard for everyone else. */
export function sidebarLogoHref(isClient: boolean): string {
  return isClient ? '/support' : '/dashboard';
}
