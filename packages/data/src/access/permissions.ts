import { isAdminRole, isClientRole, roleHoldsPermissions } from '../contract/access';
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
  COMPANIES_MANAGE: 'companies.manage',
  TASKS_MANAGE: 'tasks.manage',
  PASSWORDS_REVEAL: 'passwords.reveal',
  PASSWORDS_MANAGE: 'passwords.manage',
  CONNECTIONS_CONNECT: 'connections.connect',
  CONNECTIONS_MANAGE: 'connections.manage',
  CONNECTIONS_AUDIT: 'connections.audit',
} as const satisfies Record<string, PermissionKey>;

export { PERMISSION_KEYS };
export type { PermissionKey };

/** What the rules need to know about a user; SessionUser and the wire user both fit. */
export interface AccessSubject {
  role?: string | null;
  permissions?: readonly string[] | null;
}

/** Role admin, compared case-insensitively (spec §5). */
export function isAdmin(user: AccessSubject | null | undefined): boolean {
  return isAdminRole(user?.role);
}

/** Role cliente or client, compared case-insensitively (spec §1). */
export function isClient(user: AccessSubject | null | undefined): boolean {
  return isClientRole(user?.role);
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
  return roleHoldsPermissions(user.role, user.permissions, keys);
}
