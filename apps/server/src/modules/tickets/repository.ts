/** The tickets' SQL and row mapping: what is read and written, not who may or what follows. */
import { createHash } from 'node:crypto';
import {
  TICKET_OPEN_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type Ticket,
  type TicketAttachment,
  type TicketHistoryEntry,
  type TicketMessage,
  type SlaPause,
  type TicketPriority,
  type TicketStatus,
  type ticketListQuerySchema,
} from '@farol/data/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { escapeLike, iso, isoUtcSql, preparedText } from '../../db/sql';
import type { CompanyScope, Viewer } from '../../http/access';
import { companyScopeSql } from '../../http/company-scope';
import { notFound } from '../../http/errors';
import { CLIENT_ROLES } from '../../auth/types';
import { nameSql, STAFF_WITH_KEY_SQL } from '../../shared/users';

export const TICKETS_PERMISSION = 'tickets.view';

export type ListQuery = z.output<typeof ticketListQuerySchema>;

const TICKET_FROM = `tickets t
  JOIN companies c ON c.id = t.company_id
  JOIN users r ON r.id = t.requester_id
  LEFT JOIN users a ON a.id = t.assignee_id`;
const TICKET_COLUMNS = `t.id, t.number, t.subject, t.description, t.status, t.priority, t.category, t.company_id,
  c.name AS company_name, t.branch_id, t.requester_id, ${nameSql('r')} AS requester_name, t.assignee_id,
  ${nameSql('a')} AS assignee_name, t.created_at, t.updated_at, t.due_at`;

export interface TicketRow {
  id: number;
  number: number;
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  category: string | null;
  company_id: number;
  company_name: string;
  branch_id: number | null;
  requester_id: number;
  requester_name: string;
  assignee_id: number | null;
  assignee_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  due_at: Date | string;
}

export const toTicket = (row: TicketRow): Ticket => ({
  id: row.id,
  number: row.number,
  subject: row.subject,
  description: row.description,
  status: row.status,
  priority: row.priority,
  category: row.category,
  company_id: row.company_id,
  company_name: row.company_name,
  branch_id: row.branch_id,
  requester: { id: row.requester_id, name: row.requester_name },
  assignee:
    row.assignee_id === null
      ? null
      : { id: row.assignee_id, name: row.assignee_name ?? String(row.assignee_id) },
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
  due_at: iso(row.due_at),
});

/** The WHERE clause limiting a scope to its companies (tickets aliased `alias`), appended to `params`. */
export const scopeSql = (scope: CompanyScope, params: unknown[], alias = 't'): string =>
  companyScopeSql(scope, params, `${alias}.company_id`);

/** TICKET_OPEN_STATUSES over tickets aliased `alias`, as literals so the planner can match them to indexes. */
export const openSql = (alias = 't') =>
  `${alias}.status IN (${TICKET_OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`;
/** Past due and not waiting for the client (a wait stops the clock, migration 042). */
export const OVERDUE_SQL = '(t.due_at < now() AND t.sla_paused_at IS NULL)';

// Stored rank columns (migration 006), in TICKET_PRIORITIES and TICKET_STATUSES order, each with an index.
const SORT_SQL: Record<ListQuery['sort'], string> = {
  created_at: 't.created_at',
  updated_at: 't.updated_at',
  number: 't.number',
  priority: 't.priority_rank',
  status: 't.status_rank',
};

/** A contract enum value written into SQL as a literal; only values of `allowed` (no quotes in any) pass. */
const enumLiteral = (value: string, allowed: readonly string[]) => {
  if (!allowed.includes(value)) throw new Error(`unexpected value ${value}`);
  return `'${value}'`;
};

/**
 * The list filters on columns that ticket_counts also keeps (company, status, priority, assignee), for the
 * tickets (`t`) or for ticket_counts (`k`, where 0 stands for no assignee); numbers appended to `params`,
 * statuses and priorities (validated enums) written as literals, so that without text search every parameter
 * is a number and the statement can be prepared.
 */
const columnFilters = (viewer: Viewer, query: ListQuery, params: unknown[], alias: 't' | 'k') => {
  const where = [scopeSql(viewer.scope, params, alias)];
  const add = (column: string, value: number) => {
    params.push(value);
    where.push(`${alias}.${column} = $${params.length}`);
  };
  if (query.status) where.push(`${alias}.status = ${enumLiteral(query.status, TICKET_STATUSES)}`);
  if (query.open || query.overdue) where.push(openSql(alias));
  if (query.priority) where.push(`${alias}.priority = ${enumLiteral(query.priority, TICKET_PRIORITIES)}`);
  if (query.company_id !== undefined) add('company_id', query.company_id);
  if (query.assignee_id === 'none') where.push(alias === 'k' ? 'k.assignee_id = 0' : 't.assignee_id IS NULL');
  else if (query.assignee_id === 'me') add('assignee_id', viewer.id);
  else if (query.assignee_id !== undefined) add('assignee_id', query.assignee_id);
  return where;
};

const TICKET_JSON = `json_build_object('id', t.id, 'number', t.number, 'subject', t.subject,
  'description', t.description, 'status', t.status, 'priority', t.priority, 'category', t.category,
  'company_id', t.company_id, 'company_name', c.name, 'branch_id', t.branch_id,
  'requester', json_build_object('id', t.requester_id, 'name', ${nameSql('r')}),
  'assignee', CASE WHEN t.assignee_id IS NULL THEN NULL
    ELSE json_build_object('id', t.assignee_id, 'name', COALESCE(${nameSql('a')}, t.assignee_id::text)) END,
  'created_at', ${isoUtcSql('t.created_at')}, 'updated_at', ${isoUtcSql('t.updated_at')},
  'due_at', ${isoUtcSql('t.due_at')})`;

/**
 * A text query the word index can answer (migration 013): letters and digits only — ASCII and the Latin-1
 * letters, which fold (farol_fold) to ASCII letters — so it can only occur inside one word of the folded text.
 * Anything else (spaces, punctuation, other scripts) is matched on the whole text through the trigram index.
 */
const WORD_QUERY = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF]+$/;
/** More vocabulary words than this containing the query (a very short one): the trigram path instead. */
const MAX_QUERY_WORDS = 50;
/** More chamados than this holding them: the trigram path instead (counting them by index stops paying). */
const MAX_WORD_MATCHES = 20_000;
/**
 * Which way the page is read. From the matches themselves, each read by its primary key (~10 µs a row in
 * PGlite's WebAssembly), or in the list's order with each row's folded text checked in the row (~1 µs a row,
 * and about (tickets / matches) × page rows are read). With m matches among N chamados the first costs ~10·m,
 * the second ~25·N/m, so the matches are read by key while m² ≤ 3·N (N: the highest chamado id, an upper bound
 * that needs no statistics — PGlite has no autovacuum).
 */
const readMatchesByKey = (matches: number, tickets: number) => matches * matches <= 3 * Math.max(tickets, 1);

interface WordMatches {
  /** The vocabulary words containing the folded query. */
  ids: number[];
  /** How many chamados hold any of them. */
  count: number;
  /** The folded query, for the check in the row. */
  folded: string;
  /** The highest chamado id (0 with none). */
  maxId: number;
}

/**
 * The words of the vocabulary that contain the folded query (trigram index over the distinct words, not the
 * text), and how many chamados hold any of them (one word: its kept count, migration 041; several: counted by
 * index alone, each chamado once); null when the query matches so
 * many words or chamados that the trigram path over the text serves it better. A prepared statement: the
 * query is letters and digits only (WORD_QUERY), written into PGlite's EXECUTE as a quoted literal.
 */
const wordMatches = async (db: Database, q: string): Promise<WordMatches | null> => {
  const { rows } = await db.prepared<{
    ids: number[] | null;
    count: number | string | null;
    folded: string;
    max_id: number | null;
  }>(
    'farol_tickets_word_matches',
    `WITH f AS (SELECT farol_fold($1::text) AS folded),
     k AS (
       SELECT array_agg(id) AS ids, count(*) AS words, sum(tickets) AS tickets FROM search_words, f
        WHERE word LIKE '%' || f.folded || '%')
     SELECT k.ids, f.folded, (SELECT max(id) FROM tickets) AS max_id, CASE
         WHEN k.words = 0 THEN 0
         WHEN k.words = 1 THEN k.tickets
         WHEN k.words <= ${MAX_QUERY_WORDS} THEN (SELECT count(*) FROM (
           SELECT DISTINCT ticket_id FROM ticket_words WHERE word_id = ANY (k.ids)) m)
       END AS count
       FROM k, f`,
    [preparedText(q)],
  );
  const row = rows[0];
  if (!row || row.count === null || Number(row.count) > MAX_WORD_MATCHES) return null;
  return { ids: row.ids ?? [], count: Number(row.count), folded: row.folded, maxId: row.max_id ?? 0 };
};

/**
 * One page of the list as the TicketList JSON text, built by the database in one round trip (the page and
 * its total). The total of filters on company, status, priority and assignee is summed from ticket_counts;
 * text search, the branch and `overdue` (which depends on the clock) count the tickets themselves — a text
 * query of letters and digits alone through the word index (migration 013), its count taken from there when
 * nothing else filters.
 */
export const listTicketsJson = async (db: Database, viewer: Viewer, query: ListQuery): Promise<string> => {
  const params: unknown[] = [];
  const where = columnFilters(viewer, query, params, 't');
  const onlyText =
    where.length === 1 && where[0] === 'TRUE' && !query.overdue && query.branch_id === undefined;
  if (query.overdue) where.push(OVERDUE_SQL);
  if (query.branch_id !== undefined) {
    params.push(query.branch_id);
    where.push(`t.branch_id = $${params.length}`);
  }
  let knownTotal: number | null = null;
  // The text condition as the page reads it and as the total counts it (the same rows either way).
  let itemsWhere = where;
  let totalWhere = where;
  if (query.q) {
    const number = /^#?(\d{1,9})$/.exec(query.q)?.[1];
    const words = WORD_QUERY.test(query.q) ? await wordMatches(db, query.q) : null;
    let pageMatch: string;
    let countMatch: string;
    if (words) {
      // The statement stays prepared (one plan per shape): word ids as integers, the folded query as text.
      const byKey = readMatchesByKey(words.count, words.maxId);
      if (onlyText && !number) knownTotal = words.count;
      // Each match read by its primary key (the page when they are few, the total beside other filters)…
      const matchesByKey = () => {
        params.push(words.ids);
        return `t.id = ANY (ARRAY(SELECT w.ticket_id FROM ticket_words w WHERE w.word_id = ANY ($${params.length}::integer[])))`;
      };
      if (byKey) pageMatch = countMatch = matchesByKey();
      else {
        // …or, when they are many, rows taken in the list's order and each row's folded text checked in place
        // (strpos, which no index serves, so the plan cannot turn to the trigram index and sort every match).
        params.push(preparedText(words.folded));
        pageMatch = `strpos(t.search_text, $${params.length}::text) > 0`;
        countMatch = knownTotal === null ? matchesByKey() : pageMatch;
      }
    } else {
      // Accents and case ignored, through the trigram index on the folded text (migration 009).
      params.push(`%${escapeLike(query.q)}%`);
      pageMatch = countMatch = `t.search_text LIKE farol_fold($${params.length})`;
    }
    if (number) {
      params.push(Number(number));
      const byNumber = `t.number = $${params.length}`;
      pageMatch = `(${pageMatch} OR ${byNumber})`;
      countMatch = `(${countMatch} OR ${byNumber})`;
    }
    itemsWhere = [...where, pageMatch];
    totalWhere = [...where, countMatch];
  }
  let totalSql: string;
  if (knownTotal !== null) {
    params.push(knownTotal);
    totalSql = `SELECT $${params.length}::integer`;
  } else if (query.q || query.overdue || query.branch_id !== undefined) {
    totalSql = `SELECT count(*) FROM tickets t WHERE ${totalWhere.join(' AND ')}`;
  } else {
    totalSql = `SELECT COALESCE(sum(k.n), 0) FROM ticket_counts k WHERE ${columnFilters(viewer, query, params, 'k').join(' AND ')}`;
  }
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  params.push(query.limit, (query.page - 1) * query.limit);
  const sql = `SELECT json_build_object(
      'items', COALESCE((SELECT json_agg(p.ticket ORDER BY p.sort_key ${direction}, p.id ${direction}) FROM (
        SELECT ${TICKET_JSON} AS ticket, ${SORT_SQL[query.sort]} AS sort_key, t.id
        FROM ${TICKET_FROM} WHERE ${itemsWhere.join(' AND ')}
        ORDER BY ${SORT_SQL[query.sort]} ${direction}, t.id ${direction}
        LIMIT $${params.length - 1} OFFSET $${params.length}) p), '[]'::json),
      'total', (${totalSql})
    )::text AS body`;
  // One prepared statement per shape of query (a bounded set); text searched on the whole text runs unprepared.
  const name = `farol_tickets_list_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
  const { rows } = await db.prepared<{ body: string }>(name, sql, params);
  return rows[0]!.body;
};

/** The ticket if the scope reaches it, else 404 (another company's ticket does not exist for a client). */
export const loadTicket = async (
  db: Database,
  scope: CompanyScope,
  id: number,
  lock = false,
): Promise<TicketRow> => {
  const params: unknown[] = [id];
  const where = scopeSql(scope, params);
  const { rows } = await db.query<TicketRow>(
    `SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM} WHERE t.id = $1 AND ${where}${lock ? ' FOR UPDATE OF t' : ''}`,
    params,
  );
  if (!rows[0]) throw notFound('Chamado não encontrado');
  return rows[0];
};

/** Every change of a ticket, oldest first, with who made it. */
export const loadHistory = async (db: Database, ticketId: number): Promise<TicketHistoryEntry[]> => {
  const { rows } = await db.query<{
    user_id: number | null;
    user_name: string | null;
    field: string;
    old_value: string | null;
    new_value: string | null;
    at: Date | string;
  }>(
    `SELECT h.user_id, ${nameSql('u')} AS user_name, h.field, h.old_value, h.new_value, h.at
     FROM ticket_history h LEFT JOIN users u ON u.id = h.user_id
     WHERE h.ticket_id = $1 ORDER BY h.id`,
    [ticketId],
  );
  return rows.map((row) => ({
    who: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
    field: row.field,
    from: row.old_value,
    to: row.new_value,
    at: iso(row.at),
  }));
};

export const insertHistory = async (
  tx: Database,
  ticketId: number,
  userId: number,
  [field, from, to]: [field: string, from: string | null, to: string | null],
) => {
  await tx.query(
    'INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value) VALUES ($1, $2, $3, $4, $5)',
    [ticketId, userId, field, from, to],
  );
};

export const branchOfCompany = async (tx: Database, branchId: number, companyId: number) =>
  (await tx.query('SELECT 1 FROM branches WHERE id = $1 AND company_id = $2', [branchId, companyId])).rows
    .length > 0;

/** The name of a branch of the company, or null when it is not one of its branches. */
export const branchNameOf = async (tx: Database, branchId: number, companyId: number) =>
  (
    await tx.query<{ name: string }>('SELECT name FROM branches WHERE id = $1 AND company_id = $2', [
      branchId,
      companyId,
    ])
  ).rows[0]?.name ?? null;

export interface NewTicketRow {
  subject: string;
  description: string;
  priority: TicketPriority;
  category: string | null;
  companyId: number;
  branchId: number | null;
  requesterId: number;
  /** The resolution due time on the company's SLA (sla.ts). */
  dueAt: Date;
}

/** Inserts a ticket (status aberto); answers its id. */
export const insertTicket = async (tx: Database, ticket: NewTicketRow): Promise<number> => {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO tickets (subject, description, priority, category, company_id, branch_id, requester_id, due_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      ticket.subject,
      ticket.description,
      ticket.priority,
      ticket.category,
      ticket.companyId,
      ticket.branchId,
      ticket.requesterId,
      ticket.dueAt,
    ],
  );
  return rows[0]!.id;
};

/**
 * The changed columns of one ticket. A priority change or the end of a wait for the client moves the due time
 * (still counted from creation, sla.ts); waiting for the client starts a pause, and its end is kept in
 * `sla_pauses`.
 */
export interface TicketChanges {
  status?: TicketStatus;
  priority?: TicketPriority;
  dueAt?: Date;
  slaPausedAt?: Date | null;
  slaPauses?: readonly SlaPause[];
  category?: string | null;
  assigneeId?: number | null;
  branchId?: number | null;
}

export const updateTicketRow = async (tx: Database, id: number, changes: TicketChanges) => {
  const sets: string[] = [];
  const params: unknown[] = [];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (changes.status !== undefined) set('status', changes.status);
  if (changes.priority !== undefined) set('priority', changes.priority);
  if (changes.dueAt !== undefined) set('due_at', changes.dueAt);
  if (changes.slaPausedAt !== undefined) set('sla_paused_at', changes.slaPausedAt);
  if (changes.slaPauses !== undefined) {
    params.push(JSON.stringify(changes.slaPauses));
    sets.push(`sla_pauses = $${params.length}::jsonb`);
  }
  if (changes.category !== undefined) set('category', changes.category);
  if (changes.assigneeId !== undefined) set('assignee_id', changes.assigneeId);
  if (changes.branchId !== undefined) set('branch_id', changes.branchId);
  params.push(id);
  await tx.query(
    `UPDATE tickets SET ${sets.join(', ')}, updated_at = now() WHERE id = $${params.length}`,
    params,
  );
};

export const touchTicket = async (tx: Database, id: number) => {
  await tx.query('UPDATE tickets SET updated_at = now() WHERE id = $1', [id]);
};

/** The display name of a staff member who holds tickets.view (or an admin); null for anyone else. */
export const assignableName = async (db: Database, userId: number): Promise<string | null> => {
  const { rows } = await db.query<{ name: string }>(
    `SELECT ${nameSql('u')} AS name FROM users u WHERE u.id = $3 AND ${STAFF_WITH_KEY_SQL}`,
    [TICKETS_PERMISSION, CLIENT_ROLES, userId],
  );
  return rows[0]?.name ?? null;
};

export interface MessageRow {
  id: number;
  ticket_id: number;
  author_id: number;
  author_name: string;
  author_role: string;
  body: string;
  internal: boolean;
  created_at: Date | string;
}

const MESSAGE_SELECT = `SELECT m.id, m.ticket_id, m.author_id, ${nameSql('u')} AS author_name, u.role AS author_role,
  m.body, m.internal, m.created_at FROM ticket_messages m JOIN users u ON u.id = m.author_id`;

export const toMessage = (row: MessageRow, attachments: TicketAttachment[]): TicketMessage => ({
  id: row.id,
  ticket_id: row.ticket_id,
  author: { id: row.author_id, name: row.author_name, role: row.author_role },
  body: row.body,
  internal: row.internal,
  attachments,
  created_at: iso(row.created_at),
});

/** The thread's rows, oldest first; internal notes are left out in SQL when `withInternal` is false. */
export const messageRows = async (db: Database, ticketId: number, withInternal: boolean) => {
  const { rows } = await db.query<MessageRow>(
    `${MESSAGE_SELECT} WHERE m.ticket_id = $1${withInternal ? '' : ' AND m.internal = false'} ORDER BY m.id`,
    [ticketId],
  );
  return rows;
};

export const insertMessage = async (
  tx: Database,
  message: { ticketId: number; authorId: number; body: string; internal: boolean },
): Promise<number> => {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO ticket_messages (ticket_id, author_id, body, internal) VALUES ($1, $2, $3, $4) RETURNING id',
    [message.ticketId, message.authorId, message.body, message.internal],
  );
  return rows[0]!.id;
};

export const loadMessage = async (
  tx: Database,
  messageId: number,
  attachments: TicketAttachment[],
): Promise<TicketMessage> => {
  const { rows } = await tx.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [messageId]);
  return toMessage(rows[0]!, attachments);
};
