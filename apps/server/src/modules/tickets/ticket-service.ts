import { createHash } from 'node:crypto';
import type {
  ticketListQuerySchema,
  updateTicketSchema,
  createTicketSchema,
  createTicketMessageSchema,
} from '@farol/data/contract';
import {
  SERVER_EVENTS,
  TICKET_DUE_HOURS,
  TICKET_OPEN_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  canTransitionTicket,
  type NotificationInput,
  type Ticket,
  type TicketAttachment,
  type TicketDetail,
  type TicketHistoryEntry,
  type TicketMessage,
  type TicketMessageList,
  type TicketPriority,
  type TicketStatus,
} from '@farol/data/contract';
import type { z } from 'zod';
import { CLIENT_ROLES, hasPermissions, isClientRole, type AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import { isoUtcSql } from '../../db/json-sql';
import { forbidden, httpError, notFound } from '../../http/errors';
import { userRoom, type MessageEmitter } from '../conversations/conversation-service';
import type { Notify } from '../notifications/notifier';
import { escapeLike } from '../users/user-row';
import {
  insertAttachments,
  messageAttachments,
  openingAttachments,
  type UploadedFile,
} from './ticket-attachments';

export const TICKETS_PERMISSION = 'tickets.view';
/** At most this many staff are notified of one new ticket; realtime still reaches them all. */
export const TICKET_NOTIFY_CAP = 50;

export interface TicketLogger {
  error(obj: object, msg?: string): void;
}

export interface TicketDeps {
  db: Database;
  emitter: MessageEmitter;
  notify: Notify;
  log?: TicketLogger;
  /** Called once a write to tickets is committed (the list cache drops its pages). */
  onChange?: () => void;
}

type ListQuery = z.output<typeof ticketListQuerySchema>;
type CreateInput = z.output<typeof createTicketSchema>;
type UpdateInput = z.output<typeof updateTicketSchema>;
type MessageInput = z.output<typeof createTicketMessageSchema>;

const ticketNotFound = () => notFound('Chamado não encontrado');
const EMPTY_MESSAGE = 'Escreva uma mensagem ou anexe um arquivo';
const filesSent = (count: number) => (count === 1 ? '1 anexo enviado' : `${count} anexos enviados`);

/** users/user-row.ts `fullName` in SQL for the users table aliased `alias`. */
export const nameSql = (alias: string) =>
  `COALESCE(NULLIF(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), NULLIF(${alias}.username, ''), ${alias}.email)`;

const TICKET_FROM = `tickets t
  JOIN companies c ON c.id = t.company_id
  JOIN users r ON r.id = t.requester_id
  LEFT JOIN users a ON a.id = t.assignee_id`;
const TICKET_COLUMNS = `t.id, t.number, t.subject, t.description, t.status, t.priority, t.category, t.company_id,
  c.name AS company_name, t.branch_id, t.requester_id, ${nameSql('r')} AS requester_name, t.assignee_id,
  ${nameSql('a')} AS assignee_name, t.created_at, t.updated_at, t.due_at`;

/** Staff with the key (admins hold every key; clients hold none), as SQL over users aliased `u`. */
export const STAFF_WITH_KEY_SQL = `(lower(trim(u.role)) = 'admin' OR $1 = ANY (u.permissions))
  AND lower(trim(u.role)) <> ALL ($2::text[])`;

interface TicketRow {
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

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const toTicket = (row: TicketRow): Ticket => ({
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

/** Whether the caller may use the tickets API at all: clients (own company) and staff with the key. */
export const canUseTickets = (user: AuthUser) =>
  isClientRole(user.role) || hasPermissions(user, [TICKETS_PERMISSION]);

/** The WHERE clause limiting a caller to what they may see (tickets aliased `alias`), appended to `params`. */
export const scopeSql = (caller: AuthUser, params: unknown[], alias = 't'): string => {
  if (!isClientRole(caller.role)) return 'TRUE';
  // A client without a company sees nothing.
  params.push(caller.companyId ?? -1);
  return `${alias}.company_id = $${params.length}`;
};

/** TICKET_OPEN_STATUSES over tickets aliased `alias`, as literals so the planner can match them to indexes. */
export const openSql = (alias = 't') =>
  `${alias}.status IN (${TICKET_OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`;
export const OVERDUE_SQL = 't.due_at < now()';

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
const columnFilters = (caller: AuthUser, query: ListQuery, params: unknown[], alias: 't' | 'k') => {
  const where = [scopeSql(caller, params, alias)];
  const add = (column: string, value: number) => {
    params.push(value);
    where.push(`${alias}.${column} = $${params.length}`);
  };
  if (query.status) where.push(`${alias}.status = ${enumLiteral(query.status, TICKET_STATUSES)}`);
  if (query.open || query.overdue) where.push(openSql(alias));
  if (query.priority) where.push(`${alias}.priority = ${enumLiteral(query.priority, TICKET_PRIORITIES)}`);
  if (query.company_id !== undefined) add('company_id', query.company_id);
  if (query.assignee_id === 'none') where.push(alias === 'k' ? 'k.assignee_id = 0' : 't.assignee_id IS NULL');
  else if (query.assignee_id === 'me') add('assignee_id', caller.id);
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
 * One page of the list as the TicketList JSON text, built by the database in one round trip (the page and
 * its total). The total of filters on company, status, priority and assignee is summed from ticket_counts;
 * text search and `overdue` (which depends on the clock) count the tickets themselves.
 */
export const listTicketsJson = async (db: Database, caller: AuthUser, query: ListQuery): Promise<string> => {
  const params: unknown[] = [];
  const where = columnFilters(caller, query, params, 't');
  if (query.overdue) where.push(OVERDUE_SQL);
  if (query.q) {
    const number = /^#?(\d{1,9})$/.exec(query.q)?.[1];
    params.push(`%${escapeLike(query.q)}%`);
    const like = `$${params.length}`;
    if (number) {
      params.push(Number(number));
      where.push(`(t.subject ILIKE ${like} OR t.description ILIKE ${like} OR t.number = $${params.length})`);
    } else {
      where.push(`(t.subject ILIKE ${like} OR t.description ILIKE ${like})`);
    }
  }
  const whereSql = where.join(' AND ');
  const totalSql =
    query.q || query.overdue
      ? `SELECT count(*) FROM tickets t WHERE ${whereSql}`
      : `SELECT COALESCE(sum(k.n), 0) FROM ticket_counts k WHERE ${columnFilters(caller, query, params, 'k').join(' AND ')}`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  params.push(query.limit, (query.page - 1) * query.limit);
  const sql = `SELECT json_build_object(
      'items', COALESCE((SELECT json_agg(p.ticket ORDER BY p.sort_key ${direction}, p.id ${direction}) FROM (
        SELECT ${TICKET_JSON} AS ticket, ${SORT_SQL[query.sort]} AS sort_key, t.id
        FROM ${TICKET_FROM} WHERE ${whereSql}
        ORDER BY ${SORT_SQL[query.sort]} ${direction}, t.id ${direction}
        LIMIT $${params.length - 1} OFFSET $${params.length}) p), '[]'::json),
      'total', (${totalSql})
    )::text AS body`;
  // One prepared statement per shape of query (a bounded set); with text search it runs unprepared.
  const name = `farol_tickets_list_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
  const { rows } = await db.prepared<{ body: string }>(name, sql, params);
  return rows[0]!.body;
};

/** The ticket if the caller may see it, else 404 (another company's ticket does not exist for a client). */
export const loadTicket = async (
  db: Database,
  caller: AuthUser,
  id: number,
  lock = false,
): Promise<TicketRow> => {
  const params: unknown[] = [id];
  const scope = scopeSql(caller, params);
  const { rows } = await db.query<TicketRow>(
    `SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM} WHERE t.id = $1 AND ${scope}${lock ? ' FOR UPDATE OF t' : ''}`,
    params,
  );
  if (!rows[0]) throw ticketNotFound();
  return rows[0];
};

export const getTicket = async (db: Database, caller: AuthUser, id: number): Promise<TicketDetail> => {
  const ticket = toTicket(await loadTicket(db, caller, id));
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
    [id],
  );
  const history: TicketHistoryEntry[] = rows.map((row) => ({
    who: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
    field: row.field,
    from: row.old_value,
    to: row.new_value,
    at: iso(row.at),
  }));
  return { ...ticket, history, attachments: await openingAttachments(db, id) };
};

/** Ids of staff holding tickets.view (admins included), newest accounts first, at most `limit`. */
const staffWithKey = async (db: Database, limit: number | null): Promise<number[]> => {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u WHERE ${STAFF_WITH_KEY_SQL}
     ORDER BY u.id DESC${limit === null ? '' : ' LIMIT $3'}`,
    limit === null ? [TICKETS_PERMISSION, CLIENT_ROLES] : [TICKETS_PERMISSION, CLIENT_ROLES, limit],
  );
  return rows.map((row) => row.id);
};

/** ticket:created / ticket:updated to every staff member with the key and to the requester, once each. */
const emitTicket = async (deps: TicketDeps, event: string, ticket: Ticket) => {
  const staff = await staffWithKey(deps.db, null);
  const rooms = new Set([...staff, ticket.requester.id].map(userRoom));
  deps.emitter.toRooms([...rooms], event, ticket);
};

/** Notifications never fail the request that caused them: the change is stored already. */
const notifyAll = async (deps: TicketDeps, userIds: Iterable<number>, input: NotificationInput) => {
  const results = await Promise.allSettled([...new Set(userIds)].map((id) => deps.notify(id, input)));
  for (const result of results) {
    if (result.status === 'rejected') deps.log?.error({ err: result.reason }, 'tickets: notification failed');
  }
};

const link = (ticket: Pick<Ticket, 'id'>) => `/tickets/${ticket.id}`;

const invalid = (field: string, message: string) =>
  httpError(400, 'validation_failed', 'Dados inválidos', { [field]: message });

export const createTicket = async (
  deps: TicketDeps,
  caller: AuthUser,
  input: CreateInput,
  files: readonly UploadedFile[] = [],
): Promise<Ticket> => {
  const client = isClientRole(caller.role);
  if (client && caller.companyId === null) throw forbidden();
  // Clients open tickets for their own company only; whatever company_id they send is ignored.
  const companyId = client ? caller.companyId! : input.company_id;
  if (companyId === undefined) throw invalid('company_id', 'Informe a empresa do chamado');
  const id = await deps.db.transaction(async (tx) => {
    const company = await tx.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
    if (company.rows.length === 0) throw invalid('company_id', 'Empresa não encontrada');
    if (input.branch_id !== undefined) {
      const branch = await tx.query('SELECT 1 FROM branches WHERE id = $1 AND company_id = $2', [
        input.branch_id,
        companyId,
      ]);
      if (branch.rows.length === 0) throw invalid('branch_id', 'Filial não encontrada nesta empresa');
    }
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO tickets (subject, description, priority, category, company_id, branch_id, requester_id, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(hours => $8::int)) RETURNING id`,
      [
        input.subject,
        input.description,
        input.priority,
        input.category ?? null,
        companyId,
        input.branch_id ?? null,
        caller.id,
        TICKET_DUE_HOURS[input.priority],
      ],
    );
    const ticketId = rows[0]!.id;
    await tx.query(
      `INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value) VALUES ($1, $2, 'status', NULL, 'aberto')`,
      [ticketId, caller.id],
    );
    await insertAttachments(tx, ticketId, null, caller.id, files);
    return ticketId;
  });
  deps.onChange?.();
  const ticket = toTicket(await loadTicket(deps.db, caller, id));
  await emitTicket(deps, SERVER_EVENTS.ticketCreated[0], ticket);
  const staff = (await staffWithKey(deps.db, TICKET_NOTIFY_CAP)).filter((userId) => userId !== caller.id);
  await notifyAll(deps, staff, {
    type: 'ticket',
    title: 'Novo chamado',
    message: `#${ticket.number} ${ticket.subject} — ${ticket.company_name}`,
    link: link(ticket),
    severity: ticket.priority === 'urgente' ? 'warning' : 'info',
  });
  return ticket;
};

const conflict = (from: TicketStatus, to: TicketStatus) =>
  httpError(409, 'conflict', `Não é possível passar o chamado de "${from}" para "${to}".`);

/** PATCH: staff only (the route checks it). Each changed field is one history row; nothing changed, nothing written. */
export const updateTicket = async (
  deps: TicketDeps,
  caller: AuthUser,
  id: number,
  input: UpdateInput,
): Promise<Ticket> => {
  const result = await deps.db.transaction(async (tx) => {
    const current = await loadTicket(tx, caller, id, true);
    const sets: string[] = [];
    const params: unknown[] = [];
    const history: [field: string, from: string | null, to: string | null][] = [];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };

    if (input.status !== undefined && input.status !== current.status) {
      if (!canTransitionTicket(current.status, input.status)) throw conflict(current.status, input.status);
      set('status', input.status);
      history.push(['status', current.status, input.status]);
    }
    if (input.priority !== undefined && input.priority !== current.priority) {
      set('priority', input.priority);
      // The due time follows the priority, still counted from creation.
      params.push(TICKET_DUE_HOURS[input.priority]);
      sets.push(`due_at = created_at + make_interval(hours => $${params.length}::int)`);
      history.push(['priority', current.priority, input.priority]);
    }
    if (input.category !== undefined && input.category !== current.category) {
      set('category', input.category);
      history.push(['category', current.category, input.category]);
    }
    let assigned: number | null = null;
    if (input.assignee_id !== undefined && input.assignee_id !== current.assignee_id) {
      let newName: string | null = null;
      if (input.assignee_id !== null) {
        const { rows } = await tx.query<{ name: string }>(
          `SELECT ${nameSql('u')} AS name FROM users u WHERE u.id = $3 AND ${STAFF_WITH_KEY_SQL}`,
          [TICKETS_PERMISSION, CLIENT_ROLES, input.assignee_id],
        );
        if (!rows[0])
          throw invalid('assignee_id', 'O responsável deve ser da equipe com acesso aos chamados');
        newName = rows[0].name;
        assigned = input.assignee_id;
      }
      set('assignee_id', input.assignee_id);
      history.push(['assignee', current.assignee_name, newName]);
    }
    if (sets.length === 0) return { changed: false, assigned };

    params.push(id);
    await tx.query(
      `UPDATE tickets SET ${sets.join(', ')}, updated_at = now() WHERE id = $${params.length}`,
      params,
    );
    for (const [field, from, to] of history) {
      await tx.query(
        'INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value) VALUES ($1, $2, $3, $4, $5)',
        [id, caller.id, field, from, to],
      );
    }
    return { changed: true, assigned };
  });
  if (result.changed) deps.onChange?.();
  const ticket = toTicket(await loadTicket(deps.db, caller, id));
  if (!result.changed) return ticket;
  await emitTicket(deps, SERVER_EVENTS.ticketUpdated[0], ticket);
  if (result.assigned !== null && result.assigned !== caller.id) {
    await notifyAll(deps, [result.assigned], {
      type: 'ticket',
      title: 'Chamado atribuído a você',
      message: `#${ticket.number} ${ticket.subject}`,
      link: link(ticket),
      severity: 'info',
    });
  }
  return ticket;
};

interface MessageRow {
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

const toMessage = (row: MessageRow, attachments: TicketAttachment[]): TicketMessage => ({
  id: row.id,
  ticket_id: row.ticket_id,
  author: { id: row.author_id, name: row.author_name, role: row.author_role },
  body: row.body,
  internal: row.internal,
  attachments,
  created_at: iso(row.created_at),
});

/** The thread, oldest first; internal notes are filtered in SQL so a client can never receive one. */
export const listTicketMessages = async (
  db: Database,
  caller: AuthUser,
  ticketId: number,
): Promise<TicketMessageList> => {
  await loadTicket(db, caller, ticketId);
  const internalFilter = isClientRole(caller.role) ? ' AND m.internal = false' : '';
  const [{ rows }, attachments] = await Promise.all([
    db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.ticket_id = $1${internalFilter} ORDER BY m.id`, [
      ticketId,
    ]),
    messageAttachments(db, ticketId),
  ]);
  return { items: rows.map((row) => toMessage(row, attachments.get(row.id) ?? [])), total: rows.length };
};

export const addTicketMessage = async (
  deps: TicketDeps,
  caller: AuthUser,
  ticketId: number,
  input: MessageInput,
  files: readonly UploadedFile[] = [],
): Promise<TicketMessage> => {
  const client = isClientRole(caller.role);
  if (client && input.internal) throw forbidden();
  if (input.body === '' && files.length === 0) {
    throw httpError(400, 'validation_failed', EMPTY_MESSAGE, { body: EMPTY_MESSAGE });
  }
  const current = toTicket(await loadTicket(deps.db, caller, ticketId));
  const message = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO ticket_messages (ticket_id, author_id, body, internal) VALUES ($1, $2, $3, $4) RETURNING id',
      [ticketId, caller.id, input.body, input.internal],
    );
    const messageId = rows[0]!.id;
    const attachments = await insertAttachments(tx, ticketId, messageId, caller.id, files);
    await tx.query('UPDATE tickets SET updated_at = now() WHERE id = $1', [ticketId]);
    const stored = await tx.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [messageId]);
    return toMessage(stored.rows[0]!, attachments);
  });
  deps.onChange?.();
  const ticket = toTicket(await loadTicket(deps.db, caller, ticketId));
  await emitTicket(deps, SERVER_EVENTS.ticketUpdated[0], ticket);
  if (!input.internal) {
    // The other side: staff answer the requester; a client reaches the assignee, else the staff with the key.
    const recipients = client
      ? current.assignee
        ? [current.assignee.id]
        : await staffWithKey(deps.db, TICKET_NOTIFY_CAP)
      : [current.requester.id];
    await notifyAll(
      deps,
      recipients.filter((userId) => userId !== caller.id),
      {
        type: 'ticket',
        title: 'Nova resposta no chamado',
        message: `#${ticket.number} ${ticket.subject}: ${input.body.slice(0, 140) || filesSent(files.length)}`,
        link: link(ticket),
        severity: 'info',
      },
    );
  }
  return message;
};
