export { Sidebar } from './sidebar';
export type { SidebarProps, SidebarUser } from './sidebar';
export type { NavItem } from './nav-items';
export { sidebarItemVariants, sidebarRailVariants } from './sidebar-variants';
