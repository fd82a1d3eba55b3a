import {
  BUILT_IN_ROLES,
  LOCKED_ROLES,
  PERMISSION_KEYS,
  effectivePermissions,
  isAdminRole,
  isClientRole,
  normalizeRole,
  type CompanyScopeMode,
  type CompanyScopeWire,
  type Role,
  type UserAccess,
} from '@farol/data/contract';
import type { AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import { iso } from '../../db/sql';
import { fullName } from '../../shared/users';

/** The role key a user's `role` column names: trimmed, lower case; the client alias 'client' is 'cliente'. */
export const roleKeyOf = (role: string): string => {
  const key = normalizeRole(role);
  return key === 'client' ? 'cliente' : key;
};

/** A person's account status, whether or not the accounts module's column exists yet ('ativo' without it). */
const STATUS_SQL = (alias: string) => `COALESCE(to_jsonb(${alias}) ->> 'status', 'ativo')`;

interface RoleRow {
  key: string;
  name: string;
  built_in: boolean;
  permissions: string[];
  user_count: number;
  updated_at: Date | string;
}

const BUILT_IN_ORDER = `array_position(ARRAY[${BUILT_IN_ROLES.map((role) => `'${role}'`).join(', ')}]::text[], r.key)`;

const ROLE_SELECT = `SELECT r.key, r.name, r.built_in, r.permissions, r.updated_at,
    (SELECT count(*)::int FROM users u
      WHERE lower(trim(u.role)) = r.key OR (r.key = 'cliente' AND lower(trim(u.role)) = 'client')) AS user_count
  FROM roles r`;

export const toRole = (row: RoleRow): Role => ({
  key: row.key,
  name: row.name,
  built_in: row.built_in,
  editable: !LOCKED_ROLES.includes(row.key),
  // Admin holds every key and a client none, whatever is stored.
  permissions:
    row.key === 'admin'
      ? [...PERMISSION_KEYS]
      : row.key === 'cliente'
        ? []
        : row.permissions.filter((key) => (PERMISSION_KEYS as readonly string[]).includes(key)),
  user_count: row.user_count,
  updated_at: iso(row.updated_at),
});

export const listRoles = async (db: Database): Promise<Role[]> => {
  const { rows } = await db.query<RoleRow>(
    `${ROLE_SELECT} ORDER BY r.built_in DESC, ${BUILT_IN_ORDER}, lower(r.name), r.key`,
  );
  return rows.map(toRole);
};

export const findRole = async (db: Database, key: string, lock = false): Promise<Role | null> => {
  const { rows } = await db.query<RoleRow>(
    `${ROLE_SELECT} WHERE r.key = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [roleKeyOf(key)],
  );
  return rows[0] ? toRole(rows[0]) : null;
};

export const roleKeyTaken = async (db: Database, key: string) =>
  (await db.query('SELECT 1 FROM roles WHERE key = $1', [key])).rows.length > 0;

export const roleNameTaken = async (db: Database, name: string, exceptKey: string | null = null) =>
  (
    await db.query('SELECT 1 FROM roles WHERE lower(name) = lower($1) AND key IS DISTINCT FROM $2', [
      name,
      exceptKey,
    ])
  ).rows.length > 0;

/** Ids of the people holding a role (to drop their cached sessions at once). */
export const holdersOf = async (db: Database, key: string): Promise<number[]> => {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE lower(trim(role)) = $1 OR ($1 = 'cliente' AND lower(trim(role)) = 'client')`,
    [key],
  );
  return rows.map((row) => row.id);
};

/** Active admins other than `exceptId`. */
export const otherActiveAdmins = async (db: Database, exceptId: number): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u
      WHERE lower(trim(u.role)) = 'admin' AND u.id <> $1 AND ${STATUS_SQL('u')} = 'ativo'`,
    [exceptId],
  );
  return rows[0]?.n ?? 0;
};

export interface SubjectRow {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  role: string;
  company_id: number | null;
  extra: string[];
  role_permissions: string[] | null;
  role_name: string | null;
  company_allow: number[] | null;
  company_deny: number[];
  status: string;
}

/**
 * A person as the server's access rules see them: the same columns and the same functions as a signed-in
 * session (auth/tokens.ts), so "why does this person see this" answers what the server would decide.
 */
export const loadSubject = async (
  db: Database,
  id: number,
  lock = false,
): Promise<{ row: SubjectRow; user: AuthUser } | null> => {
  const { rows } = await db.query<SubjectRow>(
    `SELECT u.id, u.email, u.username, u.first_name, u.last_name, u.role, u.company_id, u.permissions AS extra,
            r.permissions AS role_permissions, r.name AS role_name, u.company_allow, u.company_deny,
            ${STATUS_SQL('u')} AS status
       FROM users u LEFT JOIN roles r ON r.key = lower(trim(u.role))
      WHERE u.id = $1${lock ? ' FOR UPDATE OF u' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    name: fullName(row),
    role: row.role,
    permissions: effectivePermissions(row.role, [...row.extra, ...(row.role_permissions ?? [])]),
    companyId: row.company_id,
    reach: { allow: row.company_allow, deny: row.company_deny },
  };
  return { row, user };
};

export const scopeModeOf = (allow: readonly number[] | null, deny: readonly number[]): CompanyScopeMode =>
  allow !== null ? 'selected' : deny.length > 0 ? 'except' : 'all';

export const companyNames = async (db: Database, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, string>();
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM companies WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
};

export const describeScope = async (
  db: Database,
  allow: readonly number[] | null,
  deny: readonly number[],
): Promise<CompanyScopeWire> => {
  const names = await companyNames(db, [...(allow ?? []), ...deny]);
  const ref = (id: number) => ({ id, name: names.get(id) ?? `Empresa #${id}` });
  return { mode: scopeModeOf(allow, deny), companies: (allow ?? []).map(ref), excluded: deny.map(ref) };
};

export const toUserAccess = async (db: Database, row: SubjectRow, user: AuthUser): Promise<UserAccess> => {
  const client = isClientRole(row.role);
  const admin = isAdminRole(row.role);
  const roleKeys = admin
    ? [...PERMISSION_KEYS]
    : client
      ? []
      : (row.role_permissions ?? []).filter((key) => (PERMISSION_KEYS as readonly string[]).includes(key));
  return {
    user_id: row.id,
    name: user.name,
    role: roleKeyOf(row.role),
    role_name: row.role_name ?? row.role,
    is_client: client,
    is_admin: admin,
    role_permissions: roleKeys,
    extra_permissions: client
      ? []
      : [...new Set(row.extra)].filter((key) => (PERMISSION_KEYS as readonly string[]).includes(key)),
    effective_permissions: user.permissions,
    company_scope:
      client || admin
        ? { mode: 'all', companies: [], excluded: [] }
        : await describeScope(db, row.company_allow, row.company_deny),
  };
};
