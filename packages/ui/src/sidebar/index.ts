export { Sidebar } from './sidebar';
export type { SidebarProps, SidebarUser } from './sidebar';
export {
  DEFAULT_NAV_ITEMS,
  CLIENT_NAV_ITEM_IDS,
  buildDefaultNavItems,
  isNavItemActive,
  visibleNavItems,
  sidebarLogoHref,
} from './nav-items';
export type { NavItem } from './nav-items';
export { sidebarItemVariants, sidebarRailVariants } from './sidebar-variants';
