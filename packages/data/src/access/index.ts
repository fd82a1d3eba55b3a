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
export { CLIENT_HOME, ROUTES, STAFF_HOME, homePath, matchRoute, resolveAccess } from './routes';
export type { AccessDecision, RouteArea, RouteDefinition, RouteMatch } from './routes';
export {
  NAV_ITEMS,
  PORTAL_DOCUMENT_TITLE,
  STAFF_DOCUMENT_TITLE,
  documentTitle,
  headerTitle,
  isNavItemActive,
  logoHref,
  notificationHref,
  visibleNavItems,
} from './navigation';
export type { NavItem } from './navigation';
