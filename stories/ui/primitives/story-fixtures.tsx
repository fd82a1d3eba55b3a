import { isNavItemActive, visibleNavItems, type AccessSubject } from '@farol/data';
import type { NavItem, RenderLink } from '@farol/ui';
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

// An inline profile picture, so stories need no network.
export const SAMPLE_AVATAR_URL =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0e7490"/>' +
      '<circle cx="32" cy="25" r="12" fill="#a5f3fc"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#a5f3fc"/></svg>',
  );

/** A link slot that keeps the story on its page: a real <a href>, but a click does not navigate the iframe. */
export const storyRenderLink: RenderLink = ({ href, onClick, children, ...props }) => (
  <a
    href={href}
    {...props}
    onClick={(event) => {
      event.preventDefault();
      onClick?.(event);
    }}
  >
    {children}
  </a>
);

/** Waits until an element's rendered width settles on `px` (CSS transitions run in between). */
export function widthOf(element: Element): number {
  return Math.round(element.getBoundingClientRect().width);
}

const NAV_ICONS: Record<string, LucideIcon> = {
  '/dashboard': LayoutDashboardIcon,
  '/support': LifeBuoyIcon,
  '/tasks': ListTodoIcon,
  '/statistics': ChartColumnIcon,
  '/connections': MonitorSmartphoneIcon,
  '/passwords': KeyRoundIcon,
  '/companies': Building2Icon,
  '/user-management': UserCogIcon,
  '/users': UsersIcon,
  '/settings': SettingsIcon,
};

/**
 * The sidebar entries an app would pass for `user` on `pathname`: the spec's table as @farol/data filters
 * it (clients: Suporte and Configurações), the current entry marked active.
 */
export function sidebarItemsFor(user: AccessSubject, pathname: string): NavItem[] {
  return visibleNavItems(user).map((item) => ({
    id: item.route,
    label: item.label,
    href: item.route,
    icon: NAV_ICONS[item.route] ?? LayoutDashboardIcon,
    active: isNavItemActive(pathname, item.route),
  }));
}

export const ADMIN_SUBJECT: AccessSubject = { role: 'admin', permissions: [] };
