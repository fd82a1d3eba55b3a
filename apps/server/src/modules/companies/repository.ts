/** The companies' SQL and row mapping (companies, branches, contacts, logos): what is read and written. */
import { createHash } from 'node:crypto';
import {
  COMPANY_KINDS,
  COMPANY_PAGE_SIZE,
  COMPANY_STATUSES,
  TICKET_OPEN_STATUSES,
  UF_CODES,
  normalizeCnpj,
  type Branch,
  type Company,
  type CompanyCard,
  type CompanyContact,
  type CompanyPerson,
  type CompanySort,
  type Uf,
  type companyListQuerySchema,
} from '@farol/data/contract';
import type { z } from 'zod';
import { CLIENT_ROLES } from '../../auth/types';
import type { Database } from '../../db/database';
import type { CompanyScope } from '../../http/access';
import { companyScopeSql } from '../../http/company-scope';
import { escapeLike, iso, isoUtcSql } from '../../db/sql';
import { notFound } from '../../http/errors';
import { nameSql } from '../../shared/users';

export const COMPANIES_VIEW = 'companies.view';

export type CompanyListQuery = z.output<typeof companyListQuerySchema>;

/** A contract enum value written into SQL as a literal; only values of `allowed` (no quotes in any) pass. */
const literal = (value: string, allowed: readonly string[]) => {
  if (!allowed.includes(value)) throw new Error(`unexpected value ${value}`);
  return `'${value}'`;
};

const OPEN_STATUSES_SQL = TICKET_OPEN_STATUSES.map((status) => `'${status}'`).join(', ');

/** Its contacts: those whose company it is, and those who have it as another company. */
const contactCountSql = (alias: string) =>
  `((SELECT count(*) FROM company_contacts ct WHERE ct.company_id = ${alias}.id)
    + (SELECT count(*) FROM contact_companies cc WHERE cc.company_id = ${alias}.id))`;

const isoOrNullSql = (column: string) =>
  `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoUtcSql(column)} END`;

/** The Company JSON of companies aliased `c`, joined to its manager `m` and parent `pc` (COMPANY_JOINS). */
const COMPANY_JSON = `json_build_object('id', c.id, 'name', c.name, 'legal_name', COALESCE(c.legal_name, c.name),
  'cnpj', c.cnpj, 'state_registration', c.state_registration, 'municipal_registration', c.municipal_registration,
  'kind', c.kind, 'segment', c.segment, 'website', c.website, 'email_domains', to_json(c.email_domains),
  'phone', c.phone,
  'account_manager', CASE WHEN m.id IS NULL THEN NULL ELSE json_build_object('id', m.id, 'name', ${nameSql('m')}) END,
  'parent', CASE WHEN pc.id IS NULL THEN NULL ELSE json_build_object('id', pc.id, 'name', pc.name) END,
  'notes', c.notes,
  'logo_url', CASE WHEN c.logo_version IS NULL THEN NULL
    ELSE '/api/companies/' || c.id || '/logo?v=' || c.logo_version END,
  'status', c.status, 'archived_at', ${isoOrNullSql('c.archived_at')},
  'open_tickets', c.open_tickets,
  'branch_count', (SELECT count(*) FROM branches b WHERE b.company_id = c.id),
  'contact_count', ${contactCountSql('c')},
  'created_at', ${isoUtcSql('c.created_at')}, 'updated_at', ${isoUtcSql('c.updated_at')})`;

const COMPANY_JOINS = `LEFT JOIN users m ON m.id = c.account_manager_id
  LEFT JOIN companies pc ON pc.id = c.parent_id`;

/** The default direction of each order: names A→Z, the rest newest or busiest first. */
const DEFAULT_ORDER: Record<CompanySort, 'asc' | 'desc'> = {
  name: 'asc',
  created_at: 'desc',
  updated_at: 'desc',
  open_tickets: 'desc',
};

const SORT_SQL: Record<CompanySort, string> = {
  name: 'c.name_key',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  open_tickets: 'c.open_tickets',
};

/** A search that looks like a CNPJ typed with its mask also matches the stored 14 characters. */
const cnpjLike = (q: string) => (/^[\dA-Za-z]{2,}([./-][\dA-Za-z]*)+$/.test(q) ? normalizeCnpj(q) : null);

/**
 * The list's filters on columns that company_counts and company_uf_counts also keep (kind, status, archived,
 * manager), for the companies (`c`) or for the counts (`k`, where 0 stands for no manager): numbers appended to `params`,
 * enums written as validated literals, so that without text search every parameter is a number and the
 * statement can be prepared.
 */
const columnFilters = (viewerId: number, query: CompanyListQuery, params: unknown[], alias: 'c' | 'k') => {
  const where: string[] = [];
  const archived = query.archived === true;
  where.push(alias === 'k' ? `k.archived = ${archived}` : `c.archived_at IS ${archived ? 'NOT ' : ''}NULL`);
  if (query.kind) where.push(`${alias}.kind = ${literal(query.kind, COMPANY_KINDS)}`);
  if (query.status) where.push(`${alias}.status = ${literal(query.status, COMPANY_STATUSES)}`);
  if (query.manager_id !== undefined) {
    params.push(query.manager_id === 'me' ? viewerId : query.manager_id);
    where.push(`${alias}.${alias === 'k' ? 'manager_id' : 'account_manager_id'} = $${params.length}`);
  }
  return where;
};

/** Every filter of the list over companies aliased `c` (text search and UF included). */
const listWhere = (viewerId: number, query: CompanyListQuery, params: unknown[], scope: CompanyScope) => {
  const where = columnFilters(viewerId, query, params, 'c');
  // A staff account limited to some companies lists those only (issue 13).
  if (scope.kind !== 'all') where.push(companyScopeSql(scope, params, 'c.id'));
  if (query.uf) where.push(`c.ufs @> ARRAY[${literal(query.uf, UF_CODES)}]`);
  if (query.q) {
    // Accents and case ignored, through the trigram index on the folded text (migration 010).
    // The pattern is folded once (an InitPlan), not again for each row the index hands over.
    params.push(`%${escapeLike(query.q)}%`);
    const matches = [`c.search_text LIKE (SELECT farol_fold($${params.length}))`];
    const cnpj = cnpjLike(query.q);
    if (cnpj) {
      params.push(`%${escapeLike(cnpj)}%`);
      matches.push(`c.search_text LIKE (SELECT farol_fold($${params.length}))`);
    }
    where.push(matches.length > 1 ? `(${matches.join(' OR ')})` : matches[0]!);
  }
  return where;
};

/**
 * One page of the list as the CompanyList JSON text, built by the database in one round trip. The page's ids
 * are chosen first (an index range for the usual orders), then only those 25 get their JSON and counts. The
 * total of filters on kind, status, archived, manager and UF is summed from the counts tables; a text search
 * counts the matching companies themselves.
 */
export const listCompaniesJson = async (
  db: Database,
  viewerId: number,
  query: CompanyListQuery,
  scope: CompanyScope = { kind: 'all' },
): Promise<string> => {
  const params: unknown[] = [];
  const where = listWhere(viewerId, query, params, scope).join(' AND ');
  let totalSql = `SELECT count(*) FROM companies c WHERE ${where}`;
  // The counts tables know no scope: a limited account counts its companies themselves.
  if (!query.q && scope.kind === 'all') {
    const counted = columnFilters(viewerId, query, params, 'k');
    if (query.uf) counted.push(`k.uf = ${literal(query.uf, UF_CODES)}`);
    totalSql = `SELECT COALESCE(sum(k.n), 0) FROM ${query.uf ? 'company_uf_counts' : 'company_counts'} k WHERE ${counted.join(' AND ')}`;
  }
  const sort = query.sort ?? 'name';
  const direction = (query.order ?? DEFAULT_ORDER[sort]) === 'asc' ? 'ASC' : 'DESC';
  // Written into the SQL (a validated 1–100), so the prepared plan is made for a page, not for 10% of the table.
  const limit = query.limit ?? COMPANY_PAGE_SIZE;
  if (!Number.isSafeInteger(limit)) throw new Error(`unexpected limit ${limit}`);
  params.push(((query.page ?? 1) - 1) * limit);
  const order = `ORDER BY sort_key ${direction}, id ${direction} LIMIT ${limit} OFFSET $${params.length}`;
  // A text search reads the trigram index once, for the page and its total alike.
  const pageSql = query.q
    ? `matches AS MATERIALIZED (SELECT c.id, ${SORT_SQL[sort]} AS sort_key FROM companies c WHERE ${where}),
       page AS (SELECT id, sort_key FROM matches ${order})`
    : `page AS (SELECT c.id, ${SORT_SQL[sort]} AS sort_key FROM companies c WHERE ${where} ${order})`;
  if (query.q) totalSql = 'SELECT count(*) FROM matches';
  const sql = `WITH ${pageSql}
    SELECT json_build_object(
      'items', COALESCE((SELECT json_agg(${COMPANY_JSON} ORDER BY page.sort_key ${direction}, page.id ${direction})
        FROM page JOIN companies c ON c.id = page.id ${COMPANY_JOINS}), '[]'::json),
      'total', (${totalSql})
    )::text AS body`;
  // One prepared statement per shape of query (a bounded set); with text search it runs unprepared.
  const name = `farol_companies_list_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
  const { rows } = await db.prepared<{ body: string }>(name, sql, params);
  return rows[0]!.body;
};

/** Every company the list's filters keep (no paging, at most `max`), in the list's order, for the CSV export. */
export const exportCompanies = async (
  db: Database,
  viewerId: number,
  query: CompanyListQuery,
  max: number,
  scope: CompanyScope = { kind: 'all' },
): Promise<Company[]> => {
  const params: unknown[] = [];
  const where = listWhere(viewerId, query, params, scope).join(' AND ');
  const sort = query.sort ?? 'name';
  const direction = (query.order ?? DEFAULT_ORDER[sort]) === 'asc' ? 'ASC' : 'DESC';
  params.push(max);
  const { rows } = await db.query<{ company: Company }>(
    `SELECT ${COMPANY_JSON} AS company FROM companies c ${COMPANY_JOINS}
     WHERE ${where} ORDER BY ${SORT_SQL[sort]} ${direction}, c.id ${direction} LIMIT $${params.length}`,
    params,
  );
  return rows.map((row) => parseJson(row.company));
};

/** json columns arrive parsed from both drivers; text is parsed here just in case. */
const parseJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The company as the wire shows it, else 404. */
export const loadCompany = async (db: Database, id: number): Promise<Company> => {
  const { rows } = await db.query<{ company: Company }>(
    `SELECT ${COMPANY_JSON} AS company FROM companies c ${COMPANY_JOINS} WHERE c.id = $1`,
    [id],
  );
  if (!rows[0]) throw notFound('Empresa não encontrada');
  return parseJson(rows[0].company);
};

/** The stored columns of a company, as the service compares them before and after a change. */
export interface CompanyRow {
  id: number;
  name: string;
  legal_name: string;
  cnpj: string | null;
  state_registration: string | null;
  municipal_registration: string | null;
  kind: string;
  segment: string | null;
  website: string | null;
  email_domains: string[];
  phone: string | null;
  account_manager_id: number | null;
  parent_id: number | null;
  notes: string | null;
  status: string;
  archived_at: Date | string | null;
}

/** The columns a write may set (the wire's names are the columns' names). */
export const COMPANY_FIELDS = [
  'name',
  'legal_name',
  'cnpj',
  'state_registration',
  'municipal_registration',
  'kind',
  'segment',
  'website',
  'email_domains',
  'phone',
  'account_manager_id',
  'parent_id',
  'notes',
  'status',
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];
export type CompanyValues = Partial<Record<CompanyField, unknown>>;

export const loadCompanyRow = async (db: Database, id: number, lock = false): Promise<CompanyRow> => {
  const { rows } = await db.query<CompanyRow>(
    `SELECT id, name, COALESCE(legal_name, name) AS legal_name, cnpj, state_registration, municipal_registration,
       kind, segment, website, email_domains, phone, account_manager_id, parent_id, notes, status, archived_at
     FROM companies WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  if (!rows[0]) throw notFound('Empresa não encontrada');
  return rows[0];
};

export const insertCompany = async (tx: Database, values: CompanyValues): Promise<number> => {
  const columns = COMPANY_FIELDS.filter((field) => values[field] !== undefined);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO companies (${columns.join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})
     RETURNING id`,
    columns.map((column) => values[column]),
  );
  return rows[0]!.id;
};

/** Sets the given columns (and updated_at); `extra` is raw SQL such as archived_at = now(). */
export const updateCompanyRow = async (
  tx: Database,
  id: number,
  values: CompanyValues,
  extra: string[] = [],
) => {
  const sets = [...extra, 'updated_at = now()'];
  const params: unknown[] = [];
  for (const field of COMPANY_FIELDS) {
    if (values[field] === undefined) continue;
    params.push(values[field]);
    sets.push(`${field} = $${params.length}`);
  }
  params.push(id);
  await tx.query(`UPDATE companies SET ${sets.join(', ')} WHERE id = $${params.length}`, params);
};

/** The company with this CNPJ or (case-insensitive) name, other than `exceptId`. */
export const findCompanyBy = async (
  db: Database,
  field: 'cnpj' | 'name',
  value: string,
  exceptId: number | null = null,
): Promise<{ id: number; name: string; cnpj: string | null } | null> => {
  const { rows } = await db.query<{ id: number; name: string; cnpj: string | null }>(
    `SELECT id, name, cnpj FROM companies
     WHERE ${field === 'cnpj' ? 'cnpj = $1' : 'lower(name) = lower($1)'} AND id IS DISTINCT FROM $2 LIMIT 1`,
    [value, exceptId],
  );
  return rows[0] ?? null;
};

/** Whether making `parentId` the parent of `id` would close a loop (it is `id` or one of its descendants). */
export const wouldCycle = async (db: Database, id: number, parentId: number): Promise<boolean> => {
  if (id === parentId) return true;
  const { rows } = await db.query<{ found: boolean }>(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, 1 AS depth FROM companies WHERE id = $1
       UNION ALL
       SELECT c.id, c.parent_id, up.depth + 1 FROM companies c JOIN up ON c.id = up.parent_id WHERE up.depth < 100)
     SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS found`,
    [parentId, id],
  );
  return rows[0]?.found === true;
};

export const companyExists = async (db: Database, id: number) =>
  (await db.query('SELECT 1 FROM companies WHERE id = $1', [id])).rows.length > 0;

/** The name of a staff user (anyone but a client), or null. */
export const staffName = async (db: Database, userId: number): Promise<string | null> => {
  const { rows } = await db.query<{ name: string }>(
    `SELECT ${nameSql('u')} AS name FROM users u WHERE u.id = $1 AND lower(trim(u.role)) <> ALL ($2::text[])`,
    [userId, CLIENT_ROLES],
  );
  return rows[0]?.name ?? null;
};

/** Chamados not resolved or closed (counted from the tickets themselves: this decides refusals). */
export const openTicketCount = async (db: Database, companyId: number): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tickets t WHERE t.company_id = $1 AND t.status IN (${OPEN_STATUSES_SQL})`,
    [companyId],
  );
  return rows[0]?.n ?? 0;
};

/** What refers to a company from outside it (so it may not be deleted), by kind. */
export const companyReferences = async (db: Database, id: number) => {
  const { rows } = await db.query<{
    tickets: number;
    users: number;
    contacts: number;
    children: number;
  }>(
    `SELECT (SELECT count(*)::int FROM tickets WHERE company_id = $1) AS tickets,
       (SELECT count(*)::int FROM users WHERE company_id = $1) AS users,
       (SELECT count(*)::int FROM contact_companies WHERE company_id = $1) AS contacts,
       (SELECT count(*)::int FROM companies WHERE parent_id = $1) AS children`,
    [id],
  );
  return rows[0]!;
};

export const deleteCompanyRow = async (tx: Database, id: number) => {
  await tx.query('DELETE FROM companies WHERE id = $1', [id]);
};

/** The figures of the company page beyond the list's. */
export const companyPageFigures = async (db: Database, id: number) => {
  const { rows } = await db.query<{
    overdue: number;
    last_ticket: Date | string | null;
    last_message: Date | string | null;
    children: CompanyPerson[] | string;
    cnpjs: string[];
  }>(
    `SELECT
       (SELECT count(*)::int FROM tickets t WHERE t.company_id = $1 AND t.status IN (${OPEN_STATUSES_SQL})
          AND t.due_at < now() AND t.sla_paused_at IS NULL) AS overdue,
       (SELECT max(t.updated_at) FROM tickets t WHERE t.company_id = $1) AS last_ticket,
       (SELECT max(tm.created_at) FROM ticket_messages tm JOIN tickets t ON t.id = tm.ticket_id
          WHERE t.company_id = $1) AS last_message,
       COALESCE((SELECT json_agg(json_build_object('id', ch.id, 'name', ch.name) ORDER BY ch.name_key, ch.id)
          FROM companies ch WHERE ch.parent_id = $1), '[]'::json) AS children,
       ARRAY(SELECT b.cnpj FROM branches b WHERE b.company_id = $1 AND b.cnpj IS NOT NULL) AS cnpjs`,
    [id],
  );
  const row = rows[0]!;
  const times = [row.last_ticket, row.last_message].filter((value) => value !== null).map(iso);
  return {
    overdue: row.overdue,
    lastContactAt: times.length > 0 ? times.sort().at(-1)! : null,
    children: parseJson(row.children),
    branchCnpjs: row.cnpjs,
  };
};

// ---------------------------------------------------------------- branches

export const BRANCH_FIELDS = [
  'name',
  'cnpj',
  'cep',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'uf',
  'phone',
  'opening_hours',
  'head_office',
] as const;
export type BranchField = (typeof BRANCH_FIELDS)[number];
export type BranchValues = Partial<Record<BranchField, unknown>>;

interface BranchRow extends Omit<Branch, 'created_at' | 'updated_at'> {
  created_at: Date | string;
  updated_at: Date | string;
}

const BRANCH_SELECT = `SELECT b.id, b.company_id, b.name, b.cnpj, b.cep, b.street, b.number, b.complement,
  b.district, b.city, b.uf, b.phone, b.opening_hours, b.head_office,
  (SELECT count(*)::int FROM tickets t WHERE t.branch_id = b.id AND t.status IN (${OPEN_STATUSES_SQL})) AS open_tickets,
  b.created_at, b.updated_at FROM branches b`;

const toBranch = (row: BranchRow): Branch => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** A company's branches: the matriz first, then by name. */
export const listBranches = async (db: Database, companyId: number): Promise<Branch[]> => {
  const { rows } = await db.query<BranchRow>(
    `${BRANCH_SELECT} WHERE b.company_id = $1 ORDER BY b.head_office DESC, farol_fold(b.name), b.id`,
    [companyId],
  );
  return rows.map(toBranch);
};

/** The branch if it is the company's, else 404. */
export const loadBranch = async (
  db: Database,
  companyId: number,
  branchId: number,
  lock = false,
): Promise<Branch> => {
  const { rows } = await db.query<BranchRow>(
    lock
      ? `${BRANCH_SELECT} WHERE b.id = $1 AND b.company_id = $2 FOR UPDATE OF b`
      : `${BRANCH_SELECT} WHERE b.id = $1 AND b.company_id = $2`,
    [branchId, companyId],
  );
  if (!rows[0]) throw notFound('Filial não encontrada');
  return toBranch(rows[0]);
};

export const insertBranch = async (
  tx: Database,
  companyId: number,
  values: BranchValues,
): Promise<number> => {
  const columns = BRANCH_FIELDS.filter((field) => values[field] !== undefined);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO branches (company_id${columns.map((column) => `, ${column}`).join('')})
     VALUES ($1${columns.map((_, index) => `, $${index + 2}`).join('')}) RETURNING id`,
    [companyId, ...columns.map((column) => values[column])],
  );
  return rows[0]!.id;
};

export const updateBranchRow = async (tx: Database, branchId: number, values: BranchValues) => {
  const sets = ['updated_at = now()'];
  const params: unknown[] = [];
  for (const field of BRANCH_FIELDS) {
    if (values[field] === undefined) continue;
    params.push(values[field]);
    sets.push(`${field} = $${params.length}`);
  }
  params.push(branchId);
  await tx.query(`UPDATE branches SET ${sets.join(', ')} WHERE id = $${params.length}`, params);
};

/** Takes the matriz flag from the company's other branches (one matriz per company). */
export const clearHeadOffice = async (tx: Database, companyId: number, exceptBranchId: number | null) => {
  await tx.query(
    'UPDATE branches SET head_office = false, updated_at = now() WHERE company_id = $1 AND head_office AND id IS DISTINCT FROM $2',
    [companyId, exceptBranchId],
  );
};

export const branchByCnpj = async (db: Database, cnpj: string, exceptId: number | null) => {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM branches WHERE cnpj = $1 AND id IS DISTINCT FROM $2',
    [cnpj, exceptId],
  );
  return rows[0]?.id ?? null;
};

/** CNPJs of the company's branches whose root differs from `root`. */
export const branchCnpjsOutsideRoot = async (db: Database, companyId: number, root: string) => {
  const { rows } = await db.query<{ cnpj: string }>(
    'SELECT cnpj FROM branches WHERE company_id = $1 AND cnpj IS NOT NULL AND substr(cnpj, 1, 8) <> $2',
    [companyId, root],
  );
  return rows.map((row) => row.cnpj);
};

export const deleteBranchRow = async (tx: Database, branchId: number) => {
  await tx.query('DELETE FROM branches WHERE id = $1', [branchId]);
};

// ---------------------------------------------------------------- contacts

/** Wire field → column (the wire's `primary` is a reserved word in SQL). */
export const CONTACT_COLUMNS = {
  name: 'name',
  job_title: 'job_title',
  department: 'department',
  email: 'email',
  phone: 'phone',
  mobile: 'mobile',
  whatsapp: 'whatsapp',
  primary: 'is_primary',
  billing: 'billing',
  technical: 'technical',
  vip: 'vip',
  branch_id: 'branch_id',
  user_id: 'user_id',
  notes: 'notes',
} as const;
export type ContactField = keyof typeof CONTACT_COLUMNS;
export type ContactValues = Partial<Record<ContactField, unknown>>;

interface ContactRow {
  id: number;
  company_id: number;
  company_name: string;
  other_companies: CompanyPerson[] | string;
  branch_id: number | null;
  branch_name: string | null;
  name: string;
  job_title: string | null;
  department: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  whatsapp: boolean;
  is_primary: boolean;
  billing: boolean;
  technical: boolean;
  vip: boolean;
  user_id: number | null;
  notes: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const CONTACT_SELECT = `SELECT ct.id, ct.company_id, c.name AS company_name,
  COALESCE((SELECT json_agg(json_build_object('id', oc.id, 'name', oc.name) ORDER BY oc.name_key, oc.id)
    FROM contact_companies x JOIN companies oc ON oc.id = x.company_id WHERE x.contact_id = ct.id), '[]'::json)
    AS other_companies,
  ct.branch_id, b.name AS branch_name, ct.name, ct.job_title, ct.department, ct.email, ct.phone, ct.mobile,
  ct.whatsapp, ct.is_primary, ct.billing, ct.technical, ct.vip, ct.user_id, ct.notes, ct.created_at, ct.updated_at
  FROM company_contacts ct JOIN companies c ON c.id = ct.company_id LEFT JOIN branches b ON b.id = ct.branch_id`;

const toContact = (row: ContactRow): CompanyContact => ({
  id: row.id,
  company_id: row.company_id,
  company_name: row.company_name,
  other_companies: parseJson(row.other_companies),
  branch: row.branch_id === null ? null : { id: row.branch_id, name: row.branch_name ?? '' },
  name: row.name,
  job_title: row.job_title,
  department: row.department,
  email: row.email,
  phone: row.phone,
  mobile: row.mobile,
  whatsapp: row.whatsapp,
  primary: row.is_primary,
  billing: row.billing,
  technical: row.technical,
  vip: row.vip,
  user_id: row.user_id,
  notes: row.notes,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/**
 * The contacts of a company — its own and those who have it as another company — its own first, the
 * principal ones first, then by name; paged, with text search on name, e-mail, cargo and departamento.
 */
export const listContacts = async (
  db: Database,
  companyId: number,
  { q, page, limit }: { q?: string | undefined; page: number; limit: number },
) => {
  const params: unknown[] = [companyId];
  const where = [
    '(ct.company_id = $1 OR EXISTS (SELECT 1 FROM contact_companies x WHERE x.contact_id = ct.id AND x.company_id = $1))',
  ];
  if (q) {
    params.push(`%${escapeLike(q)}%`);
    where.push(
      `farol_fold(ct.name || ' ' || COALESCE(ct.email, '') || ' ' || COALESCE(ct.job_title, '') || ' ' || COALESCE(ct.department, '')) LIKE farol_fold($${params.length})`,
    );
  }
  const whereSql = where.join(' AND ');
  const [items, total] = await Promise.all([
    db.query<ContactRow>(
      `${CONTACT_SELECT} WHERE ${whereSql}
       ORDER BY ct.company_id <> $1, ct.is_primary DESC, farol_fold(ct.name), ct.id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, (page - 1) * limit],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM company_contacts ct WHERE ${whereSql}`, params),
  ]);
  return { items: items.rows.map(toContact), total: total.rows[0]?.n ?? 0 };
};

/** The contact if it is the company's own, else 404. */
export const loadContact = async (
  db: Database,
  companyId: number,
  contactId: number,
): Promise<CompanyContact> => {
  const { rows } = await db.query<ContactRow>(`${CONTACT_SELECT} WHERE ct.id = $1 AND ct.company_id = $2`, [
    contactId,
    companyId,
  ]);
  if (!rows[0]) throw notFound('Contato não encontrado');
  return toContact(rows[0]);
};

export const insertContact = async (
  tx: Database,
  companyId: number,
  values: ContactValues,
): Promise<number> => {
  const fields = (Object.keys(CONTACT_COLUMNS) as ContactField[]).filter(
    (field) => values[field] !== undefined,
  );
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO company_contacts (company_id${fields.map((field) => `, ${CONTACT_COLUMNS[field]}`).join('')})
     VALUES ($1${fields.map((_, index) => `, $${index + 2}`).join('')}) RETURNING id`,
    [companyId, ...fields.map((field) => values[field])],
  );
  return rows[0]!.id;
};

export const updateContactRow = async (tx: Database, contactId: number, values: ContactValues) => {
  const sets = ['updated_at = now()'];
  const params: unknown[] = [];
  for (const field of Object.keys(CONTACT_COLUMNS) as ContactField[]) {
    if (values[field] === undefined) continue;
    params.push(values[field]);
    sets.push(`${CONTACT_COLUMNS[field]} = $${params.length}`);
  }
  params.push(contactId);
  await tx.query(`UPDATE company_contacts SET ${sets.join(', ')} WHERE id = $${params.length}`, params);
};

/** Replaces a contact's other companies. */
export const setOtherCompanies = async (tx: Database, contactId: number, companyIds: readonly number[]) => {
  await tx.query('DELETE FROM contact_companies WHERE contact_id = $1', [contactId]);
  if (companyIds.length === 0) return;
  await tx.query(
    `INSERT INTO contact_companies (contact_id, company_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
    [contactId, companyIds],
  );
};

/** Takes the principal flag from the company's other contacts (one principal contact per company). */
export const clearPrimaryContact = async (
  tx: Database,
  companyId: number,
  exceptContactId: number | null,
) => {
  await tx.query(
    'UPDATE company_contacts SET is_primary = false, updated_at = now() WHERE company_id = $1 AND is_primary AND id IS DISTINCT FROM $2',
    [companyId, exceptContactId],
  );
};

export const deleteContactRow = async (tx: Database, contactId: number) => {
  await tx.query('DELETE FROM company_contacts WHERE id = $1', [contactId]);
};

/** Which of `ids` are companies (the rest do not exist). */
export const existingCompanyIds = async (db: Database, ids: readonly number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: number }>('SELECT id FROM companies WHERE id = ANY ($1::int[])', [
    ids,
  ]);
  return new Set(rows.map((row) => row.id));
};

/** The client user's company and whether a contact other than `exceptContactId` already signs in as them. */
export const portalUser = async (db: Database, userId: number, exceptContactId: number | null) => {
  const { rows } = await db.query<{ company_id: number | null; client: boolean; taken: boolean }>(
    `SELECT u.company_id, lower(trim(u.role)) = ANY ($2::text[]) AS client,
       EXISTS (SELECT 1 FROM company_contacts ct WHERE ct.user_id = u.id AND ct.id IS DISTINCT FROM $3) AS taken
     FROM users u WHERE u.id = $1`,
    [userId, CLIENT_ROLES, exceptContactId],
  );
  return rows[0] ?? null;
};

/** The company's contact with this e-mail (case-insensitive), for imports. */
export const contactByEmail = async (db: Database, companyId: number, email: string) => {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM company_contacts WHERE company_id = $1 AND lower(email) = lower($2) ORDER BY id LIMIT 1',
    [companyId, email],
  );
  return rows[0]?.id ?? null;
};

// ---------------------------------------------------------------- logos, options, the client's card

export const saveLogo = async (tx: Database, companyId: number, contentType: string, bytes: Buffer) => {
  await tx.query(
    `INSERT INTO company_logos (company_id, content_type, data, updated_at)
     VALUES ($1, $2, decode($3, 'base64'), now())
     ON CONFLICT (company_id) DO UPDATE SET content_type = $2, data = EXCLUDED.data, updated_at = now()`,
    // bytea crosses the driver as base64 text: PGlite's binary parameter path is much slower.
    [companyId, contentType, bytes.toString('base64')],
  );
  await tx.query('UPDATE companies SET logo_version = $2, updated_at = now() WHERE id = $1', [
    companyId,
    Date.now(),
  ]);
};

/** Removes the logo; answers whether there was one. */
export const removeLogo = async (tx: Database, companyId: number): Promise<boolean> => {
  const removed = await tx.query('DELETE FROM company_logos WHERE company_id = $1 RETURNING company_id', [
    companyId,
  ]);
  if (removed.rows.length === 0) return false;
  await tx.query('UPDATE companies SET logo_version = NULL, updated_at = now() WHERE id = $1', [companyId]);
  return true;
};

export const readLogo = async (db: Database, companyId: number) => {
  const { rows } = await db.query<{ content_type: string; data: string }>(
    "SELECT content_type, encode(data, 'base64') AS data FROM company_logos WHERE company_id = $1",
    [companyId],
  );
  const logo = rows[0];
  return logo ? { contentType: logo.content_type, bytes: Buffer.from(logo.data, 'base64') } : null;
};

/** Staff who may be account managers, and every company (id and name), for the forms. */
export const formOptions = async (db: Database, scope: CompanyScope = { kind: 'all' }) => {
  const scopeParams: unknown[] = [];
  const scopeWhere = companyScopeSql(scope, scopeParams, 'c.id');
  const [managers, companies] = await Promise.all([
    db.query<CompanyPerson>(
      `SELECT u.id, ${nameSql('u')} AS name FROM users u WHERE lower(trim(u.role)) <> ALL ($1::text[])
       ORDER BY farol_fold(${nameSql('u')}), u.id`,
      [CLIENT_ROLES],
    ),
    db.query<CompanyPerson>(
      `SELECT c.id, c.name FROM companies c WHERE ${scopeWhere} ORDER BY c.name_key, c.id`,
      scopeParams,
    ),
  ]);
  return { managers: managers.rows, companies: companies.rows };
};

/** Companies whose e-mail domains hold `domain` (archived ones left out). */
export const companiesWithDomain = async (
  db: Database,
  domain: string,
  scope: CompanyScope = { kind: 'all' },
): Promise<CompanyPerson[]> => {
  const params: unknown[] = [domain];
  const { rows } = await db.query<CompanyPerson>(
    `SELECT c.id, c.name FROM companies c WHERE c.email_domains @> ARRAY[$1]::text[] AND c.archived_at IS NULL
       AND ${companyScopeSql(scope, params, 'c.id')}
     ORDER BY c.name_key, c.id LIMIT 20`,
    params,
  );
  return rows;
};

/**
 * A client's card of their own company: its name and logo, and their branch — the one of the contact they
 * sign in as, else the company's matriz.
 */
export const companyCard = async (
  db: Database,
  companyId: number,
  userId: number,
): Promise<CompanyCard | null> => {
  const { rows } = await db.query<{
    id: number;
    name: string;
    logo_version: number | string | null;
    branch_id: number | null;
    branch_name: string | null;
    city: string | null;
    uf: Uf | null;
  }>(
    `SELECT c.id, c.name, c.logo_version, b.id AS branch_id, b.name AS branch_name, b.city, b.uf
     FROM companies c
     LEFT JOIN LATERAL (
       SELECT b.* FROM branches b
       LEFT JOIN company_contacts ct ON ct.branch_id = b.id AND ct.user_id = $2
       WHERE b.company_id = c.id AND (ct.id IS NOT NULL OR b.head_office)
       ORDER BY (ct.id IS NOT NULL) DESC LIMIT 1) b ON true
     WHERE c.id = $1`,
    [companyId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logo_version === null ? null : `/api/companies/${row.id}/logo?v=${row.logo_version}`,
    branch:
      row.branch_id === null
        ? null
        : { id: row.branch_id, name: row.branch_name ?? '', city: row.city, uf: row.uf },
  };
};
