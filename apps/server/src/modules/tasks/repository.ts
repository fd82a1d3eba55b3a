/**
 * The tasks module's SQL and row mapping: cards built by the database in one statement (their people, labels,
 * counts and open blockers as correlated subqueries over the indexes), boards with their counts, columns,
 * labels and the side panel's parts. Nothing here decides who may; service.ts does.
 */
import {
  CLIENT_ROLES,
  TASK_CLOSED_STATE_GROUPS,
  type TaskActivity,
  type TaskAttachment,
  type TaskBoard,
  type TaskChecklistItem,
  type TaskColumn,
  type TaskComment,
  type TaskLabel,
  type TaskLink,
  type TaskListItem,
  type TaskPerson,
  type TaskStateGroup,
  relationOf,
  type TaskLinkKind,
} from '@farol/data/contract';
import type { Database, QueryResult } from '../../db/database';
import type { PreparedStatement } from '../../db/types';
import { iso, isoUtcSql, preparedText } from '../../db/sql';
import type { CompanyScope } from '../../http/access';
import { companyScopeSql } from '../../http/company-scope';
import { notFound } from '../../http/errors';
import { nameSql, userKeysSql } from '../../shared/users';

export const TASKS_VIEW = 'tasks.view';
export const TASKS_MANAGE = 'tasks.manage';

const isoOrNullSql = (column: string) =>
  `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoUtcSql(column)} END`;
const CLOSED_GROUPS_SQL = `(${TASK_CLOSED_STATE_GROUPS.map((group) => `'${group}'`).join(', ')})`;

/** The WHERE clause limiting boards (aliased `alias`) to a company scope, appended to `params`. */
export const boardScopeSql = (scope: CompanyScope, params: unknown[], alias = 'b'): string =>
  // Boards of no company (the team's own) are everyone's on the staff side; a client reaches only theirs.
  companyScopeSql(scope, params, `${alias}.company_id`, { unassigned: scope.kind !== 'company' });

/**
 * The WHERE clause limiting tasks (`task`) on boards (`board`) to a company scope: the board's, and for a
 * limited staff scope the task's own company too (a team board may carry tasks of any company).
 */
export const taskScopeSql = (scope: CompanyScope, params: unknown[], task = 't', board = 'b'): string => {
  const boardSql = boardScopeSql(scope, params, board);
  if (scope.kind !== 'limited') return boardSql;
  return `${boardSql} AND ${companyScopeSql(scope, params, `${task}.company_id`, { unassigned: true })}`;
};

// ---------------------------------------------------------------- cards

/** A card with the list's extras, every field the wire needs, from tasks `t`, columns `c`, boards `b`. */
const CARD_COLUMNS = /* sql */ `
  t.id, t.number, t.board_id, t.column_id, t.position, t.title, t.priority,
  t.start_date::text AS start_date, t.due_date::text AS due_date, t.estimate_minutes,
  COALESCE((SELECT json_agg(json_build_object('id', u.id, 'name', ${nameSql('u')}) ORDER BY u.id)
              FROM task_assignees a JOIN users u ON u.id = a.user_id WHERE a.task_id = t.id), '[]'::json)
    AS assignees,
  COALESCE((SELECT array_agg(l.label_id ORDER BY l.label_id) FROM task_label_links l WHERE l.task_id = t.id),
           '{}'::int[]) AS label_ids,
  CASE WHEN co.id IS NULL THEN NULL ELSE json_build_object('id', co.id, 'name', co.name) END AS company,
  CASE WHEN tk.id IS NULL THEN NULL
       ELSE json_build_object('id', tk.id, 'number', tk.number, 'subject', tk.subject, 'status', tk.status) END
    AS ticket,
  (SELECT count(*) FILTER (WHERE i.done) FROM task_checklist_items i WHERE i.task_id = t.id)::int AS checklist_done,
  (SELECT count(*) FROM task_checklist_items i WHERE i.task_id = t.id)::int AS checklist_total,
  (SELECT count(*) FROM task_comments m WHERE m.task_id = t.id)::int AS comment_count,
  (SELECT count(*) FROM task_attachments f WHERE f.task_id = t.id)::int AS attachment_count,
  COALESCE((SELECT json_agg(json_build_object('id', s.id, 'number', s.number, 'title', s.title,
                                              'board_id', s.board_id, 'state_group', sc.state_group)
                            ORDER BY s.number)
              FROM task_links k JOIN tasks s ON s.id = k.source_id JOIN task_columns sc ON sc.id = s.column_id
             WHERE k.target_id = t.id AND k.kind = 'bloqueia' AND sc.state_group NOT IN ${CLOSED_GROUPS_SQL}),
           '[]'::json) AS blocked_by,
  t.recurrence, ${isoOrNullSql('t.completed_at')} AS completed_at, t.version,
  ${isoUtcSql('t.created_at')} AS created_at, ${isoUtcSql('t.updated_at')} AS updated_at,
  b.name AS board_name, c.name AS column_name, c.state_group`;

/** The card's tables: tasks as `t` (or a CTE of task rows named `t`), with their column, board, company, chamado. */
const cardFrom = (tasks = 'tasks t') => /* sql */ `${tasks}
  JOIN task_columns c ON c.id = t.column_id
  JOIN task_boards b ON b.id = t.board_id
  LEFT JOIN companies co ON co.id = t.company_id
  LEFT JOIN tickets tk ON tk.id = t.ticket_id`;
const CARD_FROM = cardFrom();

/** Cards matching `where` (over t, c, b), in `order`. Rows come out as the wire's TaskListItem. */
export const loadCards = async (
  db: Database,
  where: string,
  params: unknown[],
  order = 'c.position, c.id, t.position, t.id',
  limit?: { limit: number; offset: number },
): Promise<TaskListItem[]> => {
  const page = limit ? ` LIMIT ${Math.floor(limit.limit)} OFFSET ${Math.floor(limit.offset)}` : '';
  const { rows } = await db.query<TaskListItem>(
    `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE ${where} ORDER BY ${order}${page}`,
    params,
  );
  return rows;
};

/** One card by id (null when gone): a prepared statement, planned once (every write answers with it). */
export const loadCard = async (db: Database, id: number): Promise<TaskListItem | null> =>
  (
    await db.prepared<TaskListItem>(
      'tasks_card_by_id',
      `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE t.id = $1`,
      [id],
    )
  ).rows[0] ?? null;

/** Every card of a board in column and card order (the board view), prepared like loadCard. */
export const loadBoardCards = async (db: Database, boardId: number): Promise<TaskListItem[]> =>
  (
    await db.prepared<TaskListItem>(
      'tasks_cards_by_board',
      `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE t.board_id = $1 ORDER BY c.position, c.id, t.position, t.id`,
      [boardId],
    )
  ).rows;

/**
 * The statement that puts a task in its new place (one row written, its version bumped, `completed_at` set when
 * the column is concluído, the recurrence ended when `endsRecurrence`) and answers its card as it now is (read
 * it with `placedCard`): the board's hottest write and its answer in one prepared statement, sent together with
 * the move's activity and audit rows (`tx.preparedMany`).
 */
export const placeTaskStatement = (place: {
  id: number;
  columnId: number;
  position: string;
  done: boolean;
  endsRecurrence: boolean;
}): PreparedStatement => {
  const completed = place.done ? 'COALESCE(completed_at, now())' : 'NULL';
  return {
    name: `tasks_place_${place.done ? 'done' : 'open'}${place.endsRecurrence ? '_last' : ''}`,
    sql: `WITH t AS (
       UPDATE tasks SET column_id = $2::int, position = $3::text, version = version + 1, updated_at = now(),
              completed_at = ${completed}${place.endsRecurrence ? ', recurrence = NULL' : ''}
        WHERE id = $1::int
       RETURNING *)
     SELECT ${CARD_COLUMNS} FROM ${cardFrom('t')}`,
    params: [place.id, place.columnId, preparedText(place.position)],
  };
};

/** The card `placeTaskStatement` answered. */
export const placedCard = (result: QueryResult<Record<string, unknown>> | undefined): TaskListItem => {
  const card = result?.rows[0] as TaskListItem | undefined;
  if (!card) throw notFound('Tarefa não encontrada');
  return card;
};

/** Several cards by id, in the order of `ids`. */
export const loadCardsById = async (db: Database, ids: readonly number[]): Promise<TaskListItem[]> => {
  if (ids.length === 0) return [];
  const cards = await loadCards(db, 't.id = ANY($1::int[])', [ids]);
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.map((id) => byId.get(id)).filter((card): card is TaskListItem => card !== undefined);
};

/** The task row as the rules need it, with its column's group and its board's company. */
export interface TaskRow {
  id: number;
  number: number;
  board_id: number;
  column_id: number;
  position: string;
  title: string;
  description: string;
  priority: string;
  start_date: string | null;
  due_date: string | null;
  estimate_minutes: number | null;
  company_id: number | null;
  ticket_id: number | null;
  recurrence: Record<string, unknown> | null;
  completed_at: string | null;
  version: number;
  state_group: TaskStateGroup;
  column_name: string;
  board_company_id: number | null;
  board_archived: boolean;
  assignee_ids: number[];
}

/** The columns of TaskRow from tasks t, columns c, boards b. */
const TASK_ROW_COLUMNS = /* sql */ `t.id, t.number, t.board_id, t.column_id, t.position, t.title, t.description,
  t.priority, t.start_date::text AS start_date, t.due_date::text AS due_date, t.estimate_minutes, t.company_id,
  t.ticket_id, t.recurrence, ${isoOrNullSql('t.completed_at')} AS completed_at, t.version,
  c.state_group, c.name AS column_name, b.company_id AS board_company_id,
  b.archived_at IS NOT NULL AS board_archived,
  COALESCE((SELECT array_agg(a.user_id ORDER BY a.user_id) FROM task_assignees a WHERE a.task_id = t.id),
           '{}'::int[]) AS assignee_ids`;

export interface MoveState {
  task: TaskRow;
  /** The column asked for, when it is one of the task's board. */
  target: ColumnRow | null;
  /** Whether another card of the target column holds the position asked for, and the next position after it. */
  taken: boolean;
  next: string | null;
}

/**
 * Everything a move decides on, in one statement (the hot path: one plan, one round trip): the task, locked,
 * with its column and board; the target column; whether the position asked for is taken there. 404 when the
 * scope does not reach the task.
 */
export const loadMoveState = async (
  db: Database,
  scope: CompanyScope,
  id: number,
  columnId: number,
  position: string,
): Promise<MoveState> => {
  // The database function takes one company (a client's); a limited staff scope is checked on the task first.
  if (scope.kind === 'limited') await loadTaskRow(db, scope, id);
  const company = scope.kind === 'company' ? (scope.companyId ?? -1) : null;
  const { rows } = await db.prepared<{
    state: (TaskRow & { target: ColumnRow | null; taken: boolean; next: string | null }) | null;
  }>('tasks_move_state', 'SELECT farol_task_move_state($1::int, $2::int, $3::text, $4::int) AS state', [
    id,
    columnId,
    preparedText(position),
    company,
  ]);
  const state = rows[0]?.state;
  if (!state) throw notFound('Tarefa não encontrada');
  const { target, taken, next, ...task } = state;
  return { task, target, taken, next };
};

/** The task if the scope reaches its board, else 404; `lock` takes the row for the transaction's write. */
export const loadTaskRow = async (
  db: Database,
  scope: CompanyScope,
  id: number,
  lock = false,
): Promise<TaskRow> => {
  const params: unknown[] = [id];
  const where = taskScopeSql(scope, params);
  const { rows } = await db.query<TaskRow>(
    `SELECT ${TASK_ROW_COLUMNS}
       FROM tasks t JOIN task_columns c ON c.id = t.column_id JOIN task_boards b ON b.id = t.board_id
      WHERE t.id = $1 AND ${where}${lock ? ' FOR UPDATE OF t' : ''}`,
    params,
  );
  const row = rows[0];
  if (!row) throw notFound('Tarefa não encontrada');
  return row;
};

// ---------------------------------------------------------------- boards

interface BoardRow {
  id: number;
  name: string;
  description: string | null;
  company: TaskPerson | null;
  kind: TaskBoard['kind'];
  archived_at: string | null;
  task_count: number;
  open_count: number;
  overdue_count: number;
  created_by: TaskPerson | null;
  created_at: string;
  updated_at: string;
}

const BOARD_COLUMNS = /* sql */ `b.id, b.name, b.description,
  CASE WHEN co.id IS NULL THEN NULL ELSE json_build_object('id', co.id, 'name', co.name) END AS company,
  b.kind, ${isoOrNullSql('b.archived_at')} AS archived_at,
  (SELECT count(*) FROM tasks x WHERE x.board_id = b.id)::int AS task_count,
  (SELECT count(*) FROM tasks x JOIN task_columns xc ON xc.id = x.column_id
    WHERE x.board_id = b.id AND xc.state_group NOT IN ${CLOSED_GROUPS_SQL})::int AS open_count,
  (SELECT count(*) FROM tasks x JOIN task_columns xc ON xc.id = x.column_id
    WHERE x.board_id = b.id AND xc.state_group NOT IN ${CLOSED_GROUPS_SQL} AND x.due_date < $TODAY::date)::int
    AS overdue_count,
  CASE WHEN cu.id IS NULL THEN NULL ELSE json_build_object('id', cu.id, 'name', ${nameSql('cu')}) END AS created_by,
  ${isoUtcSql('b.created_at')} AS created_at, ${isoUtcSql('b.updated_at')} AS updated_at`;

const BOARD_FROM = `task_boards b LEFT JOIN companies co ON co.id = b.company_id
  LEFT JOIN users cu ON cu.id = b.created_by`;

const boardSql = (where: string, todayParam: number, tail = '') =>
  `SELECT ${BOARD_COLUMNS.replace('$TODAY', `$${todayParam}`)} FROM ${BOARD_FROM} WHERE ${where}${tail}`;

/** Boards the scope reaches, filtered and paged, with their counts. */
export const listBoards = async (
  db: Database,
  scope: CompanyScope,
  query: { q?: string | undefined; company_id?: number | undefined; archived?: boolean | undefined },
  page: { limit: number; offset: number },
  today: string,
): Promise<{ items: TaskBoard[]; total: number }> => {
  const params: unknown[] = [];
  const where = [boardScopeSql(scope, params)];
  where.push(query.archived ? 'b.archived_at IS NOT NULL' : 'b.archived_at IS NULL');
  if (query.company_id !== undefined) {
    params.push(query.company_id);
    where.push(`b.company_id = $${params.length}`);
  }
  if (query.q) {
    params.push(query.q.replace(/[\\%_]/g, (char) => `\\${char}`));
    where.push(`farol_fold(b.name) LIKE '%' || farol_fold($${params.length}) || '%'`);
  }
  const whereSql = where.join(' AND ');
  const { rows: counted } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM task_boards b WHERE ${whereSql}`,
    params,
  );
  params.push(today);
  const { rows } = await db.query<BoardRow>(
    boardSql(
      whereSql,
      params.length,
      ` ORDER BY farol_fold(b.name), b.id LIMIT ${Math.floor(page.limit)} OFFSET ${Math.floor(page.offset)}`,
    ),
    params,
  );
  return { items: rows, total: counted[0]?.total ?? 0 };
};

export interface BoardBasics {
  id: number;
  name: string;
  company_id: number | null;
  archived: boolean;
}

/** The board if the scope reaches it, else 404; `lock` takes it for the write. */
export const loadBoardBasics = async (
  db: Database,
  scope: CompanyScope,
  id: number,
  lock = false,
): Promise<BoardBasics> => {
  const params: unknown[] = [id];
  const where = boardScopeSql(scope, params);
  const { rows } = await db.query<BoardBasics>(
    `SELECT b.id, b.name, b.company_id, b.archived_at IS NOT NULL AS archived
       FROM task_boards b WHERE b.id = $1 AND ${where}${lock ? ' FOR UPDATE' : ''}`,
    params,
  );
  if (!rows[0]) throw notFound('Quadro não encontrado');
  return rows[0];
};

export const loadBoard = async (db: Database, id: number, today: string): Promise<TaskBoard> => {
  const { rows } = await db.query<BoardRow>(boardSql('b.id = $1', 2), [id, today]);
  if (!rows[0]) throw notFound('Quadro não encontrado');
  return rows[0];
};

// ---------------------------------------------------------------- columns and labels

const COLUMN_COLUMNS = /* sql */ `k.id, k.board_id, k.name, k.color, k.state_group, k.position, k.wip_limit,
  k.wip_mode, (SELECT count(*) FROM tasks x WHERE x.column_id = k.id)::int AS task_count,
  ${isoUtcSql('k.created_at')} AS created_at, ${isoUtcSql('k.updated_at')} AS updated_at`;

export const loadColumns = async (db: Database, boardId: number): Promise<TaskColumn[]> => {
  const { rows } = await db.query<TaskColumn>(
    `SELECT ${COLUMN_COLUMNS} FROM task_columns k WHERE k.board_id = $1 ORDER BY k.position, k.id`,
    [boardId],
  );
  return rows;
};

export const loadColumn = async (db: Database, boardId: number, id: number): Promise<TaskColumn> => {
  const { rows } = await db.query<TaskColumn>(
    `SELECT ${COLUMN_COLUMNS} FROM task_columns k WHERE k.id = $1 AND k.board_id = $2`,
    [id, boardId],
  );
  if (!rows[0]) throw notFound('Coluna não encontrada');
  return rows[0];
};

export interface ColumnRow {
  id: number;
  board_id: number;
  name: string;
  state_group: TaskStateGroup;
  position: string;
  wip_limit: number | null;
  wip_mode: 'aviso' | 'bloqueio';
}

/** A column of a board (null when it is not one of the board's); `lock` serialises moves into it. */
export const findColumn = async (
  db: Database,
  boardId: number,
  id: number,
  lock = false,
): Promise<ColumnRow | null> => {
  const { rows } = await db.query<ColumnRow>(
    `SELECT id, board_id, name, state_group, position, wip_limit, wip_mode FROM task_columns
      WHERE id = $1 AND board_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, boardId],
  );
  return rows[0] ?? null;
};

export const firstColumn = async (db: Database, boardId: number): Promise<ColumnRow | null> => {
  const { rows } = await db.query<ColumnRow>(
    `SELECT id, board_id, name, state_group, position, wip_limit, wip_mode FROM task_columns
      WHERE board_id = $1 ORDER BY position, id LIMIT 1`,
    [boardId],
  );
  return rows[0] ?? null;
};

/** The last column's position of a board (null: none yet). */
export const lastColumnPosition = async (db: Database, boardId: number): Promise<string | null> => {
  const { rows } = await db.query<{ position: string }>(
    'SELECT position FROM task_columns WHERE board_id = $1 ORDER BY position DESC, id DESC LIMIT 1',
    [boardId],
  );
  return rows[0]?.position ?? null;
};

export const countTasksIn = async (db: Database, columnId: number): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tasks WHERE column_id = $1',
    [columnId],
  );
  return rows[0]?.n ?? 0;
};

/** The first and last card positions of a column. */
export const columnEnds = async (
  db: Database,
  columnId: number,
): Promise<{ first: string | null; last: string | null }> => {
  const { rows } = await db.query<{ first: string | null; last: string | null }>(
    'SELECT min(position) AS first, max(position) AS last FROM tasks WHERE column_id = $1',
    [columnId],
  );
  return { first: rows[0]?.first ?? null, last: rows[0]?.last ?? null };
};

/** Whether another card of the column holds `position`, and the next position after it. */
export const positionTaken = async (
  db: Database,
  columnId: number,
  position: string,
  exceptId: number,
): Promise<{ taken: boolean; next: string | null }> => {
  const { rows } = await db.query<{ taken: boolean; next: string | null }>(
    `SELECT EXISTS (SELECT 1 FROM tasks WHERE column_id = $1 AND position = $2 AND id <> $3) AS taken,
            (SELECT min(position) FROM tasks WHERE column_id = $1 AND position > $2) AS next`,
    [columnId, position, exceptId],
  );
  return { taken: rows[0]?.taken === true, next: rows[0]?.next ?? null };
};

const LABEL_COLUMNS = 'l.id, l.board_id, l.parent_id, l.name, l.color';

/** Global labels, and a board's own when `boardId` is given. */
export const loadLabels = async (db: Database, boardId: number | null): Promise<TaskLabel[]> => {
  const { rows } = await db.query<TaskLabel>(
    `SELECT ${LABEL_COLUMNS} FROM task_labels l WHERE l.board_id IS NULL OR l.board_id = $1
      ORDER BY l.board_id NULLS FIRST, farol_fold(l.name), l.id`,
    [boardId ?? -1],
  );
  return rows;
};

export const loadLabel = async (
  db: Database,
  id: number,
): Promise<TaskLabel & { company_id: number | null }> => {
  const { rows } = await db.query<TaskLabel & { company_id: number | null }>(
    `SELECT ${LABEL_COLUMNS}, b.company_id FROM task_labels l LEFT JOIN task_boards b ON b.id = l.board_id
      WHERE l.id = $1`,
    [id],
  );
  if (!rows[0]) throw notFound('Etiqueta não encontrada');
  return rows[0];
};

/** Label ids among `ids` that a task of `boardId` may not carry (unknown, or another board's). */
export const foreignLabels = async (
  db: Database,
  boardId: number,
  ids: readonly number[],
): Promise<number[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM task_labels WHERE id = ANY($1::int[]) AND (board_id IS NULL OR board_id = $2)',
    [ids, boardId],
  );
  const ok = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !ok.has(id));
};

// ---------------------------------------------------------------- people

/** Staff who may take part in tasks (they hold tasks.view), with their login for @mentions. */
export const members = async (db: Database): Promise<(TaskPerson & { login: string })[]> => {
  const { rows } = await db.query<TaskPerson & { login: string }>(
    `SELECT u.id, ${nameSql('u')} AS name, COALESCE(NULLIF(u.username, ''), split_part(u.email, '@', 1)) AS login
       FROM users u
      WHERE (lower(trim(u.role)) = 'admin' OR $1 = ANY ${userKeysSql('u')})
        AND lower(trim(u.role)) <> ALL ($2::text[])
      ORDER BY ${nameSql('u')}, u.id`,
    [TASKS_VIEW, CLIENT_ROLES],
  );
  return rows;
};

/** Ids among `ids` that are not staff holding tasks.view. */
export const nonMembers = async (db: Database, ids: readonly number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u WHERE u.id = ANY($3::int[])
        AND (lower(trim(u.role)) = 'admin' OR $1 = ANY ${userKeysSql('u')})
        AND lower(trim(u.role)) <> ALL ($2::text[])`,
    [TASKS_VIEW, CLIENT_ROLES, ids],
  );
  const ok = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !ok.has(id));
};

/** Members by login (lower case), for @mentions. */
export const membersByLogin = async (db: Database, logins: readonly string[]): Promise<number[]> => {
  if (logins.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u
      WHERE (lower(u.username) = ANY($3::text[]) OR lower(split_part(u.email, '@', 1)) = ANY($3::text[]))
        AND (lower(trim(u.role)) = 'admin' OR $1 = ANY ${userKeysSql('u')})
        AND lower(trim(u.role)) <> ALL ($2::text[])`,
    [TASKS_VIEW, CLIENT_ROLES, logins],
  );
  return rows.map((row) => row.id);
};

export const personNames = async (db: Database, ids: readonly number[]): Promise<TaskPerson[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<TaskPerson>(
    `SELECT u.id, ${nameSql('u')} AS name FROM users u WHERE u.id = ANY($1::int[]) ORDER BY u.id`,
    [ids],
  );
  return rows;
};

export const companyExists = async (db: Database, id: number): Promise<boolean> =>
  (await db.query('SELECT 1 FROM companies WHERE id = $1', [id])).rows.length > 0;

export interface TicketBasics {
  id: number;
  number: number;
  subject: string;
  description: string;
  company_id: number;
  priority: string;
}

export const loadTicketBasics = async (db: Database, id: number): Promise<TicketBasics | null> => {
  const { rows } = await db.query<TicketBasics>(
    'SELECT id, number, subject, description, company_id, priority FROM tickets WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
};

// ---------------------------------------------------------------- the side panel

export const loadChecklist = async (db: Database, taskId: number): Promise<TaskChecklistItem[]> => {
  const { rows } = await db.query<TaskChecklistItem>(
    `SELECT i.id, i.task_id, i.text, i.done,
            CASE WHEN au.id IS NULL THEN NULL ELSE json_build_object('id', au.id, 'name', ${nameSql('au')}) END
              AS assignee,
            i.due_date::text AS due_date, i.position, ${isoOrNullSql('i.done_at')} AS done_at,
            CASE WHEN du.id IS NULL THEN NULL ELSE json_build_object('id', du.id, 'name', ${nameSql('du')}) END
              AS done_by
       FROM task_checklist_items i LEFT JOIN users au ON au.id = i.assignee_id
       LEFT JOIN users du ON du.id = i.done_by
      WHERE i.task_id = $1 ORDER BY i.position, i.id`,
    [taskId],
  );
  return rows;
};

export const loadChecklistItem = async (
  db: Database,
  taskId: number,
  id: number,
): Promise<TaskChecklistItem> => {
  const item = (await loadChecklist(db, taskId)).find((entry) => entry.id === id);
  if (!item) throw notFound('Item do checklist não encontrado');
  return item;
};

interface CommentRow {
  id: number;
  task_id: number;
  author: TaskPerson;
  body: string;
  mention_ids: number[];
  created_at: string;
  edited_at: string | null;
}

const COMMENT_SQL = /* sql */ `SELECT m.id, m.task_id, json_build_object('id', u.id, 'name', ${nameSql('u')}) AS author,
  m.body, m.mention_ids, ${isoUtcSql('m.created_at')} AS created_at, ${isoOrNullSql('m.edited_at')} AS edited_at
  FROM task_comments m JOIN users u ON u.id = m.author_id`;

const withMentions = async (db: Database, rows: CommentRow[]): Promise<TaskComment[]> => {
  const people = new Map(
    (await personNames(db, [...new Set(rows.flatMap((row) => row.mention_ids))])).map((p) => [p.id, p]),
  );
  return rows.map(({ mention_ids, ...row }) => ({
    ...row,
    mentions: mention_ids.map((id) => people.get(id)).filter((p): p is TaskPerson => p !== undefined),
  }));
};

export const listComments = async (
  db: Database,
  taskId: number,
  page: { limit: number; offset: number },
): Promise<{ items: TaskComment[]; total: number }> => {
  const { rows } = await db.query<CommentRow>(
    `${COMMENT_SQL} WHERE m.task_id = $1 ORDER BY m.id LIMIT ${Math.floor(page.limit)} OFFSET ${Math.floor(page.offset)}`,
    [taskId],
  );
  const { rows: counted } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM task_comments WHERE task_id = $1',
    [taskId],
  );
  return { items: await withMentions(db, rows), total: counted[0]?.n ?? 0 };
};

export const loadComment = async (db: Database, taskId: number, id: number): Promise<TaskComment> => {
  const { rows } = await db.query<CommentRow>(`${COMMENT_SQL} WHERE m.id = $1 AND m.task_id = $2`, [
    id,
    taskId,
  ]);
  if (!rows[0]) throw notFound('Comentário não encontrado');
  return (await withMentions(db, rows))[0]!;
};

export const loadLinks = async (db: Database, taskId: number): Promise<TaskLink[]> => {
  const { rows } = await db.query<{
    id: number;
    kind: TaskLinkKind;
    source_id: number;
    other_id: number;
    number: number;
    title: string;
    board_id: number;
    state_group: TaskStateGroup;
  }>(
    `SELECT k.id, k.kind, k.source_id, o.id AS other_id, o.number, o.title, o.board_id, oc.state_group
       FROM task_links k
       JOIN tasks o ON o.id = CASE WHEN k.source_id = $1 THEN k.target_id ELSE k.source_id END
       JOIN task_columns oc ON oc.id = o.column_id
      WHERE k.source_id = $1 OR k.target_id = $1
      ORDER BY k.id`,
    [taskId],
  );
  return rows.map((row) => ({
    id: row.id,
    relation: relationOf(row.kind, row.source_id, taskId),
    task: {
      id: row.other_id,
      number: row.number,
      title: row.title,
      board_id: row.board_id,
      state_group: row.state_group,
    },
  }));
};

export const attachmentUrl = (taskId: number, id: number) => `/api/tasks/${taskId}/attachments/${id}`;

export const loadAttachments = async (db: Database, taskId: number): Promise<TaskAttachment[]> => {
  const { rows } = await db.query<Omit<TaskAttachment, 'url'> & { created_at: Date | string }>(
    `SELECT f.id, f.name, f.mime_type, f.size,
            CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', ${nameSql('u')}) END
              AS uploaded_by,
            f.created_at
       FROM task_attachments f LEFT JOIN users u ON u.id = f.uploaded_by
      WHERE f.task_id = $1 ORDER BY f.id`,
    [taskId],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at), url: attachmentUrl(taskId, row.id) }));
};

export const loadActivity = async (db: Database, taskId: number): Promise<TaskActivity[]> => {
  const { rows } = await db.query<TaskActivity>(
    `SELECT a.id, CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', ${nameSql('u')}) END
              AS who,
            a.action, a.field, a.from_value AS "from", a.to_value AS "to", ${isoUtcSql('a.at')} AS at
       FROM task_activity a LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.task_id = $1 ORDER BY a.id DESC LIMIT 100`,
    [taskId],
  );
  return rows;
};

export const loadWatchers = async (db: Database, taskId: number): Promise<TaskPerson[]> => {
  const { rows } = await db.query<TaskPerson>(
    `SELECT u.id, ${nameSql('u')} AS name FROM task_watchers w JOIN users u ON u.id = w.user_id
      WHERE w.task_id = $1 ORDER BY u.id`,
    [taskId],
  );
  return rows;
};

export const loadCreator = async (db: Database, taskId: number): Promise<TaskPerson | null> => {
  const { rows } = await db.query<TaskPerson>(
    `SELECT u.id, ${nameSql('u')} AS name FROM tasks t JOIN users u ON u.id = t.created_by WHERE t.id = $1`,
    [taskId],
  );
  return rows[0] ?? null;
};

/** The statement that writes a line of a task's activity history (values longer than 500 are cut). */
export const activityStatement = (
  taskId: number,
  actorId: number | null,
  action: string,
  field: string | null = null,
  from: string | null = null,
  to: string | null = null,
): PreparedStatement => {
  const text = (value: string | null) => (value === null ? null : preparedText(value.slice(0, 500)));
  return {
    name: 'tasks_activity_insert',
    sql: `INSERT INTO task_activity (task_id, actor_id, action, field, from_value, to_value)
     VALUES ($1::int, $2::int, $3::text, $4::text, $5::text, $6::text)`,
    params: [taskId, actorId, preparedText(action), text(field), text(from), text(to)],
  };
};

export const insertActivity = async (db: Database, ...line: Parameters<typeof activityStatement>) => {
  const { name, sql, params } = activityStatement(...line);
  await db.prepared(name, sql, params);
};

/** Open tasks that block `taskId` (its "bloqueada por" badge). */
export const openBlockers = async (db: Database, taskId: number) => {
  const { rows } = await db.query<{
    id: number;
    number: number;
    title: string;
    board_id: number;
    state_group: TaskStateGroup;
  }>(
    `SELECT s.id, s.number, s.title, s.board_id, sc.state_group
       FROM task_links k JOIN tasks s ON s.id = k.source_id JOIN task_columns sc ON sc.id = s.column_id
      WHERE k.target_id = $1 AND k.kind = 'bloqueia' AND sc.state_group NOT IN ${CLOSED_GROUPS_SQL}
      ORDER BY s.number`,
    [taskId],
  );
  return rows;
};

/** Boards that tasks `ids` sit on (to tell their rooms). */
export const boardsOfTasks = async (db: Database, ids: readonly number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ board_id: number }>(
    'SELECT DISTINCT board_id FROM tasks WHERE id = ANY($1::int[])',
    [ids],
  );
  return rows.map((row) => row.board_id);
};
