/**
 * The role and permission rules of spec §5 and §6, written once for the server and the client. Plain
 * TypeScript (no zod), so the main `@farol/data` entry and the server share it at no bundle cost.
 */
import { PERMISSION_KEYS } from './constants';

/** The roles of a client (trimmed, lower case); the server's SQL compares `lower(trim(role))` against this list. */
export const CLIENT_ROLES: readonly string[] = ['cliente', 'client'];

/** A role as the rules compare it: trimmed, lower case ('' when absent). */
export const normalizeRole = (role: string | null | undefined): string => (role ?? '').trim().toLowerCase();

/** Role admin, compared case-insensitively (spec §5). */
export const isAdminRole = (role: string | null | undefined): boolean => normalizeRole(role) === 'admin';

/** Role cliente or client, compared case-insensitively (spec §1). */
export const isClientRole = (role: string | null | undefined): boolean =>
  CLIENT_ROLES.includes(normalizeRole(role));

/**
 * Spec §5: passes when nothing is required, when the role is admin, or when every required key is held.
 * Empty keys in `required` are ignored.
 */
export function roleHoldsPermissions(
  role: string | null | undefined,
  held: readonly string[] | null | undefined,
  required: string | readonly string[] | null | undefined,
): boolean {
  const keys = (typeof required === 'string' ? [required] : (required ?? [])).filter(Boolean);
  if (keys.length === 0) return true;
  if (isAdminRole(role)) return true;
  const granted = new Set(held ?? []);
  return keys.every((key) => granted.has(key));
}

/** What the wire says a user holds: admins hold every key, clients none, other staff their known keys. */
export function effectivePermissions(role: string | null | undefined, stored: readonly string[]): string[] {
  if (isAdminRole(role)) return [...PERMISSION_KEYS];
  if (isClientRole(role)) return [];
  return [...new Set(stored)].filter((key) => (PERMISSION_KEYS as readonly string[]).includes(key));
}
