import { hasPermission, isClient, type AccessSubject } from './permissions';
import {
  FORBIDDEN_PATH,
  LOGIN_PATH,
  PORTAL_LOGIN_PATH,
  isLoginPath,
  isPathWithin,
  normalizePath,
} from './paths';
import { ROUTES, type RouteDefinition } from './route-table';

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return normalizePath(path).split('/').filter(Boolean);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The ROUTES entry a path belongs to (query string and trailing slash ignored), or null. */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = segments(pathname);
  for (const route of ROUTES) {
    const pattern = segments(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((piece, index) => {
      const part = parts[index] ?? '';
      if (piece.startsWith(':')) {
        params[piece.slice(1)] = safeDecode(part);
        return true;
      }
      return piece === part;
    });
    if (matches) return { route, params };
  }
  return null;
}

export type AccessDecision = { type: 'allow' } | { type: 'redirect'; to: string; from?: string };

const allow: AccessDecision = { type: 'allow' };
const redirect = (to: string, from?: string): AccessDecision =>
  from === undefined ? { type: 'redirect', to } : { type: 'redirect', to, from };

export const STAFF_HOME = '/dashboard';
export const CLIENT_HOME = '/portal';

/** Where a signed-in user lands: /portal for clients, /dashboard for staff. */
export function homePath(user: AccessSubject): string {
  return isClient(user) ? CLIENT_HOME : STAFF_HOME;
}

const enc = encodeURIComponent;

/** `?a=1&b=2` of a path that carries a query string, without the `?` ('' when there is none). */
const queryOf = (pathname: string) => /\?([^#]*)/.exec(pathname)?.[1] ?? '';

/** `base` with the query parts that are not empty, joined with `&`. */
const withQuery = (base: string, ...parts: string[]) => {
  const query = parts.filter(Boolean).join('&');
  return query ? `${base}?${query}` : base;
};

/**
 * design.md §3: the staff support and messages paths, read as aliases of the client portal. The list's
 * filters in the query string travel along (`/support?open=true` → `/portal/tickets?open=true`).
 */
function clientAlias(path: string, query: string): string | null {
  const match = matchRoute(path);
  if (!match) return null;
  const { route, params } = match;
  switch (route.path) {
    case '/support':
      return withQuery('/portal/tickets', query);
    case '/support/:status':
      return withQuery('/portal/tickets', `status=${enc(params.status ?? '')}`, query);
    case '/support/ticket/:id':
      return `/portal/tickets/${enc(params.id ?? '')}`;
    case '/messages':
      return '/portal/messages';
    case '/messages/:conversationId':
      return `/portal/messages/${enc(params.conversationId ?? '')}`;
    default:
      return null;
  }
}

/**
 * The route guard of spec §2 + design.md §3 as one pure function. `pathname` may carry a query string;
 * it is kept in `from` so the login page can send the person back where they were going.
 */
export function resolveAccess(user: AccessSubject | null | undefined, pathname: string): AccessDecision {
  const path = normalizePath(pathname);
  const match = matchRoute(path);

  if (match?.route.area === 'public') {
    if (user && isLoginPath(path)) return redirect(homePath(user));
    return allow;
  }

  if (!user) {
    const login = isPathWithin(path, '/portal') ? PORTAL_LOGIN_PATH : LOGIN_PATH;
    // The root and unknown paths are not places worth returning to.
    return match ? redirect(login, pathname.trim() || path) : redirect(login);
  }

  if (isClient(user)) {
    if (isPathWithin(path, '/portal')) return match ? allow : redirect(CLIENT_HOME);
    if (path === '/settings' || path === '/profile' || path === '/settings/security') return allow;
    return redirect(clientAlias(path, queryOf(pathname)) ?? CLIENT_HOME);
  }

  if (isPathWithin(path, '/portal')) return redirect(STAFF_HOME);
  if (!match) return redirect(STAFF_HOME);
  if (!hasPermission(user, match.route.permission)) return redirect(FORBIDDEN_PATH);
  return allow;
}
