export const LOGIN_PATH = '/login';
export const PORTAL_LOGIN_PATH = '/portal/login';
export const FORBIDDEN_PATH = '/403';

/** The path alone: no query string or hash, no trailing slash (except the root), always a leading slash. */
export function normalizePath(pathname: string): string {
  const path = (pathname.split(/[?#]/)[0] ?? '').replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  if (!path) return '/';
  return path.startsWith('/') ? path : `/${path}`;
}

/** True for the staff and client login pages, where the session profile is never fetched (spec §2). */
export function isLoginPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === LOGIN_PATH || path === PORTAL_LOGIN_PATH;
}

/** True when `pathname` is `base` itself or below it (`/support` matches `/support/ticket/1`, not `/supportx`). */
export function isPathWithin(pathname: string, base: string): boolean {
  const path = normalizePath(pathname);
  const root = normalizePath(base);
  return root === '/' ? true : path === root || path.startsWith(`${root}/`);
}
