/**
 * Users as every module reads them: the row and its wire forms, the display name and picture URL (in
 * TypeScript and in SQL, which must agree), who may see whom, and which staff hold a key. Users belong to
 * no single module (tickets show names, conversations check visibility), so this is their shared home.
 */
import type { UserSummary, UserWire } from '@farol/data/contract';
import {
  CLIENT_ROLES,
  effectivePermissions,
  hasPermissions,
  isClientRole,
  type AuthUser,
} from '../auth/types';
import type { Database } from '../db/database';
import { companyScopeOf } from '../http/access';
import { scopeReachesCompany } from '../http/company-scope';

/**
 * A user's keys as SQL over users aliased `alias` (issue 13): their role's keys (table roles) and their own
 * extra keys. Admins and clients are settled by `effectivePermissions` afterwards.
 */
export const userKeysSql = (alias: string) =>
  `(${alias}.permissions || COALESCE((SELECT r.permissions FROM roles r WHERE r.key = lower(trim(${alias}.role))), '{}'::text[]))`;

/** Columns every user answer needs (no password hash, no picture bytes); `permissions` are role ∪ extra keys. */
export const USER_COLUMNS = `u.id, u.email, u.username, u.first_name, u.last_name, u.role, ${userKeysSql('u')} AS permissions, u.theme,
  u.company_id, u.picture_version, c.name AS company_name`;
export const USER_FROM = 'users u LEFT JOIN companies c ON c.id = u.company_id';

export interface UserRow {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  role: string;
  permissions: string[];
  theme: string;
  company_id: number | null;
  picture_version: number | string | null;
  company_name: string | null;
}

export const pictureUrl = (row: Pick<UserRow, 'id' | 'picture_version'>) =>
  row.picture_version === null ? null : `/api/profile/picture/${row.id}?v=${row.picture_version}`;

/** First and last name, falling back to the username, then the e-mail. */
export const fullName = (row: Pick<UserRow, 'first_name' | 'last_name' | 'username' | 'email'>) =>
  `${row.first_name} ${row.last_name}`.trim() || row.username || row.email;

/** `fullName` in SQL, for the users table aliased `alias`. */
export const nameSql = (alias: string) =>
  `COALESCE(NULLIF(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), NULLIF(${alias}.username, ''), ${alias}.email)`;

/** `pictureUrl` in SQL, for the users table aliased `alias`. */
export const pictureSql = (alias: string) => `CASE WHEN ${alias}.picture_version IS NULL THEN NULL
  ELSE '/api/profile/picture/' || ${alias}.id || '?v=' || ${alias}.picture_version END`;

export const toUserWire = (row: UserRow): UserWire => ({
  id: row.id,
  email: row.email,
  username: row.username,
  first_name: row.first_name,
  last_name: row.last_name,
  name: fullName(row),
  role: row.role,
  permissions: effectivePermissions(row.role, row.permissions),
  theme: row.theme,
  profile_picture: pictureUrl(row),
  company_id: row.company_id,
  company_name: row.company_name,
});

export const toUserSummary = (row: UserRow): UserSummary => ({
  id: row.id,
  email: row.email,
  name: fullName(row),
  role: row.role,
  profile_picture: pictureUrl(row),
  company_id: row.company_id,
});

export const findUserById = async (db: Database, id: number): Promise<UserRow | null> => {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
};

/**
 * Staff holding `$1` (admins hold every key; clients hold none) as SQL over users aliased `u`, with the
 * client roles as `$2`: `[key, CLIENT_ROLES]` start the parameters.
 */
export const STAFF_WITH_KEY_SQL = `(lower(trim(u.role)) = 'admin' OR $1 = ANY ${userKeysSql('u')})
  AND lower(trim(u.role)) <> ALL ($2::text[])`;

const CLIENT_ROLES_SQL = `ARRAY[${CLIENT_ROLES.map((role) => `'${role}'`).join(', ')}]::text[]`;

/**
 * Whether the user aliased `u` reaches company `param` (issue 13's company scope, as `companyScopeOf` and
 * `companyScopeSql` read it): admins every company, other staff their allow list (null: all) minus their deny
 * list, a client their own company.
 */
export const reachesCompanySql = (param: string) => `(CASE
    WHEN lower(trim(u.role)) = 'admin' THEN true
    WHEN lower(trim(u.role)) = ANY (${CLIENT_ROLES_SQL}) THEN u.company_id IS NOT DISTINCT FROM ${param}
    ELSE (u.company_allow IS NULL OR ${param} = ANY (u.company_allow))
      AND ${param} <> ALL (COALESCE(u.company_deny, '{}'::int[]))
  END)`;

/**
 * Ids of staff holding `key` (admins included), newest accounts first, at most `limit` (null: all); with
 * `companyId`, only those whose company scope reaches it (a record of that company: who may be told of it).
 */
export const staffWithKey = async (
  db: Database,
  key: string,
  limit: number | null,
  companyId?: number,
): Promise<number[]> => {
  const params: unknown[] = [key, CLIENT_ROLES];
  const scoped =
    companyId === undefined ? '' : ` AND ${reachesCompanySql(`$${params.push(companyId)}::int`)}`;
  const limited = limit === null ? '' : ` LIMIT $${params.push(limit)}`;
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u WHERE ${STAFF_WITH_KEY_SQL}${scoped} ORDER BY u.id DESC${limited}`,
    params,
  );
  return rows.map((row) => row.id);
};

/**
 * Whether the user aliased `u` reaches every one of the companies `params` (SQL expressions; one that is null —
 * a record of no company, a team board — passes): a record that names several companies (a task on a client
 * board, filed under a company of its own) is heard of by those who reach them all.
 */
export const reachesEveryCompanySql = (params: readonly string[]) =>
  params.length === 0
    ? 'true'
    : params.map((param) => `(${param} IS NULL OR ${reachesCompanySql(param)})`).join(' AND ');

/**
 * Those of `userIds` who reach company `companyId` — or every company of `companyId` when it is a list (nulls
 * pass) — as reachesCompanySql reads it: who may hear of its records. The one check behind every live event and
 * notification about a record of a company (chamados, tasks, vault items).
 */
export const reachingCompany = async (
  db: Database,
  userIds: readonly number[],
  companyId: number | readonly (number | null)[],
): Promise<number[]> => {
  if (userIds.length === 0) return [];
  const companies = typeof companyId === 'number' ? [companyId] : companyId;
  const params: unknown[] = [[...new Set(userIds)]];
  const reach = reachesEveryCompanySql(companies.map((id) => `$${params.push(id)}::int`));
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u WHERE u.id = ANY ($1::int[]) AND ${reach}`,
    params,
  );
  return rows.map((row) => row.id);
};

/**
 * Staff limited away from any of `companyIds` (nulls ignored): whose sockets a broadcast to a shared room (a
 * board's) must leave out when it carries a record of those companies. Only accounts with a limited scope can
 * be out of reach (admins and unlimited staff reach all; clients are kept out of staff rooms by the join).
 */
export const staffNotReaching = async (
  db: Database,
  companyIds: readonly (number | null)[],
): Promise<number[]> => {
  const companies = companyIds.filter((id): id is number => id !== null);
  if (companies.length === 0) return [];
  const params: unknown[] = [];
  const reach = reachesEveryCompanySql(companies.map((id) => `$${params.push(id)}::int`));
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u WHERE (u.company_allow IS NOT NULL OR u.company_deny IS NOT NULL)
        AND NOT (${reach})`,
    params,
  );
  return rows.map((row) => row.id);
};

/**
 * Who may read whom: oneself; staff holding users.view (or admin) anyone; a client the users of their own
 * company; anyone the people they share a conversation with.
 */
/**
 * Whether `viewer` may see `targetId`'s profile picture: whoever they may see, and whoever they may start a
 * conversation with (the contacts rule: staff talk to anyone, a client to staff and to their own company),
 * since the new-conversation list shows those people's pictures.
 */
export const canSeePicture = async (db: Database, viewer: AuthUser, targetId: number): Promise<boolean> => {
  if (!isClientRole(viewer.role)) return true;
  const { rows } = await db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [targetId]);
  const target = rows[0];
  if (target && !isClientRole(target.role)) return true;
  return canSeeUser(db, viewer, targetId);
};

export const canSeeUser = async (db: Database, viewer: AuthUser, targetId: number): Promise<boolean> => {
  if (viewer.id === targetId) return true;
  const client = isClientRole(viewer.role);
  if (!client && hasPermissions(viewer, ['users.view'])) {
    // A staff account limited to some companies (issue 13) sees staff and the reached companies' people.
    const scope = companyScopeOf(viewer);
    if (scope.kind === 'all') return true;
    const { rows } = await db.query<{ company_id: number | null }>(
      'SELECT company_id FROM users WHERE id = $1',
      [targetId],
    );
    return rows[0] !== undefined && scopeReachesCompany(scope, rows[0].company_id, { unassigned: true });
  }
  const { rows } = await db.query<{ visible: boolean }>(
    `SELECT (
        ($3::int IS NOT NULL AND u.company_id = $3::int)
        OR EXISTS (
          SELECT 1 FROM conversation_participants mine
            JOIN conversation_participants theirs ON theirs.conversation_id = mine.conversation_id
           WHERE mine.user_id = $1 AND theirs.user_id = u.id)
      ) AS visible
       FROM users u WHERE u.id = $2`,
    [viewer.id, targetId, client ? viewer.companyId : null],
  );
  return rows[0]?.visible === true;
};
