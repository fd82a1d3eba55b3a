import type { QueryKey } from '@tanstack/react-query';
import { accountInvalidation } from '../accounts/keys';
import { companyInvalidation } from '../companies/keys';
import { connectionInvalidation } from '../connections/keys';
import { conversationInvalidation } from '../messages/keys';
import { notificationInvalidation } from '../notifications/keys';
import { passwordInvalidation } from '../passwords/keys';
import { securityInvalidation } from '../security/keys';
import { sessionInvalidation } from '../session/keys';
import { taskInvalidation } from '../tasks/keys';
import { ticketInvalidation } from '../tickets/keys';
import { roleInvalidation } from '../roles/keys';
import { userInvalidation } from '../users/keys';
import type { InvalidationRule } from './invalidation-rule';

/** Every domain's rule (spec §7): a new domain adds its line here. */
export const INVALIDATION_RULES: readonly InvalidationRule[] = [
  ticketInvalidation,
  notificationInvalidation,
  conversationInvalidation,
  taskInvalidation,
  passwordInvalidation,
  connectionInvalidation,
  companyInvalidation,
  accountInvalidation,
  userInvalidation,
  roleInvalidation,
  securityInvalidation,
  sessionInvalidation,
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
  return INVALIDATION_RULES.filter((rule) => rule.path.test(path)).map((rule) => rule.key);
}
