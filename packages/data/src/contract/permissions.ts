import { z } from 'zod';
import { PERMISSION_KEYS } from './constants';

export const permissionKeySchema = z.enum(PERMISSION_KEYS);
export type PermissionKey = z.infer<typeof permissionKeySchema>;

export { KNOWN_ROLES, PERMISSION_KEYS } from './constants';
