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

/**
 * The page's people (`page`: id, name_key) joined to what the directory shows of them, in the page's order, as
 * one JSON text of arrays (DIRECTORY_FIELDS' order): PGlite hands one text value over far cheaper than 25 rows
 * of ten columns (each field is copied and decoded on its own), and JSON.parse reads it natively.
 */
const pageItems = (page: string) => `SELECT coalesce(json_agg(json_build_array(u.id, u.email, u.username,
    u.first_name, u.last_name, u.role, u.company_id, u.picture_version::text, c.name,
    coalesce(u.phone, cc.phone, cc.mobile)) ORDER BY p.name_key, p.id)::text, '[]')
  FROM ${page} p JOIN users u ON u.id = p.id LEFT JOIN companies c ON c.id = u.company_id
  LEFT JOIN company_contacts cc ON cc.user_id = u.id`;

type ItemTuple = [
  number,
  string,
  string | null,
  string,
  string,
  string,
  number | null,
  string | null,
  string | null,
  string | null,
];

/** `pageItems`' text as the directory's rows. */
const rowsOf = (items: string): DirectoryRow[] =>
  (JSON.parse(items) as ItemTuple[]).map(
    ([
      id,
      email,
      username,
      first_name,
      last_name,
      role,
      company_id,
      picture_version,
      company_name,
      phone,
    ]) => ({
      id,
      email,
      username,
      first_name,
      last_name,
      role,
      company_id,
      picture_version,
      company_name,
      phone,
    }),
  );

/**
 * When a search's letters lie inside a few words in use (a username and the e-mails it begins), held by a few
 * hundred people at most, their people are read from the word index, each once; more goes to the trigram index.
 */
const FEW_WORDS = 16;
const FEW_PEOPLE = 500;

/**
 * A search the word index can answer: letters and digits only (no ASCII space, punctuation or control), three
 * at least (shorter ones have no trigram to look words up by).
 */
const WORD_QUERY = /^[a-zA-Z0-9\u0080-\uffff]+$/;

/**
 * A page of the directory (names A→Z, folded) and how many match, in one statement that answers one row: the
 * page as JSON text (`pageItems`) and the total. Everything is chosen in `user_directory` (migration 036: one
 * short row per person — company, role key, folded name and search text — kept by a trigger), and only the
 * page's people are joined to their user row, company and contact.
 * - A search of letters and digits alone, with no other filter, looks its text up among the words in use
 *   (migration 039): inside exactly one word, that word's people are read in A→Z order from its index and the
 *   total is kept on the word; inside a few words held by a few hundred people, those are read once each.
 * - Any other search (or the presence filter) reads its matches once through the trigram index, the folded
 *   pattern computed once, sorts them and counts the same set, never walking the name order past thousands
 *   of misses.
 * - Without one the name index gives the page and the total is a sum over kept counts (per role, or per company
 *   and role), not a count of people.
 * Every statement is prepared with its values inlined on PGlite (the search text as `preparedText`), so none is
 * planned per request.
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
  const q = filters.q;
  const only = filters.only;
  const except = filters.except && filters.except.length > 0 ? filters.except : null;
  // The LIMIT is written into the statement (1–100, validated): as a parameter PGlite's generic plan would
  // expect a tenth of the table.
  const limit = Math.trunc(filters.limit);
  const offset = (filters.page - 1) * filters.limit;
  const unfiltered = scope.kind === 'all' && filters.company_id === undefined && !filters.role;

  if (q && unfiltered && !only && !except && q.length >= 3 && WORD_QUERY.test(q)) {
    // The words in use that hold the text (the trigram index of the small vocabulary; LIMIT above the CTE, so
    // the generic plan still takes the index), checked again once folded. One branch of `page` answers (one
    // word, or a few); its outer LIMIT tells the planner it is one page (else it hashes every user).
    const sql = `WITH matched AS MATERIALIZED (
        SELECT w.id, w.people FROM user_search_words w
         WHERE w.word LIKE (SELECT '%' || farol_fold($1) || '%') AND w.people > 0),
      words AS MATERIALIZED (SELECT id, people FROM matched LIMIT ${FEW_WORDS + 1}),
      head AS MATERIALIZED (SELECT (SELECT farol_fold($1) ~ '^[a-z0-9\\u0080-\\uffff]+$') AS simple,
        (SELECT count(*) FROM words)::int AS words, (SELECT sum(w.people) FROM words w)::int AS people),
      single AS (SELECT x.user_id AS id, x.name_key FROM head h CROSS JOIN words w
        CROSS JOIN LATERAL (SELECT x.user_id, x.name_key FROM user_directory_words x WHERE x.word_id = w.id
          ORDER BY x.name_key, x.user_id LIMIT ${limit} OFFSET $2) x
        WHERE h.simple AND h.words = 1),
      several AS MATERIALIZED (SELECT DISTINCT x.user_id AS id, x.name_key FROM head h CROSS JOIN words w
        JOIN user_directory_words x ON x.word_id = w.id
        WHERE h.simple AND h.words BETWEEN 2 AND ${FEW_WORDS} AND h.people <= ${FEW_PEOPLE}),
      page AS (SELECT id, name_key FROM (SELECT id, name_key FROM single
        UNION ALL (SELECT id, name_key FROM several ORDER BY name_key, id LIMIT ${limit} OFFSET $2)) b
        LIMIT ${limit})
      SELECT h.simple, h.words, h.people,
        CASE WHEN h.words = 1 THEN h.people ELSE (SELECT count(*) FROM several)::int END AS total,
        (${pageItems('page')}) AS items
        FROM head h`;
    const { rows } = await db.prepared<{
      simple: boolean;
      words: number;
      people: number | null;
      total: number;
      items: string;
    }>(statementOf('users_word', sql), sql, [preparedText(q), offset]);
    const head = rows[0];
    if (head?.simple && (head.words <= 1 || (head.words <= FEW_WORDS && (head.people ?? 0) <= FEW_PEOPLE)))
      return { rows: rowsOf(head.items), total: head.total };
  }

  const others: Condition[] = [];
  // Folded in SQL as the stored text is, once per statement (a scalar subquery, not per row), so 'JOSÉ' finds
  // 'jose'; LIKE's wildcards typed are literal.
  if (q)
    others.push(
      (add) => `u.search_text LIKE (SELECT '%' || farol_fold(${add(preparedText(escapeLike(q)))}) || '%')`,
    );
  if (only) others.push((add) => `u.id = ANY (${add(only)}::int[])`);
  if (except) others.push((add) => `u.id <> ALL (${add(except)}::int[])`);

  const run = async (prefix: string, sql: string, params: unknown[]) => {
    const { rows } = await db.prepared<{ items: string; total: number }>(
      statementOf(prefix, sql),
      sql,
      params,
    );
    const row = rows[0];
    return { rows: row ? rowsOf(row.items) : [], total: row?.total ?? 0 };
  };

  if (q || only) {
    // One pass over the matches (the trigram index's for a search): the page is sorted from the matched ids and
    // names alone, the total counted from the same set, and only the page's rows are joined.
    const all = whereOf([...counted('role_key'), ...others]);
    const sql = `WITH matches AS MATERIALIZED (SELECT u.id, u.name_key FROM user_directory u ${all.clause}),
      page AS (SELECT id, name_key FROM matches ORDER BY name_key, id LIMIT ${limit} OFFSET ${all.add(offset)})
      SELECT (${pageItems('page')}) AS items, (SELECT count(*) FROM matches)::int AS total`;
    return run('users_match', sql, all.params);
  }

  // No search: the narrow name index gives the page's ids (a deep page walks short index entries, not joined
  // rows), the kept counts its total in the same statement — per role when neither the scope nor a company
  // narrows it, else per company and role; offline: less those connected now, counted alongside.
  const page = whereOf(except ? [...counted('role_key'), ...others] : counted('role_key'));
  const kept = counted('role')
    .map((condition) => condition(page.add))
    .filter((part): part is string => part !== null);
  const byRole = scope.kind === 'all' && filters.company_id === undefined;
  const keptSql = `SELECT coalesce(sum(u.n), 0)::int
    FROM ${byRole ? 'user_directory_role_counts' : 'user_directory_counts'} u
    ${kept.length > 0 ? `WHERE ${kept.join(' AND ')}` : ''}`;
  const connected = except
    ? [...counted('role_key'), (add: (value: unknown) => string) => `u.id = ANY (${add(except)}::int[])`]
        .map((condition) => condition(page.add))
        .filter((part): part is string => part !== null)
        .join(' AND ')
    : null;
  const sql = `WITH page AS (SELECT u.id, u.name_key FROM user_directory u ${page.clause}
      ORDER BY u.name_key, u.id LIMIT ${limit} OFFSET ${page.add(offset)})
    SELECT (${pageItems('page')}) AS items,
      (${keptSql})${connected ? ` - (SELECT count(*) FROM user_directory u WHERE ${connected})::int` : ''} AS total`;
  return run('users_page', sql, page.params);
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
