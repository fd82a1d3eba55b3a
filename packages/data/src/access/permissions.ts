import { PERMISSION_KEYS } from '../contract/constants';
import type { PermissionKey } from '../contract/permissions';

/** The permission keys of spec §6 by name, e.g. `PERMISSIONS.TICKETS_VIEW === 'tickets.view'`. */
export const PERMISSIONS = {
  TICKETS_VIEW: 'tickets.view',
  TASKS_VIEW: 'tasks.view',
  STATISTICS_VIEW: 'statistics.view',
  CONNECTIONS_VIEW: 'connections.view',
  PASSWORDS_VIEW: 'passwords.view',
  COMPANIES_VIEW: 'companies.view',
  USERS_MANAGE: 'users.manage',
  USERS_VIEW: 'users.view',
} as const satisfies Record<string, PermissionKey>;

export { PERMISSION_KEYS };
export type { PermissionKey };

/** What the rules need to know about a user; SessionUser and the wire user both fit. */
export interface AccessSubject {
  role?: string | null;
  permissions?: readonly string[] | null;
}

const roleOf = (user: AccessSubject | null | undefined) => (user?.role ?? '').trim().toLowerCase();

/** Role admin, compared case-insensitively (spec §5). */
export function isAdmin(user: AccessSubject | null | undefined): boolean {
  return roleOf(user) === 'admin';
}

/** Role cliente or client, compared case-insensitively (spec §1). */
export function isClient(user: AccessSubject | null | undefined): boolean {
  const role = roleOf(user);
  return role === 'cliente' || role === 'client';
}

/**
 * Spec §5: passes when nothing is required, when the user is admin, or when every required key is held.
 * Without a user, only "nothing required" passes.
 */
export function hasPermission(
  user: AccessSubject | null | undefined,
  required?: string | readonly string[] | null,
): boolean {
  const keys = (typeof required === 'string' ? [required] : (required ?? [])).filter(Boolean);
  if (keys.length === 0) return true;
  if (!user) return false;
  if (isAdmin(user)) return true;
  const held = new Set(user.permissions ?? []);
  return keys.every((key) => held.has(key));
}
