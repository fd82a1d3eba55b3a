import { createHash } from 'node:crypto';
import {
  CLIENT_ROLES,
  type UserDirectoryEntry,
  type UserDirectoryOptions,
  type UserPresenceStatus,
  type UserProfile,
} from '@farol/data/contract';
import { escapeLike, iso, preparedText } from '../../db/sql';
import type { Database } from '../../db/database';
import type { CompanyScope } from '../../http/access';
import { companyScopeSql } from '../../http/company-scope';
import { fullName, pictureUrl } from '../../shared/users';

/** The directory's columns: the summary's, the company, and the phone (theirs, else their contact's). */
const DIRECTORY_COLUMNS = `u.id, u.email, u.username, u.first_name, u.last_name, u.role, u.company_id,
  u.picture_version, c.name AS company_name, coalesce(u.phone, cc.phone, cc.mobile) AS phone`;
const DIRECTORY_FROM = `users u LEFT JOIN companies c ON c.id = u.company_id
  LEFT JOIN company_contacts cc ON cc.user_id = u.id`;

interface DirectoryRow {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  role: string;
  company_id: number | null;
  picture_version: number | string | null;
  company_name: string | null;
  phone: string | null;
}

interface ProfileRow extends DirectoryRow {
  job_title: string | null;
  department: string | null;
  created_at: Date | string;
}

export const toDirectoryEntry = (row: DirectoryRow, presence: UserPresenceStatus): UserDirectoryEntry => ({
  id: row.id,
  email: row.email,
  name: fullName(row),
  role: row.role,
  profile_picture: pictureUrl(row),
  company_id: row.company_id,
  company_name: row.company_name,
  phone: row.phone,
  presence,
});

export interface DirectoryFilters {
  q?: string | undefined;
  company_id?: number | 'none' | undefined;
  role?: string | undefined;
  /** People to keep (the presence filter's online or ausente), or to leave out (offline: everyone connected). */
  only?: readonly number[];
  except?: readonly number[];
  page: number;
  limit: number;
}

/**
 * The people a viewer's scope reaches, as a condition on users aliased `u` (null: everyone): a client their own
 * company's; staff everyone (staff accounts belong to no company).
 */
const scopeCondition = (scope: CompanyScope, add: (value: unknown) => string): string | null => {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'company')
    return scope.companyId === null ? 'false' : `u.company_id = ${add(scope.companyId)}`;
  // A staff account limited to some companies (issue 13): staff (no company) and the reached companies' people.
  return companyScopeSql(scope, add, 'u.company_id', { unassigned: true });
};

/** A condition on users aliased `u`, its values added through `add`. */
type Condition = (add: (value: unknown) => string) => string | null;

/** The conditions as a WHERE clause with its own parameters (each query numbers its own). */
const whereOf = (conditions: readonly Condition[]) => {
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const parts = conditions.map((condition) => condition(add)).filter((part): part is string => part !== null);
  return { clause: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params, add };
};

/** A prepared statement's name for one SQL text (planned once; a filter's shape is its own statement). */
const statementOf = (prefix: string, sql: string) =>
  `${prefix}_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;

/** The page's people (`page`: id, name_key) joined to what the directory shows of them, in the page's order. */
const pageJoin = (page: string, extra = '') => `SELECT ${DIRECTORY_COLUMNS}${extra} FROM ${page} p
  JOIN users u ON u.id = p.id LEFT JOIN companies c ON c.id = u.company_id
  LEFT JOIN company_contacts cc ON cc.user_id = u.id ORDER BY p.name_key, p.id`;

/**
 * A page of the directory (names A→Z, folded) and how many match. Everything is chosen in `user_directory`
 * (migration 036: one short row per person — company, role key, folded name and search text — kept by a
 * trigger), and only the page's people are joined to their user row, company and contact. A search (or the
 * presence filter) reads its matches once — through the trigram index, the folded pattern computed once — and
 * sorts them, never walking the name order past thousands of misses; without one the name index gives the page
 * and the total is a sum over the kept counts per company and role (user_directory_counts), not a count of
 * people. Every statement is prepared with its values inlined on PGlite (the search text as `preparedText`), so
 * none is planned per request.
 */
export const listDirectory = async (db: Database, scope: CompanyScope, filters: DirectoryFilters) => {
  // Conditions the kept counts can answer too (their rows carry company_id and the role key, in `roleColumn`).
  const counted = (roleColumn: string): Condition[] => {
    const conditions: Condition[] = [(add) => scopeCondition(scope, add)];
    if (filters.company_id === 'none') conditions.push(() => 'u.company_id IS NULL');
    else if (filters.company_id !== undefined) {
      const companyId = filters.company_id;
      conditions.push((add) => `u.company_id = ${add(companyId)}`);
    }
    const role = filters.role;
    if (role) {
      // The role key as user_directory_role folds it: both client spellings are 'cliente'.
      const key = (CLIENT_ROLES as readonly string[]).includes(role) ? 'cliente' : role;
      conditions.push((add) => `u.${roleColumn} = ${add(preparedText(key))}`);
    }
    return conditions;
  };
  const others: Condition[] = [];
  // Folded in SQL as the stored text is, once per statement (a scalar subquery, not per row), so 'JOSÉ' finds
  // 'jose'; LIKE's wildcards typed are literal.
  const q = filters.q;
  if (q)
    others.push(
      (add) => `u.search_text LIKE (SELECT '%' || farol_fold(${add(preparedText(escapeLike(q)))}) || '%')`,
    );
  const only = filters.only;
  if (only) others.push((add) => `u.id = ANY (${add(only)}::int[])`);
  const except = filters.except && filters.except.length > 0 ? filters.except : null;
  if (except) others.push((add) => `u.id <> ALL (${add(except)}::int[])`);
  // The LIMIT is written into the statement (1–100, validated): as a parameter PGlite's generic plan would
  // expect a tenth of the table.
  const limit = Math.trunc(filters.limit);
  const offset = (filters.page - 1) * filters.limit;

  const number = async (prefix: string, sql: string, params: unknown[]) =>
    (await db.prepared<{ total: number }>(statementOf(prefix, sql), sql, params)).rows[0]?.total ?? 0;

  if (q || only) {
    // One pass over the matches (the trigram index's for a search): the page is sorted from the matched ids and
    // names alone, the total counted from the same set, and only the page's rows are joined.
    const all = whereOf([...counted('role_key'), ...others]);
    const pageSql = `WITH matches AS MATERIALIZED (SELECT u.id, u.name_key FROM user_directory u ${all.clause}),
      page AS (SELECT id, name_key FROM matches ORDER BY name_key, id LIMIT ${limit} OFFSET ${all.add(offset)})
      ${pageJoin('page', ', (SELECT count(*) FROM matches)::int AS total')}`;
    const { rows } = await db.prepared<DirectoryRow & { total: number }>(
      statementOf('users_match', pageSql),
      pageSql,
      all.params,
    );
    if (rows.length > 0 || filters.page === 1) return { rows, total: rows[0]?.total ?? 0 };
    // Past the last page: the total still says how many there are.
    const counting = whereOf([...counted('role_key'), ...others]);
    return {
      rows,
      total: await number(
        'users_count',
        `SELECT count(*)::int AS total FROM user_directory u ${counting.clause}`,
        counting.params,
      ),
    };
  }

  // No search: the narrow name index gives the page's ids (a deep page walks short index entries, not joined
  // rows), the kept counts its total in the same statement (offline: less those connected now).
  const page = whereOf(except ? [...counted('role_key'), ...others] : counted('role_key'));
  const kept = counted('role')
    .map((condition) => condition(page.add))
    .filter((part): part is string => part !== null);
  const keptSql = `SELECT coalesce(sum(u.n), 0)::int FROM user_directory_counts u
    ${kept.length > 0 ? `WHERE ${kept.join(' AND ')}` : ''}`;
  const pageSql = `WITH page AS (SELECT u.id, u.name_key FROM user_directory u ${page.clause}
      ORDER BY u.name_key, u.id LIMIT ${limit} OFFSET ${page.add(offset)})
    ${pageJoin('page', `, (${keptSql}) AS total`)}`;
  const connected = except
    ? whereOf([...counted('role_key'), (add) => `u.id = ANY (${add(except)}::int[])`])
    : null;
  const [items, online] = await Promise.all([
    db.prepared<DirectoryRow & { total: number }>(statementOf('users_page', pageSql), pageSql, page.params),
    connected
      ? number(
          'users_count',
          `SELECT count(*)::int AS total FROM user_directory u ${connected.clause}`,
          connected.params,
        )
      : 0,
  ]);
  // Past the last page no row carries the sum: ask for it alone.
  const first = items.rows[0];
  let sum = first ? first.total : 0;
  if (!first && filters.page > 1) {
    const alone = whereOf(counted('role'));
    sum = await number(
      'users_kept',
      `SELECT coalesce(sum(u.n), 0)::int AS total FROM user_directory_counts u ${alone.clause}`,
      alone.params,
    );
  }
  return { rows: items.rows, total: sum - online };
};

/** One person's page facts (whether the viewer may see them is the caller's check). */
export const loadProfile = async (db: Database, id: number) => {
  const { rows } = await db.query<ProfileRow>(
    `SELECT ${DIRECTORY_COLUMNS}, cc.job_title, cc.department, u.created_at
       FROM ${DIRECTORY_FROM} WHERE u.id = $1`,
    [id],
  );
  return rows[0] ?? null;
};

export const toProfile = (row: ProfileRow, presence: UserPresenceStatus): UserProfile => ({
  ...toDirectoryEntry(row, presence),
  username: row.username,
  job_title: row.job_title,
  department: row.department,
  created_at: iso(row.created_at),
});

/** The filters' choices within the viewer's scope: the roles in use (clients as 'cliente') and the companies. */
export const directoryOptions = async (db: Database, scope: CompanyScope): Promise<UserDirectoryOptions> => {
  const scopedQuery = (first: unknown[]) => {
    const params = [...first];
    const condition = scopeCondition(scope, (value) => {
      params.push(value);
      return `$${params.length}`;
    });
    return { params, condition };
  };
  const forRoles = scopedQuery([CLIENT_ROLES]);
  const forCompanies = scopedQuery([]);
  const [roles, companies] = await Promise.all([
    db.query<{ role: string }>(
      `SELECT DISTINCT CASE WHEN lower(trim(u.role)) = ANY ($1::text[]) THEN 'cliente' ELSE lower(trim(u.role)) END
         AS role FROM users u ${forRoles.condition ? `WHERE ${forRoles.condition}` : ''} ORDER BY 1`,
      forRoles.params,
    ),
    db.query<{ id: number; name: string }>(
      `SELECT c.id, c.name FROM companies c
        WHERE EXISTS (SELECT 1 FROM users u WHERE u.company_id = c.id
                      ${forCompanies.condition ? `AND ${forCompanies.condition}` : ''})
        ORDER BY c.name_key, c.id`,
      forCompanies.params,
    ),
  ]);
  return {
    roles: roles.rows.map((row) => row.role).filter((role) => role !== ''),
    companies: companies.rows,
  };
};
