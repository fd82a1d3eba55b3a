/** The signed-in user as the app uses it, whatever spelling the server chose (spec §3). */
export interface SessionUser {
  id: number | string;
  email: string;
  username: string | null;
  firstName: string;
  lastName: string;
  /** First + last name, else the server's `name`, else the e-mail, else the username. */
  name: string;
  role: string;
  permissions: string[];
  theme: string;
  profilePicture: string | null;
  companyId: number | string | null;
  companyName: string | null;
}

export const DEFAULT_THEME = 'default';

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(...values: unknown[]): string | null {
  for (const value of values) {
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

function identifier(...values: unknown[]): number | string | null {
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

function stringList(...values: unknown[]): string[] {
  const keys = new Set<string>();
  for (const value of values) {
    if (!Array.isArray(value)) continue;
    for (const item of value) if (typeof item === 'string' && item.trim()) keys.add(item.trim());
  }
  return [...keys];
}

/**
 * Turns any user payload (snake_case, camelCase, a `{user}` wrapper) into a SessionUser.
 * Returns null when there is no usable user (no id).
 */
export function normalizeUser(raw: unknown): SessionUser | null {
  if (!isRecord(raw)) return null;
  const source = identifier(raw.id) === null && isRecord(raw.user) ? raw.user : raw;
  const id = identifier(source.id);
  if (id === null) return null;

  const firstName = text(source.first_name, source.firstName) ?? '';
  const lastName = text(source.last_name, source.lastName) ?? '';
  const email = text(source.email) ?? '';
  const username = text(source.username);
  const name = `${firstName} ${lastName}`.trim() || text(source.name) || email || username || '';

  return {
    id,
    email,
    username,
    firstName,
    lastName,
    name,
    role: text(source.role) ?? '',
    permissions: stringList(source.permissions, source.permissionKeys, source.permission_keys),
    theme: text(source.theme) ?? DEFAULT_THEME,
    profilePicture: text(source.profile_picture, source.profilePicture),
    companyId: identifier(source.company_id, source.companyId),
    companyName: text(source.company_name, source.companyName),
  };
}
