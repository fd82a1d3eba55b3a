import { PERMISSION_KEYS } from '@farol/data/contract';

/** The signed-in user as the server's modules (and the socket handshake) see it. */
export interface AuthUser {
  id: number;
  email: string;
  name: string;
  role: string;
  permissions: string[];
  companyId: number | null;
}

/** The roles of a client (trimmed, lower case); SQL rules compare `lower(trim(role))` against this list. */
export const CLIENT_ROLES: readonly string[] = ['cliente', 'client'];

export const isClientRole = (role: string) => CLIENT_ROLES.includes(role.trim().toLowerCase());

export const isAdminRole = (role: string) => role.trim().toLowerCase() === 'admin';

/** Spec §5: passes when the role is admin or every key is held. Clients hold no staff keys. */
export const hasPermissions = (user: AuthUser, keys: readonly string[]) =>
  isAdminRole(user.role) || keys.every((key) => user.permissions.includes(key));

/** What the wire says a user holds: admins hold every key, clients none. */
export const effectivePermissions = (role: string, stored: readonly string[]): string[] => {
  if (isAdminRole(role)) return [...PERMISSION_KEYS];
  if (isClientRole(role)) return [];
  return stored.filter((key) => (PERMISSION_KEYS as readonly string[]).includes(key));
};
