export {
  FORBIDDEN_PATH,
  LOGIN_PATH,
  PORTAL_LOGIN_PATH,
  isLoginPath,
  isPathWithin,
  normalizePath,
} from './paths';
export { PERMISSIONS, PERMISSION_KEYS, hasPermission, isAdmin, isClient } from './permissions';
export type { AccessSubject, PermissionKey } from './permissions';
export { ROUTES } from './route-table';
export type { RouteArea, RouteDefinition } from './route-table';
export { CLIENT_HOME, STAFF_HOME, homePath, matchRoute, resolveAccess } from './routes';
export type { AccessDecision, RouteMatch } from './routes';
export {
  NAV_ITEMS,
  PORTAL_DOCUMENT_TITLE,
  PORTAL_MENU_ITEMS,
  STAFF_DOCUMENT_TITLE,
  documentTitle,
  headerTitle,
  isChatbotHiddenOn,
  isNavItemActive,
  logoHref,
  notificationHref,
  visibleNavItems,
} from './navigation';
export type { NavItem } from './navigation';
