import { createHash, randomBytes } from 'node:crypto';
import type { Account, AccountSort, AccountStatus } from '@farol/data/contract';
import { escapeLike, iso } from '../../db/sql';
import type { Database } from '../../db/database';
import type { CompanyScope } from '../../http/access';
import { companyScopeSql } from '../../http/company-scope';
import { fullName, pictureUrl } from '../../shared/users';

export interface AccountRow {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  role: string;
  permissions: string[];
  company_id: number | null;
  company_name: string | null;
  company_manager: boolean;
  status: AccountStatus;
  last_access_at: Date | string | null;
  two_factor_enabled: boolean;
  must_change_password: boolean;
  invitation_expires_at: Date | string | null;
  picture_version: number | string | null;
  created_at: Date | string;
}

/**
 * Whether a person has two-factor sign-in on, as SQL over users aliased `u`: the security module's table
 * when the database has it (migration 021), else false. Decided once per server start.
 */
export const twoFactorSql = async (db: Database): Promise<string> => {
  const { rows } = await db.query<{ table: string | null; column: string | null }>(
    `SELECT to_regclass('user_two_factor')::text AS table,
            (SELECT column_name::text FROM information_schema.columns
              WHERE table_name = 'users' AND column_name = 'totp_enabled' LIMIT 1) AS column`,
  );
  if (rows[0]?.table)
    return 'EXISTS (SELECT 1 FROM user_two_factor f WHERE f.user_id = u.id AND f.enabled_at IS NOT NULL)';
  if (rows[0]?.column) return 'coalesce(u.totp_enabled, false)';
  return 'false';
};

const columns = (
  twoFactor: string,
) => `u.id, u.email, u.username, u.first_name, u.last_name, u.role, u.permissions,
  u.company_id, c.name AS company_name, u.company_manager, u.status, la.at AS last_access_at,
  ${twoFactor} AS two_factor_enabled, u.must_change_password,
  (SELECT max(l.expires_at) FROM account_links l
    WHERE l.user_id = u.id AND l.kind = 'invitation' AND l.used_at IS NULL) AS invitation_expires_at,
  u.picture_version, u.created_at`;
const FROM = `users u LEFT JOIN companies c ON c.id = u.company_id
  LEFT JOIN user_last_access la ON la.user_id = u.id`;

export const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  name: fullName(row),
  role: row.role,
  permissions: row.permissions,
  company_id: row.company_id,
  company_name: row.company_name,
  company_manager: row.company_manager,
  status: row.status,
  last_access_at: row.last_access_at === null ? null : iso(row.last_access_at),
  two_factor_enabled: row.two_factor_enabled,
  must_change_password: row.must_change_password,
  invitation_expires_at: row.invitation_expires_at === null ? null : iso(row.invitation_expires_at),
  profile_picture: pictureUrl(row),
  created_at: iso(row.created_at),
});

export interface AccountFilter {
  q?: string | undefined;
  status?: AccountStatus | undefined;
  role?: string | undefined;
  companyId?: number | undefined;
  /** A client gestor: only their company's client users. */
  clientsOf?: number | undefined;
  /** A staff manager's company scope (issue 13): staff and the reached companies' people only. */
  scope?: CompanyScope | undefined;
  clientRoles: readonly string[];
  sort: AccountSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

const ORDER: Record<AccountSort, string> = {
  name: 'lower(u.first_name), lower(u.last_name)',
  email: 'lower(u.email)',
  role: 'lower(u.role)',
  company: 'lower(c.name)',
  status: 'u.status',
  last_access: 'la.at',
};

export const listAccounts = async (db: Database, twoFactor: string, filter: AccountFilter) => {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.q) {
    const pattern = param(`%${escapeLike(filter.q)}%`);
    where.push(`(farol_fold(u.first_name || ' ' || u.last_name) LIKE farol_fold(${pattern})
      OR farol_fold(u.email) LIKE farol_fold(${pattern}) OR farol_fold(coalesce(c.name, '')) LIKE farol_fold(${pattern}))`);
  }
  if (filter.status) where.push(`u.status = ${param(filter.status)}`);
  if (filter.role) where.push(`lower(trim(u.role)) = ${param(filter.role.toLowerCase())}`);
  if (filter.companyId !== undefined) where.push(`u.company_id = ${param(filter.companyId)}`);
  if (filter.scope) where.push(companyScopeSql(filter.scope, param, 'u.company_id', { unassigned: true }));
  if (filter.clientsOf !== undefined) {
    where.push(`u.company_id = ${param(filter.clientsOf)}`);
    where.push(`lower(trim(u.role)) = ANY(${param(filter.clientRoles)}::text[])`);
  }
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const direction = filter.order === 'desc' ? 'DESC' : 'ASC';
  const nulls = filter.sort === 'last_access' || filter.sort === 'company' ? ' NULLS LAST' : '';
  const [items, total] = await Promise.all([
    db.query<AccountRow>(
      `SELECT ${columns(twoFactor)} FROM ${FROM} ${whereSql}
        ORDER BY ${ORDER[filter.sort]
          .split(', ')
          .map((part) => `${part} ${direction}${nulls}`)
          .join(', ')}, u.id ${direction}
        LIMIT ${param(filter.limit)} OFFSET ${param((filter.page - 1) * filter.limit)}`,
      params,
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${FROM} ${whereSql}`,
      params.slice(0, params.length - 2),
    ),
  ]);
  return { items: items.rows.map(toAccount), total: total.rows[0]?.total ?? 0 };
};

export const loadAccount = async (db: Database, twoFactor: string, id: number, lock = false) => {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${columns(twoFactor)} FROM ${FROM} WHERE u.id = $1${lock ? ' FOR UPDATE OF u' : ''}`,
    [id],
  );
  return rows[0] ?? null;
};

/** Active admins other than `exceptId`. */
export const otherActiveAdmins = async (db: Database, exceptId: number) => {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users
      WHERE lower(trim(role)) = 'admin' AND status = 'ativo' AND id <> $1`,
    [exceptId],
  );
  return rows[0]?.count ?? 0;
};

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A one-time link: a random token (only its SHA-256 is kept); earlier unused links of the kind end. */
export const issueLink = async (
  tx: Database,
  kind: 'invitation' | 'password_reset',
  userId: number,
  ttlMs: number,
  createdBy: number | null,
) => {
  await tx.query(
    `UPDATE account_links SET used_at = now() WHERE user_id = $1 AND kind = $2 AND used_at IS NULL`,
    [userId, kind],
  );
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await tx.query(
    `INSERT INTO account_links (kind, user_id, token_hash, created_by, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [kind, userId, hashLinkToken(token), createdBy, expiresAt],
  );
  return { token, expiresAt };
};

export interface LinkRow {
  id: number;
  user_id: number;
  expires_at: Date | string;
  used_at: Date | string | null;
  email: string;
  first_name: string;
  last_name: string;
  username: string | null;
  status: AccountStatus;
  company_id: number | null;
  role: string;
}

export const findLink = async (
  db: Database,
  kind: 'invitation' | 'password_reset',
  token: string,
  lock = false,
) => {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const { rows } = await db.query<LinkRow>(
    `SELECT l.id, l.user_id, l.expires_at, l.used_at, u.email, u.first_name, u.last_name, u.username, u.status,
            u.company_id, u.role
       FROM account_links l JOIN users u ON u.id = l.user_id
      WHERE l.token_hash = $1 AND l.kind = $2${lock ? ' FOR UPDATE OF l' : ''}`,
    [hashLinkToken(token), kind],
  );
  return rows[0] ?? null;
};
