import type { QueryKey } from '@tanstack/react-query';
import {
  companyKeys,
  connectionKeys,
  conversationKeys,
  notificationKeys,
  passwordKeys,
  sessionKeys,
  taskKeys,
  ticketKeys,
  userKeys,
} from './keys';

/** Path prefix → the cached domain a successful write under it makes stale (spec §7). */
const RULES: ReadonlyArray<readonly [RegExp, QueryKey]> = [
  [/^\/api\/(support\/)?tickets(\/|$)/, ticketKeys.all],
  [/^\/api\/notifications(\/|$)/, notificationKeys.all],
  [/^\/api\/messages(\/|$)/, conversationKeys.all],
  [/^\/api\/tasks(\/|$)/, taskKeys.all],
  [/^\/api\/passwords(\/|$)/, passwordKeys.all],
  [/^\/api\/connections(\/|$)/, connectionKeys.all],
  [/^\/api\/(companies|branches)(\/|$)/, companyKeys.all],
  [/^\/api\/users(\/|$)/, userKeys.all],
  [/^\/api\/profile(\/|$)/, sessionKeys.all],
];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The path of a URL without origin, query string, hash or trailing slash. */
export function pathOf(url: string): string {
  let path: string;
  try {
    path = new URL(url, 'http://farol.invalid').pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? '';
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The query keys to invalidate after a successful `method url` (spec §7). Reads invalidate nothing. */
export function invalidationsFor(method: string, url: string): QueryKey[] {
  if (!WRITE_METHODS.has(method.toUpperCase())) return [];
  const path = pathOf(url);
  return RULES.filter(([pattern]) => pattern.test(path)).map(([, key]) => key);
}
