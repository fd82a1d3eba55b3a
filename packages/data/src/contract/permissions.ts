import { z } from 'zod';

/** The permission keys of spec §6, in the sidebar's order. */
export const PERMISSION_KEYS = [
  'tickets.view',
  'tasks.view',
  'statistics.view',
  'connections.view',
  'passwords.view',
  'companies.view',
  'users.manage',
  'users.view',
] as const;
export const permissionKeySchema = z.enum(PERMISSION_KEYS);
export type PermissionKey = z.infer<typeof permissionKeySchema>;

/** Roles seen in the spec; other staff roles are allowed and rely on permission keys. */
export const KNOWN_ROLES = ['admin', 'cliente', 'client', 'gestor', 'tecnico'] as const;
