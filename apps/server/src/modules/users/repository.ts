import {
  CLIENT_ROLES,
  type UserDirectoryEntry,
  type UserDirectoryOptions,
  type UserPresenceStatus,
  type UserProfile,
} from '@farol/data/contract';
import { escapeLike, iso } from '../../db/sql';
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

/** A page of the directory (names A→Z, folded) and how many match. */
export const listDirectory = async (db: Database, scope: CompanyScope, filters: DirectoryFilters) => {
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  const scoped = scopeCondition(scope, add);
  if (scoped) where.push(scoped);
  // Folded in SQL as the stored text is, so 'JOSÉ' finds 'jose'; LIKE's wildcards typed are literal.
  if (filters.q) where.push(`u.search_text LIKE '%' || farol_fold(${add(escapeLike(filters.q))}) || '%'`);
  if (filters.company_id === 'none') where.push('u.company_id IS NULL');
  else if (filters.company_id !== undefined) where.push(`u.company_id = ${add(filters.company_id)}`);
  if (filters.role === 'cliente' || filters.role === 'client') {
    where.push(`lower(trim(u.role)) = ANY (${add(CLIENT_ROLES)}::text[])`);
  } else if (filters.role) {
    where.push(`lower(trim(u.role)) = ${add(filters.role)}`);
  }
  if (filters.only) where.push(`u.id = ANY (${add(filters.only)}::int[])`);
  if (filters.except && filters.except.length > 0) where.push(`u.id <> ALL (${add(filters.except)}::int[])`);
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  const [items, total] = await Promise.all([
    db.query<DirectoryRow>(
      `SELECT ${DIRECTORY_COLUMNS} FROM ${DIRECTORY_FROM} ${clause}
        ORDER BY u.name_key, u.id LIMIT ${add(filters.limit)} OFFSET ${add((filters.page - 1) * filters.limit)}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${clause}`, countParams),
  ]);
  return { rows: items.rows, total: total.rows[0]?.total ?? 0 };
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
