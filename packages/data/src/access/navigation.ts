import { hasPermission, isClient, type AccessSubject, type PermissionKey } from './permissions';
import { isPathWithin, normalizePath } from './paths';
import { ROUTES, type RouteDefinition } from './route-table';

export interface NavItem {
  label: string;
  route: string;
  permission: PermissionKey | null;
}

const byOrder = (key: 'sidebar' | 'portalMenu') => (a: RouteDefinition, b: RouteDefinition) =>
  (a[key]?.order ?? 0) - (b[key]?.order ?? 0);

/** The sidebar of spec §2, in order: the route table's entries that have one. */
export const NAV_ITEMS: readonly NavItem[] = ROUTES.filter((route) => route.sidebar)
  .sort(byOrder('sidebar'))
  .map((route) => ({ label: route.sidebar!.label, route: route.path, permission: route.permission }));

/** The client portal's menu, in order. */
export const PORTAL_MENU_ITEMS: readonly NavItem[] = ROUTES.filter((route) => route.portalMenu)
  .sort(byOrder('portalMenu'))
  .map((route) => ({ label: route.portalMenu!.label, route: route.path, permission: route.permission }));

const CLIENT_NAV_ROUTES = new Set(['/support', '/settings']);

/** Clients see Suporte and Configurações; everyone else what their permissions allow. */
export function visibleNavItems(user: AccessSubject | null | undefined): NavItem[] {
  if (!user) return [];
  if (isClient(user)) return NAV_ITEMS.filter((item) => CLIENT_NAV_ROUTES.has(item.route));
  return NAV_ITEMS.filter((item) => hasPermission(user, item.permission));
}

/** Active when the path is the route or below it (spec §2). */
export function isNavItemActive(pathname: string, route: string): boolean {
  return isPathWithin(pathname, route);
}

const HEADER_TITLES = ROUTES.flatMap((route) => (route.title ? [[route.path, route.title] as const] : []));

/** The header's title by path prefix (spec §2); anything else reads Dashboard. */
export function headerTitle(pathname: string): string {
  return HEADER_TITLES.find(([prefix]) => isPathWithin(pathname, prefix))?.[1] ?? 'Dashboard';
}

const CHATBOT_HIDDEN_PREFIXES = ['/login', '/auth', '/checkout'];

/** The assistant is hidden on paths starting with /login, /auth or /checkout (spec §2). */
export function isChatbotHiddenOn(pathname: string): boolean {
  return CHATBOT_HIDDEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export const STAFF_DOCUMENT_TITLE = 'Farol — Suporte e Operações';
export const PORTAL_DOCUMENT_TITLE = 'Farol — Portal do Cliente';

/** design.md §3: one product title for staff pages, another under /portal. */
export function documentTitle(pathname: string): string {
  return isPathWithin(pathname, '/portal') ? PORTAL_DOCUMENT_TITLE : STAFF_DOCUMENT_TITLE;
}

/** The logo goes to /support for clients and /dashboard for everyone else (spec §2). */
export function logoHref(user: AccessSubject | null | undefined): string {
  return isClient(user) ? '/support' : '/dashboard';
}

// Only letters, digits and URL-safe punctuation: no scheme, no backslash, no control characters.
const SAFE_PATH = /^\/(?!\/)[\w\-./~%!$&'()*+,;=:@]*$/;

/**
 * Where a notification's link opens inside the app (design.md §3), or null when it must not be followed
 * (empty, another origin, `javascript:` and other schemes, malformed).
 */
export function notificationHref(
  link: string | null | undefined,
  user: AccessSubject | null | undefined,
): string | null {
  const local = toLocalPath(link);
  if (!local) return null;
  const { path, rest } = local;
  const parts = path.split('/').filter(Boolean);
  const client = isClient(user);
  if (parts[0] === 'tickets' && parts.length === 1)
    return `${client ? '/portal/tickets' : '/support'}${rest}`;
  if (parts[0] === 'tickets' && parts.length === 2) {
    return `${client ? '/portal/tickets/' : '/support/ticket/'}${parts[1]}${rest}`;
  }
  return `${path}${rest}`;
}

function toLocalPath(link: string | null | undefined): { path: string; rest: string } | null {
  const raw = link?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    const origin = typeof window !== 'undefined' && window.location?.origin ? window.location.origin : null;
    const base = origin && origin !== 'null' ? origin : 'http://farol.invalid';
    // A bare 'tickets/5' is read as app-relative; anything with a scheme stays absolute.
    url = new URL(/^[a-z][a-z\d+.-]*:/i.test(raw) || raw.startsWith('/') ? raw : `/${raw}`, base);
    if (url.origin !== new URL(base).origin) return null;
  } catch {
    return null;
  }
  if (raw.startsWith('//') || raw.includes('\\')) return null;
  const path = normalizePath(url.pathname);
  if (!SAFE_PATH.test(path)) return null;
  return { path, rest: `${url.search}${url.hash}` };
}
