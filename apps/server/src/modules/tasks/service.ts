/**
 * The tasks' rules: who may write what (tasks.manage, or an assignee for moves, checklist and comments), the
 * move (one row, the version check, WIP limits counted over the whole column, the blocked-task guard, the
 * next occurrence of a recurring task in the same column), templates, chamados' tasks. Each write runs in one
 * transaction with its activity line and its audit event; events and notifications follow the commit.
 */
import {
  TASK_DEFAULT_COLUMNS,
  TASK_PRIORITY_LABELS,
  TASK_TEMPLATES,
  TASK_TIME_ZONE,
  addDays,
  daysBetween,
  extractMentions,
  nextDueDate,
  orderKeyBetween,
  orderKeysBetween,
  storedLink,
  type Task,
  type TaskBoard,
  type TaskBoardView,
  type TaskChecklistItem,
  type TaskColumn,
  type TaskComment,
  type TaskConflictBody,
  type TaskDetail,
  type TaskLabel,
  type TaskListItem,
  type TaskMoveResult,
  type TaskPerson,
  type TaskRecurrence,
  type TaskRef,
  type TaskTemplate,
  type MyTasks,
  type TicketTasks,
  type applyTaskTemplateSchema,
  type createChecklistItemSchema,
  type createTaskBoardSchema,
  type createTaskColumnSchema,
  type createTaskCommentSchema,
  type createTaskLabelSchema,
  type createTaskLinkSchema,
  type createTaskSchema,
  type createTasksFromTicketSchema,
  type moveTaskSchema,
  type taskBoardListQuerySchema,
  type taskListQuerySchema,
  type updateChecklistItemSchema,
  type updateTaskBoardSchema,
  type updateTaskColumnSchema,
  type updateTaskLabelSchema,
  type updateTaskSchema,
} from '@farol/data/contract';
import type { z } from 'zod';
import { hasPermissions } from '../../auth/types';
import type { Database } from '../../db/database';
import type { CompanyScope, Viewer } from '../../http/access';
import { companyScopeSql, scopeReachesCompany } from '../../http/company-scope';
import { HttpError, forbidden, httpError, notFound } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import type { StagedTaskFile } from './attachments';
import { toTask, type TaskEvents } from './events';
import {
  TASKS_MANAGE,
  boardScopeSql,
  taskScopeSql,
  columnEnds,
  companyExists,
  countTasksIn,
  findColumn,
  firstColumn,
  foreignLabels,
  insertActivity,
  lastColumnPosition,
  listBoards,
  listComments,
  loadActivity,
  loadAttachments,
  loadBoard,
  loadBoardBasics,
  loadCard,
  loadCards,
  loadCardsById,
  loadChecklist,
  loadChecklistItem,
  loadColumn,
  loadColumns,
  loadComment,
  loadCreator,
  loadLabel,
  loadLabels,
  loadLinks,
  loadMoveState,
  placeTaskStatement,
  placedCard,
  activityStatement,
  loadBoardCards,
  loadTaskRow,
  loadTicketBasics,
  loadWatchers,
  members,
  membersByLogin,
  nonMembers,
  openBlockers,
  positionTaken,
  type BoardBasics,
  type ColumnRow,
  type TaskRow,
} from './repository';

type CreateTaskInput = z.output<typeof createTaskSchema>;
type UpdateTaskInput = z.output<typeof updateTaskSchema>;
type MoveTaskInput = z.output<typeof moveTaskSchema>;
type CreateBoardInput = z.output<typeof createTaskBoardSchema>;
type UpdateBoardInput = z.output<typeof updateTaskBoardSchema>;
type CreateColumnInput = z.output<typeof createTaskColumnSchema>;
type UpdateColumnInput = z.output<typeof updateTaskColumnSchema>;
type CreateLabelInput = z.output<typeof createTaskLabelSchema>;
type UpdateLabelInput = z.output<typeof updateTaskLabelSchema>;
type CreateChecklistInput = z.output<typeof createChecklistItemSchema>;
type UpdateChecklistInput = z.output<typeof updateChecklistItemSchema>;
type CreateCommentInput = z.output<typeof createTaskCommentSchema>;
type CreateLinkInput = z.output<typeof createTaskLinkSchema>;
type ApplyTemplateInput = z.output<typeof applyTaskTemplateSchema>;
type FromTicketInput = z.output<typeof createTasksFromTicketSchema>;
type TaskListQuery = z.output<typeof taskListQuerySchema>;
type BoardListQuery = z.output<typeof taskBoardListQuerySchema>;

/** A 409 of the tasks module: the contract's conflict body with its reason and what the client needs. */
export class TaskConflict extends HttpError {
  constructor(readonly body: TaskConflictBody) {
    super(409, 'conflict', body.message);
  }

  override toBody() {
    return this.body;
  }
}

export const invalid = (field: string, message: string) =>
  httpError(400, 'validation_failed', 'Dados inválidos', { [field]: message });
const conflict = (message: string, details?: Record<string, string>) =>
  httpError(409, 'conflict', message, details);

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TASK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** Today's day in Brazil ('YYYY-MM-DD'). */
export const todayIn = (now: Date = new Date()) => dayFormat.format(now);

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

const personOf = (viewer: Viewer): TaskPerson => ({ id: viewer.id, name: viewer.name });
const canManage = (viewer: Viewer) => hasPermissions(viewer, [TASKS_MANAGE]);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface TaskServiceDeps {
  db: Database;
  audit: Audit;
  events: TaskEvents;
  clock?: () => Date;
}

export const createTaskService = ({ db, audit, events, clock = () => new Date() }: TaskServiceDeps) => {
  const today = () => todayIn(clock());

  const write = async <T>(
    fn: (tx: Database) => Promise<T>,
    duplicate = 'Já existe um registro com estes dados',
  ) => {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(duplicate);
      throw error;
    }
  };

  const taskAudit = (
    source: AuditSource,
    task: { id: number; company_id: number | null; ticket_id?: number | null },
    action: string,
    details: Record<string, unknown>,
  ) => ({
    ...source,
    module: 'tasks',
    action,
    companyId: task.company_id,
    targetType: 'task',
    targetId: task.id,
    ticketId: task.ticket_id ?? null,
    details,
  });

  const boardAudit = (source: AuditSource, board: { id: number; company_id: number | null }) => ({
    ...source,
    module: 'tasks',
    companyId: board.company_id,
    targetType: 'task_board',
    targetId: board.id,
  });

  /** Managers, or one of the task's assignees (moves, checklist, comments). */
  const assertMayWork = (viewer: Viewer, task: TaskRow) => {
    if (canManage(viewer) || task.assignee_ids.includes(viewer.id)) return;
    throw httpError(
      403,
      'forbidden',
      'Só quem é responsável pela tarefa ou tem a permissão Gerenciar tarefas pode alterá-la.',
    );
  };

  const assertBoardOpen = (board: Pick<BoardBasics, 'archived'> | { board_archived: boolean }) => {
    const archived = 'archived' in board ? board.archived : board.board_archived;
    if (archived) throw conflict('O quadro está arquivado: desarquive-o para alterar suas tarefas.');
  };

  const checkPeople = async (tx: Database, field: string, ids: readonly number[] | undefined) => {
    if (!ids || ids.length === 0) return;
    const missing = await nonMembers(tx, ids);
    if (missing.length > 0)
      throw invalid(field, `Pessoa sem acesso às tarefas ou inexistente: ${missing.join(', ')}`);
  };

  const checkLabels = async (tx: Database, boardId: number, ids: readonly number[] | undefined) => {
    if (!ids || ids.length === 0) return;
    const foreign = await foreignLabels(tx, boardId, ids);
    if (foreign.length > 0)
      throw invalid('label_ids', `Etiqueta inexistente ou de outro quadro: ${foreign.join(', ')}`);
  };

  const checkCompany = async (tx: Database, companyId: number | null | undefined, viewer: Viewer) => {
    if (typeof companyId === 'number' && !(await companyExists(tx, companyId)))
      throw invalid('company_id', 'Empresa não encontrada');
    // A staff account limited to some companies cannot file work under another (issue 13).
    if (typeof companyId === 'number' && !scopeReachesCompany(viewer.scope, companyId)) throw forbidden();
  };

  const checkTicket = async (tx: Database, viewer: Viewer, ticketId: number | null | undefined) => {
    if (typeof ticketId !== 'number') return null;
    if (!hasPermissions(viewer, ['tickets.view']))
      throw invalid('ticket_id', 'Você não tem acesso aos chamados para ligar um a esta tarefa');
    const ticket = await loadTicketBasics(tx, ticketId);
    if (!ticket) throw invalid('ticket_id', 'Chamado não encontrado');
    return ticket;
  };

  /** A bloqueio column at its limit refuses one more task (counted over the whole column, every swimlane). */
  const wipCheck = async (tx: Database, column: ColumnRow): Promise<{ warning: string | null }> => {
    if (column.wip_limit === null) return { warning: null };
    const count = await countTasksIn(tx, column.id);
    if (count < column.wip_limit) return { warning: null };
    const reason = `A coluna "${column.name}" atingiu o limite de ${plural(column.wip_limit, 'tarefa', 'tarefas')} em andamento (${count} agora).`;
    if (column.wip_mode === 'bloqueio') {
      throw new TaskConflict({
        error: 'conflict',
        reason: 'wip_limit',
        message: `${reason} Conclua ou mova uma tarefa antes.`,
        column: { id: column.id, name: column.name, wip_limit: column.wip_limit, task_count: count },
      });
    }
    return { warning: `${reason} O limite é um aviso: a tarefa foi movida mesmo assim.` };
  };

  /** `position` in `column`, or a free key right after it when another card holds it (concurrent moves). */
  const freePosition = async (tx: Database, columnId: number, position: string, taskId: number) => {
    const { taken, next } = await positionTaken(tx, columnId, position, taskId);
    return taken ? orderKeyBetween(position, next) : position;
  };

  const insertTaskRow = async (
    tx: Database,
    values: {
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
      recurrence: TaskRecurrence | null;
      created_by: number | null;
      completed: boolean;
    },
  ): Promise<{ id: number; number: number }> => {
    const { rows } = await tx.query<{ id: number; number: number }>(
      `INSERT INTO tasks (board_id, column_id, position, title, description, priority, start_date, due_date,
                          estimate_minutes, company_id, ticket_id, recurrence, created_by, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, CASE WHEN $14 THEN now() END)
       RETURNING id, number`,
      [
        values.board_id,
        values.column_id,
        values.position,
        values.title,
        values.description,
        values.priority,
        values.start_date,
        values.due_date,
        values.estimate_minutes,
        values.company_id,
        values.ticket_id,
        values.recurrence === null ? null : JSON.stringify(values.recurrence),
        values.created_by,
        values.completed,
      ],
    );
    return rows[0]!;
  };

  const setPeople = async (
    tx: Database,
    table: 'task_assignees' | 'task_watchers',
    taskId: number,
    ids: readonly number[],
  ) => {
    await tx.query(`DELETE FROM ${table} WHERE task_id = $1`, [taskId]);
    if (ids.length > 0)
      await tx.query(
        `INSERT INTO ${table} (task_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
        [taskId, ids],
      );
  };

  const setLabels = async (tx: Database, taskId: number, ids: readonly number[]) => {
    await tx.query('DELETE FROM task_label_links WHERE task_id = $1', [taskId]);
    if (ids.length > 0)
      await tx.query(
        'INSERT INTO task_label_links (task_id, label_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
        [taskId, ids],
      );
  };

  const insertChecklist = async (
    tx: Database,
    taskId: number,
    entries: readonly {
      text: string;
      assignee_id?: number | null | undefined;
      due_date?: string | null | undefined;
    }[],
  ) => {
    if (entries.length === 0) return;
    const keys = orderKeysBetween(null, null, entries.length);
    for (const [index, entry] of entries.entries()) {
      await tx.query(
        'INSERT INTO task_checklist_items (task_id, text, assignee_id, due_date, position) VALUES ($1, $2, $3, $4, $5)',
        [taskId, entry.text, entry.assignee_id ?? null, entry.due_date ?? null, keys[index]],
      );
    }
  };

  interface NewTask {
    column: ColumnRow;
    position: string | null;
    title: string;
    description: string;
    priority: string;
    start_date: string | null;
    due_date: string | null;
    estimate_minutes: number | null;
    company_id: number | null;
    ticket_id: number | null;
    recurrence: TaskRecurrence | null;
    assignee_ids: readonly number[];
    label_ids: readonly number[];
    watcher_ids: readonly number[];
    checklist: readonly {
      text: string;
      assignee_id?: number | null | undefined;
      due_date?: string | null | undefined;
    }[];
  }

  /** Inserts a checked task with its people, labels and checklist, its activity and audit; answers its id. */
  const insertTask = async (
    tx: Database,
    viewer: Viewer,
    board: BoardBasics,
    task: NewTask,
    source: AuditSource,
    auditExtra: Record<string, unknown> = {},
  ): Promise<number> => {
    let position = task.position;
    if (position === null) position = orderKeyBetween(null, (await columnEnds(tx, task.column.id)).first);
    else position = await freePosition(tx, task.column.id, position, 0);
    const { id, number } = await insertTaskRow(tx, {
      board_id: board.id,
      column_id: task.column.id,
      position,
      title: task.title,
      description: task.description,
      priority: task.priority,
      start_date: task.start_date,
      due_date: task.due_date,
      estimate_minutes: task.estimate_minutes,
      company_id: task.company_id,
      ticket_id: task.ticket_id,
      recurrence: task.recurrence,
      created_by: viewer.id,
      completed: task.column.state_group === 'concluido',
    });
    await setPeople(tx, 'task_assignees', id, task.assignee_ids);
    await setPeople(tx, 'task_watchers', id, [...new Set([viewer.id, ...task.watcher_ids])]);
    await setLabels(tx, id, task.label_ids);
    await insertChecklist(tx, id, task.checklist);
    await insertActivity(tx, id, viewer.id, 'created', 'column', null, task.column.name);
    await audit(
      taskAudit(
        source,
        { id, company_id: task.company_id ?? board.company_id, ticket_id: task.ticket_id },
        'created',
        {
          number,
          title: task.title,
          board_id: board.id,
          column_id: task.column.id,
          ...auditExtra,
        },
      ),
      tx,
    );
    return id;
  };

  const conflictWithCurrent = async (taskId: number) => {
    const current = await loadCard(db, taskId);
    return new TaskConflict({
      error: 'conflict',
      reason: 'version',
      message: 'A tarefa foi alterada por outra pessoa. Mostramos a versão mais recente.',
      ...(current ? { current: toTask(current) } : {}),
    });
  };

  /** The template's tasks into a column of a board (top of it, in the template's order). */
  const applyTemplateIn = async (
    tx: Database,
    viewer: Viewer,
    board: BoardBasics,
    column: ColumnRow,
    template: TaskTemplate,
    extra: { company_id: number | null; ticket_id: number | null; assignee_ids: readonly number[] },
    source: AuditSource,
  ): Promise<number[]> => {
    const keys = orderKeysBetween(null, (await columnEnds(tx, column.id)).first, template.tasks.length);
    const start = today();
    const ids: number[] = [];
    for (const [index, item] of template.tasks.entries()) {
      ids.push(
        await insertTask(
          tx,
          viewer,
          board,
          {
            column,
            position: keys[index]!,
            title: item.title,
            description: '',
            priority: item.priority,
            start_date: null,
            due_date: item.due_in_days === null ? null : addDays(start, item.due_in_days),
            estimate_minutes: null,
            company_id: extra.company_id,
            ticket_id: extra.ticket_id,
            recurrence: null,
            assignee_ids: extra.assignee_ids,
            label_ids: [],
            watcher_ids: [],
            checklist: item.checklist.map((text) => ({ text })),
          },
          source,
          { template: template.key },
        ),
      );
    }
    return ids;
  };

  const templateOf = (key: string) => {
    const template = TASK_TEMPLATES.find((entry) => entry.key === key);
    if (!template) throw invalid('template_key', 'Modelo não encontrado');
    return template;
  };

  const columnForNewTasks = async (tx: Database, boardId: number, columnId: number | undefined) => {
    if (columnId !== undefined) {
      const column = await findColumn(tx, boardId, columnId, true);
      if (!column) throw invalid('column_id', 'Coluna não encontrada neste quadro');
      return column;
    }
    const first = await firstColumn(tx, boardId);
    if (!first) throw invalid('column_id', 'O quadro não tem colunas');
    // The first column that is not a backlog when there is one (a new task is work to do).
    const { rows } = await tx.query<ColumnRow>(
      `SELECT id, board_id, name, state_group, position, wip_limit, wip_mode FROM task_columns
        WHERE board_id = $1 AND state_group = 'a_fazer' ORDER BY position, id LIMIT 1 FOR UPDATE`,
      [boardId],
    );
    return rows[0] ?? first;
  };

  const announceCards = async (ids: readonly number[], actor: TaskPerson) => {
    const cards = await loadCardsById(db, ids);
    for (const card of cards) events.created(card, actor);
    return cards;
  };

  // ------------------------------------------------------------ boards

  const boards = {
    async list(viewer: Viewer, query: BoardListQuery) {
      return listBoards(
        db,
        viewer.scope,
        query,
        { limit: query.limit, offset: (query.page - 1) * query.limit },
        today(),
      );
    },

    async view(viewer: Viewer, id: number): Promise<TaskBoardView> {
      await loadBoardBasics(db, viewer.scope, id);
      const [board, columns, labels, cards, people] = [
        await loadBoard(db, id, today()),
        await loadColumns(db, id),
        await loadLabels(db, id),
        (await loadBoardCards(db, id)).filter((card) =>
          scopeReachesCompany(viewer.scope, card.company?.id ?? null, { unassigned: true }),
        ),
        await members(db),
      ];
      return {
        board,
        columns,
        labels,
        tasks: cards.map(toTask),
        members: people.map(({ id: personId, name }) => ({ id: personId, name })),
      };
    },

    async create(viewer: Viewer, input: CreateBoardInput, source: AuditSource): Promise<TaskBoard> {
      const { id, taskIds } = await write(async (tx) => {
        await checkCompany(tx, input.company_id, viewer);
        if (viewer.scope.kind === 'company' && input.company_id !== viewer.scope.companyId) throw forbidden();
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO task_boards (name, description, company_id, kind, created_by)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [input.name, input.description ?? null, input.company_id ?? null, input.kind, viewer.id],
        );
        const boardId = rows[0]!.id;
        const keys = orderKeysBetween(null, null, TASK_DEFAULT_COLUMNS.length);
        for (const [index, column] of TASK_DEFAULT_COLUMNS.entries()) {
          await tx.query(
            'INSERT INTO task_columns (board_id, name, color, state_group, position) VALUES ($1, $2, $3, $4, $5)',
            [boardId, column.name, column.color, column.state_group, keys[index]],
          );
        }
        const board = {
          id: boardId,
          name: input.name,
          company_id: input.company_id ?? null,
          archived: false,
        };
        await audit(
          {
            ...boardAudit(source, board),
            action: 'board_created',
            details: { name: input.name, kind: input.kind, template: input.template_key ?? null },
          },
          tx,
        );
        let created: number[] = [];
        if (input.template_key) {
          const column = await columnForNewTasks(tx, boardId, undefined);
          created = await applyTemplateIn(
            tx,
            viewer,
            board,
            column,
            templateOf(input.template_key),
            { company_id: input.company_id ?? null, ticket_id: null, assignee_ids: [] },
            source,
          );
        }
        return { id: boardId, taskIds: created };
      }, 'Já existe um quadro com estes dados');
      if (taskIds.length > 0) await announceCards(taskIds, personOf(viewer));
      return loadBoard(db, id, today());
    },

    async update(
      viewer: Viewer,
      id: number,
      input: UpdateBoardInput,
      source: AuditSource,
    ): Promise<TaskBoard> {
      await write(async (tx) => {
        const current = await loadBoardBasics(tx, viewer.scope, id, true);
        await checkCompany(tx, input.company_id, viewer);
        const { rows } = await tx.query<Record<string, unknown>>(
          'SELECT name, description, company_id, kind FROM task_boards WHERE id = $1',
          [id],
        );
        const before = rows[0]!;
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [field, to] of Object.entries(input)) {
          if (to !== undefined && (before[field] ?? null) !== to)
            changes[field] = { from: before[field] ?? null, to };
        }
        if (Object.keys(changes).length === 0) return;
        const fields = Object.keys(changes);
        await tx.query(
          `UPDATE task_boards SET ${fields.map((field, index) => `${field} = $${index + 2}`).join(', ')},
             updated_at = now() WHERE id = $1`,
          [id, ...fields.map((field) => changes[field]!.to)],
        );
        await audit({ ...boardAudit(source, current), action: 'board_updated', details: { changes } }, tx);
      });
      await events.boardChanged(id, today());
      return loadBoard(db, id, today());
    },

    async setArchived(
      viewer: Viewer,
      id: number,
      archived: boolean,
      source: AuditSource,
    ): Promise<TaskBoard> {
      const changed = await write(async (tx) => {
        const current = await loadBoardBasics(tx, viewer.scope, id, true);
        if (current.archived === archived) return false;
        await tx.query(
          `UPDATE task_boards SET archived_at = ${archived ? 'now()' : 'NULL'}, updated_at = now() WHERE id = $1`,
          [id],
        );
        await audit(
          {
            ...boardAudit(source, current),
            action: archived ? 'board_archived' : 'board_unarchived',
            details: { name: current.name },
          },
          tx,
        );
        return true;
      });
      if (changed) await events.boardChanged(id, today());
      return loadBoard(db, id, today());
    },

    /** Only an archived board is deleted (with its tasks): archiving first is the confirmation. */
    async remove(viewer: Viewer, id: number, source: AuditSource): Promise<void> {
      await write(async (tx) => {
        const current = await loadBoardBasics(tx, viewer.scope, id, true);
        if (!current.archived) throw conflict('Arquive o quadro antes de excluí-lo.');
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM tasks WHERE board_id = $1',
          [id],
        );
        await tx.query('DELETE FROM task_boards WHERE id = $1', [id]);
        await audit(
          {
            ...boardAudit(source, current),
            action: 'board_deleted',
            details: { name: current.name, tasks: rows[0]?.n ?? 0 },
          },
          tx,
        );
      });
    },
  };

  // ------------------------------------------------------------ columns

  const columns = {
    async create(
      viewer: Viewer,
      boardId: number,
      input: CreateColumnInput,
      source: AuditSource,
    ): Promise<TaskColumn> {
      const id = await write(async (tx) => {
        const board = await loadBoardBasics(tx, viewer.scope, boardId, true);
        const { rows: counted } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM task_columns WHERE board_id = $1',
          [boardId],
        );
        if ((counted[0]?.n ?? 0) >= 30) throw conflict('Um quadro tem no máximo 30 colunas.');
        const position = input.position ?? orderKeyBetween(await lastColumnPosition(tx, boardId), null);
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO task_columns (board_id, name, color, state_group, position, wip_limit, wip_mode)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            boardId,
            input.name,
            input.color,
            input.state_group,
            position,
            input.wip_limit ?? null,
            input.wip_mode,
          ],
        );
        const columnId = rows[0]!.id;
        await audit(
          {
            ...boardAudit(source, board),
            action: 'column_created',
            details: {
              column_id: columnId,
              name: input.name,
              state_group: input.state_group,
              wip_limit: input.wip_limit ?? null,
            },
          },
          tx,
        );
        return columnId;
      });
      await events.boardChanged(boardId, today());
      return loadColumn(db, boardId, id);
    },

    async update(
      viewer: Viewer,
      boardId: number,
      columnId: number,
      input: UpdateColumnInput,
      source: AuditSource,
    ): Promise<TaskColumn> {
      const changed = await write(async (tx) => {
        const board = await loadBoardBasics(tx, viewer.scope, boardId, true);
        const { rows } = await tx.query<Record<string, unknown>>(
          'SELECT name, color, state_group, wip_limit, wip_mode, position FROM task_columns WHERE id = $1 AND board_id = $2 FOR UPDATE',
          [columnId, boardId],
        );
        const before = rows[0];
        if (!before) throw notFound('Coluna não encontrada');
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [field, to] of Object.entries(input)) {
          if (to !== undefined && (before[field] ?? null) !== to)
            changes[field] = { from: before[field] ?? null, to };
        }
        if (Object.keys(changes).length === 0) return false;
        const fields = Object.keys(changes);
        await tx.query(
          `UPDATE task_columns SET ${fields.map((field, index) => `${field} = $${index + 3}`).join(', ')},
             updated_at = now() WHERE id = $1 AND board_id = $2`,
          [columnId, boardId, ...fields.map((field) => changes[field]!.to)],
        );
        await audit(
          {
            ...boardAudit(source, board),
            action: 'column_updated',
            details: { column_id: columnId, changes },
          },
          tx,
        );
        return true;
      });
      if (changed) await events.boardChanged(boardId, today());
      return loadColumn(db, boardId, columnId);
    },

    /** A column with tasks needs `moveTo`: its tasks go to the end of that column, in their order. */
    async remove(
      viewer: Viewer,
      boardId: number,
      columnId: number,
      moveTo: number | undefined,
      source: AuditSource,
    ) {
      const moved = await write(async (tx) => {
        const board = await loadBoardBasics(tx, viewer.scope, boardId, true);
        const column = await findColumn(tx, boardId, columnId, true);
        if (!column) throw notFound('Coluna não encontrada');
        const { rows: counted } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM task_columns WHERE board_id = $1',
          [boardId],
        );
        if ((counted[0]?.n ?? 0) <= 1) throw conflict('O quadro precisa de ao menos uma coluna.');
        const { rows: tasks } = await tx.query<{ id: number }>(
          'SELECT id FROM tasks WHERE column_id = $1 ORDER BY position, id',
          [columnId],
        );
        if (tasks.length > 0) {
          if (moveTo === undefined) {
            throw new TaskConflict({
              error: 'conflict',
              reason: 'not_empty',
              message: `A coluna "${column.name}" tem ${plural(tasks.length, 'tarefa', 'tarefas')}: escolha para qual coluna movê-las.`,
            });
          }
          const target = moveTo === columnId ? null : await findColumn(tx, boardId, moveTo, true);
          if (!target) throw invalid('move_to', 'Escolha outra coluna deste quadro');
          const keys = orderKeysBetween((await columnEnds(tx, target.id)).last, null, tasks.length);
          for (const [index, task] of tasks.entries()) {
            await tx.query(
              `UPDATE tasks SET column_id = $2, position = $3, version = version + 1, updated_at = now(),
                 completed_at = CASE WHEN $4 = 'concluido' THEN COALESCE(completed_at, now()) ELSE NULL END
               WHERE id = $1`,
              [task.id, target.id, keys[index], target.state_group],
            );
            await insertActivity(tx, task.id, viewer.id, 'moved', 'column', column.name, target.name);
          }
        }
        await tx.query('DELETE FROM task_columns WHERE id = $1', [columnId]);
        await audit(
          {
            ...boardAudit(source, board),
            action: 'column_deleted',
            details: {
              column_id: columnId,
              name: column.name,
              moved_to: moveTo ?? null,
              tasks: tasks.length,
            },
          },
          tx,
        );
        return tasks.map((task) => task.id);
      });
      for (const card of await loadCardsById(db, moved)) events.moved(card, columnId, personOf(viewer));
      await events.boardChanged(boardId, today());
    },
  };

  // ------------------------------------------------------------ labels

  const labels = {
    async list(viewer: Viewer, boardId: number | undefined) {
      if (boardId !== undefined) await loadBoardBasics(db, viewer.scope, boardId);
      const items = await loadLabels(db, boardId ?? null);
      return { items, total: items.length };
    },

    async create(viewer: Viewer, input: CreateLabelInput, source: AuditSource): Promise<TaskLabel> {
      const boardId = input.board_id ?? null;
      const { id, board } = await write(async (tx) => {
        const board = boardId === null ? null : await loadBoardBasics(tx, viewer.scope, boardId);
        if (typeof input.parent_id === 'number') {
          const parent = await loadLabel(tx, input.parent_id).catch(() => null);
          if (!parent || (parent.board_id !== null && parent.board_id !== boardId))
            throw invalid('parent_id', 'A etiqueta mãe deve ser global ou deste quadro');
        }
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO task_labels (board_id, parent_id, name, color) VALUES ($1, $2, $3, $4) RETURNING id',
          [boardId, input.parent_id ?? null, input.name, input.color],
        );
        const labelId = rows[0]!.id;
        await audit(
          {
            ...source,
            module: 'tasks',
            action: 'label_created',
            companyId: board?.company_id ?? null,
            targetType: 'task_label',
            targetId: labelId,
            details: { name: input.name, board_id: boardId },
          },
          tx,
        );
        return { id: labelId, board };
      }, 'Já existe uma etiqueta com este nome aqui');
      if (board) await events.boardChanged(board.id, today());
      else await events.globalLabelsChanged(today());
      const { company_id: _company, ...label } = await loadLabel(db, id);
      return label;
    },

    async update(
      viewer: Viewer,
      id: number,
      input: UpdateLabelInput,
      source: AuditSource,
    ): Promise<TaskLabel> {
      const current = await loadLabel(db, id);
      if (current.board_id !== null) await loadBoardBasics(db, viewer.scope, current.board_id);
      await write(async (tx) => {
        if (typeof input.parent_id === 'number') {
          if (input.parent_id === id) throw invalid('parent_id', 'Uma etiqueta não pode ser mãe de si mesma');
          const parent = await loadLabel(tx, input.parent_id).catch(() => null);
          if (!parent || (parent.board_id !== null && parent.board_id !== current.board_id))
            throw invalid('parent_id', 'A etiqueta mãe deve ser global ou deste quadro');
          const { rows } = await tx.query<{ cycle: boolean }>(
            `WITH RECURSIVE up(id, parent_id) AS (
               SELECT id, parent_id FROM task_labels WHERE id = $1
               UNION SELECT l.id, l.parent_id FROM task_labels l JOIN up ON l.id = up.parent_id)
             SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS cycle`,
            [input.parent_id, id],
          );
          if (rows[0]?.cycle) throw invalid('parent_id', 'Esta etiqueta já está acima da escolhida');
        }
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [field, to] of Object.entries(input)) {
          const from = (current as unknown as Record<string, unknown>)[field] ?? null;
          if (to !== undefined && from !== to) changes[field] = { from, to };
        }
        if (Object.keys(changes).length === 0) return;
        const fields = Object.keys(changes);
        await tx.query(
          `UPDATE task_labels SET ${fields.map((field, index) => `${field} = $${index + 2}`).join(', ')} WHERE id = $1`,
          [id, ...fields.map((field) => changes[field]!.to)],
        );
        await audit(
          {
            ...source,
            module: 'tasks',
            action: 'label_updated',
            companyId: current.company_id,
            targetType: 'task_label',
            targetId: id,
            details: { changes },
          },
          tx,
        );
      }, 'Já existe uma etiqueta com este nome aqui');
      if (current.board_id !== null) await events.boardChanged(current.board_id, today());
      else await events.globalLabelsChanged(today());
      const { company_id: _company, ...label } = await loadLabel(db, id);
      return label;
    },

    async remove(viewer: Viewer, id: number, source: AuditSource): Promise<void> {
      const current = await loadLabel(db, id);
      if (current.board_id !== null) await loadBoardBasics(db, viewer.scope, current.board_id);
      await write(async (tx) => {
        await tx.query('DELETE FROM task_labels WHERE id = $1', [id]);
        await audit(
          {
            ...source,
            module: 'tasks',
            action: 'label_deleted',
            companyId: current.company_id,
            targetType: 'task_label',
            targetId: id,
            details: { name: current.name, board_id: current.board_id },
          },
          tx,
        );
      });
      if (current.board_id !== null) await events.boardChanged(current.board_id, today());
      else await events.globalLabelsChanged(today());
    },
  };

  // ------------------------------------------------------------ tasks

  const listWhere = (viewer: Viewer, query: Partial<TaskListQuery>, params: unknown[]) => {
    const where = [taskScopeSql(viewer.scope, params), 'b.archived_at IS NULL'];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (query.board_id !== undefined) add((n) => `t.board_id = $${n}`, query.board_id);
    if (query.column_id !== undefined) add((n) => `t.column_id = $${n}`, query.column_id);
    if (query.ticket_id !== undefined) add((n) => `t.ticket_id = $${n}`, query.ticket_id);
    if (query.company_id !== undefined) add((n) => `t.company_id = $${n}`, query.company_id);
    if (query.number !== undefined) add((n) => `t.number = $${n}`, query.number);
    if (query.priority !== undefined) add((n) => `t.priority = $${n}`, query.priority);
    if (query.state_group !== undefined) add((n) => `c.state_group = $${n}`, query.state_group);
    if (query.label_id !== undefined)
      add(
        (n) => `EXISTS (SELECT 1 FROM task_label_links l WHERE l.task_id = t.id AND l.label_id = $${n})`,
        query.label_id,
      );
    if (query.assignee_id === 'none')
      where.push('NOT EXISTS (SELECT 1 FROM task_assignees a WHERE a.task_id = t.id)');
    else if (query.assignee_id !== undefined)
      add(
        (n) => `EXISTS (SELECT 1 FROM task_assignees a WHERE a.task_id = t.id AND a.user_id = $${n})`,
        query.assignee_id === 'me' ? viewer.id : query.assignee_id,
      );
    if (query.open) where.push("c.state_group NOT IN ('concluido', 'cancelado')");
    if (query.q) {
      params.push(query.q.replace(/[\\%_]/g, (char) => `\\${char}`));
      where.push(`farol_fold(t.title) LIKE '%' || farol_fold($${params.length}) || '%'`);
    }
    if (query.due !== undefined) {
      const day = today();
      if (query.due === 'sem_data') where.push('t.due_date IS NULL');
      else {
        where.push("c.state_group NOT IN ('concluido', 'cancelado')");
        if (query.due === 'atrasadas') add((n) => `t.due_date < $${n}::date`, day);
        if (query.due === 'hoje') add((n) => `t.due_date = $${n}::date`, day);
        if (query.due === 'semana') {
          add((n) => `t.due_date >= $${n}::date`, day);
          add((n) => `t.due_date <= $${n}::date`, endOfWeek(day));
        }
      }
    }
    return where.join(' AND ');
  };

  const ORDERS: Record<TaskListQuery['sort'], string> = {
    position: 'b.id, c.position, c.id, t.position',
    due_date: 't.due_date',
    priority: "array_position(ARRAY['urgente', 'alta', 'media', 'baixa', 'nenhuma'], t.priority)",
    number: 't.number',
    created_at: 't.created_at',
    updated_at: 't.updated_at',
  };

  /** The last day (Sunday) of the week `day` is in, weeks from Monday to Sunday. */
  const endOfWeek = (day: string) => {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    return addDays(day, (7 - weekday) % 7);
  };

  const detail = async (viewer: Viewer, card: TaskListItem): Promise<TaskDetail> => {
    const { rows } = await db.query<{ description: string }>('SELECT description FROM tasks WHERE id = $1', [
      card.id,
    ]);
    const watchers = await loadWatchers(db, card.id);
    return {
      ...card,
      description: rows[0]?.description ?? '',
      watchers,
      watching: watchers.some((person) => person.id === viewer.id),
      checklist: await loadChecklist(db, card.id),
      links: await loadLinks(db, card.id),
      attachments: await loadAttachments(db, card.id),
      activity: await loadActivity(db, card.id),
      created_by: await loadCreator(db, card.id),
    };
  };

  const tasks = {
    async list(viewer: Viewer, query: TaskListQuery) {
      const params: unknown[] = [];
      const where = listWhere(viewer, query, params);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tasks t JOIN task_columns c ON c.id = t.column_id
           JOIN task_boards b ON b.id = t.board_id WHERE ${where}`,
        params,
      );
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const order = `${ORDERS[query.sort]} ${direction} NULLS LAST, t.id ${direction}`;
      const items = await loadCards(db, where, params, order, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items, total: rows[0]?.n ?? 0 };
    },

    async mine(viewer: Viewer): Promise<MyTasks> {
      const day = today();
      const params: unknown[] = [];
      const where = listWhere(viewer, { assignee_id: 'me', open: true }, params);
      const open = await loadCards(
        db,
        `${where} AND t.due_date IS NOT NULL AND t.due_date <= $${params.length + 1}::date`,
        [...params, endOfWeek(day)],
        "t.due_date, array_position(ARRAY['urgente', 'alta', 'media', 'baixa', 'nenhuma'], t.priority), t.id",
      );
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tasks t JOIN task_columns c ON c.id = t.column_id
           JOIN task_boards b ON b.id = t.board_id WHERE ${where}`,
        params,
      );
      return {
        overdue: open.filter((card) => card.due_date! < day),
        today: open.filter((card) => card.due_date === day),
        this_week: open.filter((card) => card.due_date! > day),
        total_open: rows[0]?.n ?? 0,
      };
    },

    async forTicket(viewer: Viewer, ticketId: number): Promise<TicketTasks> {
      const params: unknown[] = [];
      const where = listWhere(viewer, { ticket_id: ticketId }, params);
      const items = await loadCards(db, where, params, 't.number');
      const concluded = items.filter((card) => card.state_group === 'concluido').length;
      const cancelled = items.filter((card) => card.state_group === 'cancelado').length;
      return {
        items,
        total: items.length,
        all_concluded: items.length > 0 && concluded > 0 && concluded + cancelled === items.length,
      };
    },

    async get(viewer: Viewer, id: number): Promise<TaskDetail> {
      await loadTaskRow(db, viewer.scope, id);
      const card = await loadCard(db, id);
      if (!card) throw notFound('Tarefa não encontrada');
      return detail(viewer, card);
    },

    async create(viewer: Viewer, input: CreateTaskInput, source: AuditSource): Promise<TaskDetail> {
      const id = await write(async (tx) => {
        const board = await loadBoardBasics(tx, viewer.scope, input.board_id, true).catch(
          (error: unknown) => {
            if (error instanceof HttpError && error.status === 404)
              throw invalid('board_id', 'Quadro não encontrado');
            throw error;
          },
        );
        assertBoardOpen(board);
        const column = await columnForNewTasks(tx, board.id, input.column_id);
        await wipCheck(tx, column);
        await checkPeople(tx, 'assignee_ids', input.assignee_ids);
        await checkPeople(tx, 'watcher_ids', input.watcher_ids);
        await checkPeople(
          tx,
          'checklist',
          input.checklist.flatMap((entry) => (entry.assignee_id ? [entry.assignee_id] : [])),
        );
        await checkLabels(tx, board.id, input.label_ids);
        await checkCompany(tx, input.company_id, viewer);
        const ticket = await checkTicket(tx, viewer, input.ticket_id);
        return insertTask(
          tx,
          viewer,
          board,
          {
            column,
            position: input.position ?? null,
            title: input.title,
            description: input.description,
            priority: input.priority,
            start_date: input.start_date ?? null,
            due_date: input.due_date ?? null,
            estimate_minutes: input.estimate_minutes ?? null,
            company_id: input.company_id ?? ticket?.company_id ?? board.company_id,
            ticket_id: input.ticket_id ?? null,
            recurrence: input.recurrence ?? null,
            assignee_ids: input.assignee_ids,
            label_ids: input.label_ids,
            watcher_ids: input.watcher_ids,
            checklist: input.checklist,
          },
          source,
        );
      });
      const card = (await loadCard(db, id))!;
      events.created(card, personOf(viewer));
      await events.assigned(input.assignee_ids, card, personOf(viewer));
      return detail(viewer, card);
    },

    async update(
      viewer: Viewer,
      id: number,
      input: UpdateTaskInput,
      source: AuditSource,
    ): Promise<TaskDetail> {
      const result = await write(async (tx) => {
        const current = await loadTaskRow(tx, viewer.scope, id, true);
        assertBoardOpen(current);
        if (input.version !== undefined && input.version !== current.version) return { stale: true as const };
        await checkPeople(tx, 'assignee_ids', input.assignee_ids);
        await checkPeople(tx, 'watcher_ids', input.watcher_ids);
        await checkLabels(tx, current.board_id, input.label_ids);
        await checkCompany(tx, input.company_id, viewer);
        if (input.ticket_id !== undefined && input.ticket_id !== current.ticket_id)
          await checkTicket(tx, viewer, input.ticket_id);
        const start = input.start_date !== undefined ? input.start_date : current.start_date;
        const due = input.due_date !== undefined ? input.due_date : current.due_date;
        if (start && due && start > due) throw invalid('due_date', 'O início não pode ser depois do prazo');

        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const scalar = [
          'title',
          'description',
          'priority',
          'start_date',
          'due_date',
          'estimate_minutes',
          'company_id',
          'ticket_id',
        ] as const;
        for (const field of scalar) {
          const to = input[field];
          if (to !== undefined && (current[field] ?? null) !== to)
            changes[field] = { from: current[field] ?? null, to };
        }
        if (
          input.recurrence !== undefined &&
          JSON.stringify(current.recurrence) !== JSON.stringify(input.recurrence)
        )
          changes.recurrence = { from: current.recurrence, to: input.recurrence };
        const { rows: labelRows } = await tx.query<{ ids: number[] }>(
          `SELECT COALESCE(array_agg(label_id ORDER BY label_id), '{}'::int[]) AS ids FROM task_label_links WHERE task_id = $1`,
          [id],
        );
        const { rows: watcherRows } = await tx.query<{ ids: number[] }>(
          `SELECT COALESCE(array_agg(user_id ORDER BY user_id), '{}'::int[]) AS ids FROM task_watchers WHERE task_id = $1`,
          [id],
        );
        const sameSet = (a: readonly number[], b: readonly number[]) =>
          JSON.stringify([...a].sort((x, y) => x - y)) === JSON.stringify([...b].sort((x, y) => x - y));
        const newAssignees: number[] = [];
        if (input.assignee_ids !== undefined && !sameSet(current.assignee_ids, input.assignee_ids)) {
          changes.assignee_ids = { from: current.assignee_ids, to: input.assignee_ids };
          newAssignees.push(...input.assignee_ids.filter((userId) => !current.assignee_ids.includes(userId)));
        }
        if (input.label_ids !== undefined && !sameSet(labelRows[0]?.ids ?? [], input.label_ids))
          changes.label_ids = { from: labelRows[0]?.ids ?? [], to: input.label_ids };
        if (input.watcher_ids !== undefined && !sameSet(watcherRows[0]?.ids ?? [], input.watcher_ids))
          changes.watcher_ids = { from: watcherRows[0]?.ids ?? [], to: input.watcher_ids };
        if (Object.keys(changes).length === 0) return { stale: false as const, newAssignees, changed: false };

        const columnsChanged = Object.keys(changes).filter(
          (field) => (scalar as readonly string[]).includes(field) || field === 'recurrence',
        );
        const values = columnsChanged.map((field) =>
          field === 'recurrence'
            ? input.recurrence === null
              ? null
              : JSON.stringify(input.recurrence)
            : changes[field]!.to,
        );
        await tx.query(
          `UPDATE tasks SET ${[...columnsChanged.map((field, index) => `${field} = $${index + 2}`), 'version = version + 1', 'updated_at = now()'].join(', ')}
            WHERE id = $1`,
          [id, ...values],
        );
        if (changes.assignee_ids) await setPeople(tx, 'task_assignees', id, input.assignee_ids!);
        if (changes.label_ids) await setLabels(tx, id, input.label_ids!);
        if (changes.watcher_ids) await setPeople(tx, 'task_watchers', id, input.watcher_ids!);
        for (const [field, change] of Object.entries(changes)) {
          const text = (value: unknown) =>
            value === null || value === undefined
              ? null
              : field === 'priority'
                ? TASK_PRIORITY_LABELS[value as keyof typeof TASK_PRIORITY_LABELS]
                : typeof value === 'string'
                  ? value
                  : JSON.stringify(value);
          await insertActivity(
            tx,
            id,
            viewer.id,
            'updated',
            field,
            field === 'description' ? null : text(change.from),
            field === 'description' ? null : text(change.to),
          );
        }
        const auditChanges = Object.fromEntries(
          Object.entries(changes).map(([field, change]) =>
            field === 'description'
              ? [field, { from: '(texto anterior)', to: '(texto novo)' }]
              : [field, change],
          ),
        );
        await audit(taskAudit(source, current, 'updated', { changes: auditChanges }), tx);
        return { stale: false as const, newAssignees, changed: true };
      });
      if (result.stale) throw await conflictWithCurrent(id);
      const card = (await loadCard(db, id))!;
      if (result.changed) {
        events.updated(card, personOf(viewer));
        await events.assigned(result.newAssignees, card, personOf(viewer));
      }
      return detail(viewer, card);
    },

    async move(
      viewer: Viewer,
      id: number,
      input: MoveTaskInput,
      source: AuditSource,
    ): Promise<TaskMoveResult> {
      const actor = personOf(viewer);
      const result = await write(async (tx) => {
        const state = await loadMoveState(tx, viewer.scope, id, input.column_id, input.position);
        const current = state.task;
        assertMayWork(viewer, current);
        assertBoardOpen(current);
        if (current.version !== input.version) return { stale: true as const };
        const changesColumn = input.column_id !== current.column_id;
        const target = state.target;
        if (!target) throw invalid('column_id', 'Coluna não encontrada neste quadro');
        let warning: string | null = null;
        if (changesColumn && target.wip_limit !== null) {
          // Moves into a limited column take turns, so two of them never both take its last place.
          await tx.query('SELECT 1 FROM task_columns WHERE id = $1 FOR UPDATE', [target.id]);
          warning = (await wipCheck(tx, target)).warning;
        }
        const completing = target.state_group === 'concluido' && current.state_group !== 'concluido';
        if (completing && !input.confirm) {
          const blockers = await openBlockers(tx, id);
          if (blockers.length > 0) {
            const names = blockers.map((blocker) => `#${blocker.number}`).join(', ');
            throw new TaskConflict({
              error: 'conflict',
              reason: 'blocked',
              message: `A tarefa #${current.number} está bloqueada por ${names}. Confirme para concluí-la mesmo assim.`,
              blockers: blockers satisfies TaskRef[],
            });
          }
        }
        const position = state.taken ? orderKeyBetween(input.position, state.next) : input.position;
        // The row, its activity line and its audit row go to the database together.
        const [placed] = await tx.preparedMany([
          placeTaskStatement({
            id,
            columnId: target.id,
            position,
            done: target.state_group === 'concluido',
            endsRecurrence: completing && current.recurrence !== null,
          }),
          ...(changesColumn
            ? [activityStatement(id, viewer.id, 'moved', 'column', current.column_name, target.name)]
            : []),
          audit.statement(
            taskAudit(
              source,
              {
                id,
                company_id: current.company_id ?? current.board_company_id,
                ticket_id: current.ticket_id,
              },
              'moved',
              {
                from: { column_id: current.column_id, position: current.position },
                to: { column_id: target.id, position },
                ...(input.confirm && completing ? { confirmed_blocked: true } : {}),
                ...(warning ? { wip_warning: true } : {}),
              },
            ),
          ),
        ]);
        const card = placedCard(placed);

        // A recurring task completed: its next occurrence takes its place in the column it came from.
        let nextId: number | null = null;
        if (completing && current.recurrence) {
          const rule = current.recurrence as unknown as TaskRecurrence;
          const nextDue = nextDueDate(rule, current.due_date, today());
          if (nextDue !== null) {
            const shift = current.due_date ? daysBetween(current.due_date, nextDue) : 0;
            const origin = (await findColumn(tx, current.board_id, current.column_id))!;
            const { rows: checklistRows } = await tx.query<{ text: string; assignee_id: number | null }>(
              'SELECT text, assignee_id FROM task_checklist_items WHERE task_id = $1 ORDER BY position, id',
              [id],
            );
            const { rows: labelRows } = await tx.query<{ ids: number[] }>(
              `SELECT COALESCE(array_agg(label_id), '{}'::int[]) AS ids FROM task_label_links WHERE task_id = $1`,
              [id],
            );
            const { rows: watcherRows } = await tx.query<{ ids: number[] }>(
              `SELECT COALESCE(array_agg(user_id), '{}'::int[]) AS ids FROM task_watchers WHERE task_id = $1`,
              [id],
            );
            const board = {
              id: current.board_id,
              name: '',
              company_id: current.board_company_id,
              archived: false,
            };
            nextId = await insertTask(
              tx,
              viewer,
              board,
              {
                column: origin,
                position: current.position,
                title: current.title,
                description: current.description,
                priority: current.priority,
                start_date: current.start_date ? addDays(current.start_date, shift) : null,
                due_date: nextDue,
                estimate_minutes: current.estimate_minutes,
                company_id: current.company_id,
                ticket_id: current.ticket_id,
                recurrence: rule,
                assignee_ids: current.assignee_ids,
                label_ids: labelRows[0]?.ids ?? [],
                watcher_ids: watcherRows[0]?.ids ?? [],
                checklist: checklistRows.map((row) => ({ text: row.text, assignee_id: row.assignee_id })),
              },
              source,
              { recurrence_of: id },
            );
            await insertActivity(tx, id, viewer.id, 'recurred', 'next', null, `próxima em ${nextDue}`);
          }
        }
        return {
          stale: false as const,
          card,
          fromColumnId: current.column_id,
          boardCompanyId: current.board_company_id,
          warning,
          nextId,
        };
      });
      if (result.stale) throw await conflictWithCurrent(id);
      const { card } = result;
      events.moved(card, result.fromColumnId, actor, result.boardCompanyId);
      let next: Task | null = null;
      if (result.nextId !== null) {
        const nextCard = (await loadCard(db, result.nextId))!;
        events.created(nextCard, actor);
        next = toTask(nextCard);
      }
      return { task: toTask(card), next, warning: result.warning };
    },

    async remove(viewer: Viewer, id: number, source: AuditSource): Promise<void> {
      const removed = await write(async (tx) => {
        const current = await loadTaskRow(tx, viewer.scope, id, true);
        await tx.query('DELETE FROM tasks WHERE id = $1', [id]);
        await audit(
          taskAudit(
            source,
            { id, company_id: current.company_id ?? current.board_company_id, ticket_id: current.ticket_id },
            'deleted',
            {
              number: current.number,
              title: current.title,
              board_id: current.board_id,
            },
          ),
          tx,
        );
        return current;
      });
      events.deleted(removed.board_id, id, removed.company_id, personOf(viewer));
    },

    async setWatching(
      viewer: Viewer,
      id: number,
      watching: boolean,
      source: AuditSource,
    ): Promise<TaskDetail> {
      await write(async (tx) => {
        const current = await loadTaskRow(tx, viewer.scope, id);
        if (watching)
          await tx.query(
            'INSERT INTO task_watchers (task_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [id, viewer.id],
          );
        else await tx.query('DELETE FROM task_watchers WHERE task_id = $1 AND user_id = $2', [id, viewer.id]);
        await audit(taskAudit(source, current, watching ? 'watched' : 'unwatched', {}), tx);
      });
      return tasks.get(viewer, id);
    },

    async applyTemplate(viewer: Viewer, boardId: number, input: ApplyTemplateInput, source: AuditSource) {
      const template = templateOf(input.template_key);
      const ids = await write(async (tx) => {
        const board = await loadBoardBasics(tx, viewer.scope, boardId, true);
        assertBoardOpen(board);
        const column = await columnForNewTasks(tx, boardId, input.column_id);
        await checkPeople(tx, 'assignee_ids', input.assignee_ids);
        await checkCompany(tx, input.company_id, viewer);
        const ticket = await checkTicket(tx, viewer, input.ticket_id);
        return applyTemplateIn(
          tx,
          viewer,
          board,
          column,
          template,
          {
            company_id: input.company_id ?? ticket?.company_id ?? board.company_id,
            ticket_id: input.ticket_id ?? null,
            assignee_ids: input.assignee_ids,
          },
          source,
        );
      });
      const cards = await announceCards(ids, personOf(viewer));
      for (const card of cards) await events.assigned(input.assignee_ids, card, personOf(viewer));
      return { items: cards.map(toTask) };
    },

    /** "Criar tarefa" from a chamado: one task pre-filled from it, or a template's set, each linked to it. */
    async fromTicket(viewer: Viewer, input: FromTicketInput, source: AuditSource) {
      const ids = await write(async (tx) => {
        const ticket = await checkTicket(tx, viewer, input.ticket_id);
        const board = await loadBoardBasics(tx, viewer.scope, input.board_id, true).catch(
          (error: unknown) => {
            if (error instanceof HttpError && error.status === 404)
              throw invalid('board_id', 'Quadro não encontrado');
            throw error;
          },
        );
        assertBoardOpen(board);
        const column = await columnForNewTasks(tx, board.id, input.column_id);
        await checkPeople(tx, 'assignee_ids', input.assignee_ids);
        if (input.template_key) {
          return applyTemplateIn(
            tx,
            viewer,
            board,
            column,
            templateOf(input.template_key),
            { company_id: ticket!.company_id, ticket_id: ticket!.id, assignee_ids: input.assignee_ids },
            source,
          );
        }
        await wipCheck(tx, column);
        const priority =
          input.priority ??
          ({ urgente: 'urgente', alta: 'alta', média: 'media', baixa: 'baixa' } as Record<string, string>)[
            ticket!.priority
          ] ??
          'media';
        const id = await insertTask(
          tx,
          viewer,
          board,
          {
            column,
            position: null,
            title: input.title ?? ticket!.subject,
            description: `Criada a partir do chamado #${ticket!.number}.\n\n${ticket!.description}`.slice(
              0,
              20_000,
            ),
            priority,
            start_date: null,
            due_date: input.due_date ?? null,
            estimate_minutes: null,
            company_id: ticket!.company_id,
            ticket_id: ticket!.id,
            recurrence: null,
            assignee_ids: input.assignee_ids,
            label_ids: [],
            watcher_ids: [],
            checklist: [],
          },
          source,
          { from_ticket: ticket!.id },
        );
        return [id];
      });
      const cards = await announceCards(ids, personOf(viewer));
      for (const card of cards) await events.assigned(input.assignee_ids, card, personOf(viewer));
      return { items: cards.map(toTask) };
    },
  };

  // ------------------------------------------------------------ checklist, comments, links

  /** A write on a task's parts by a manager or an assignee; bumps the card's version and tells the room. */
  const touch = async (tx: Database, id: number) =>
    tx.query('UPDATE tasks SET version = version + 1, updated_at = now() WHERE id = $1', [id]);

  const announceUpdate = async (id: number, viewer: Viewer) => {
    const card = await loadCard(db, id);
    if (card) events.updated(card, personOf(viewer));
    return card;
  };

  const checklist = {
    async add(
      viewer: Viewer,
      taskId: number,
      input: CreateChecklistInput,
      source: AuditSource,
    ): Promise<TaskChecklistItem> {
      const itemId = await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        assertMayWork(viewer, task);
        assertBoardOpen(task);
        if (input.assignee_id) await checkPeople(tx, 'assignee_id', [input.assignee_id]);
        const { rows: counted } = await tx.query<{ n: number; last: string | null }>(
          'SELECT count(*)::int AS n, max(position) AS last FROM task_checklist_items WHERE task_id = $1',
          [taskId],
        );
        if ((counted[0]?.n ?? 0) >= 100) throw conflict('O checklist tem no máximo 100 itens.');
        const position = input.position ?? orderKeyBetween(counted[0]?.last ?? null, null);
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO task_checklist_items (task_id, text, assignee_id, due_date, position)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [taskId, input.text, input.assignee_id ?? null, input.due_date ?? null, position],
        );
        await touch(tx, taskId);
        await insertActivity(tx, taskId, viewer.id, 'checklist', 'item_added', null, input.text);
        await audit(
          taskAudit(source, task, 'checklist_added', { item_id: rows[0]!.id, text: input.text }),
          tx,
        );
        return rows[0]!.id;
      });
      await announceUpdate(taskId, viewer);
      return loadChecklistItem(db, taskId, itemId);
    },

    async update(
      viewer: Viewer,
      taskId: number,
      itemId: number,
      input: UpdateChecklistInput,
      source: AuditSource,
    ): Promise<TaskChecklistItem> {
      await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        const { rows } = await tx.query<{
          text: string;
          done: boolean;
          assignee_id: number | null;
          due_date: string | null;
          position: string;
        }>(
          'SELECT text, done, assignee_id, due_date::text AS due_date, position FROM task_checklist_items WHERE id = $1 AND task_id = $2 FOR UPDATE',
          [itemId, taskId],
        );
        const item = rows[0];
        if (!item) throw notFound('Item do checklist não encontrado');
        // The item's own assignee may tick it, like the task's.
        if (item.assignee_id !== viewer.id) assertMayWork(viewer, task);
        assertBoardOpen(task);
        if (input.assignee_id) await checkPeople(tx, 'assignee_id', [input.assignee_id]);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [field, to] of Object.entries(input)) {
          const from = (item as Record<string, unknown>)[field] ?? null;
          if (to !== undefined && from !== to) changes[field] = { from, to };
        }
        if (Object.keys(changes).length === 0) return;
        const fields = Object.keys(changes);
        const extra = changes.done
          ? input.done
            ? [', done_at = now()', `, done_by = ${Number(viewer.id)}`]
            : [', done_at = NULL', ', done_by = NULL']
          : [];
        await tx.query(
          `UPDATE task_checklist_items SET ${fields.map((field, index) => `${field} = $${index + 2}`).join(', ')}${extra.join('')}
            WHERE id = $1`,
          [itemId, ...fields.map((field) => changes[field]!.to)],
        );
        await touch(tx, taskId);
        if (changes.done)
          await insertActivity(
            tx,
            taskId,
            viewer.id,
            'checklist',
            input.done ? 'item_done' : 'item_undone',
            null,
            item.text,
          );
        else
          await insertActivity(
            tx,
            taskId,
            viewer.id,
            'checklist',
            'item_updated',
            item.text,
            input.text ?? item.text,
          );
        await audit(taskAudit(source, task, 'checklist_updated', { item_id: itemId, changes }), tx);
      });
      await announceUpdate(taskId, viewer);
      return loadChecklistItem(db, taskId, itemId);
    },

    async remove(viewer: Viewer, taskId: number, itemId: number, source: AuditSource): Promise<void> {
      await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        assertMayWork(viewer, task);
        assertBoardOpen(task);
        const { rows } = await tx.query<{ text: string }>(
          'DELETE FROM task_checklist_items WHERE id = $1 AND task_id = $2 RETURNING text',
          [itemId, taskId],
        );
        if (!rows[0]) throw notFound('Item do checklist não encontrado');
        await touch(tx, taskId);
        await insertActivity(tx, taskId, viewer.id, 'checklist', 'item_removed', rows[0].text, null);
        await audit(
          taskAudit(source, task, 'checklist_removed', { item_id: itemId, text: rows[0].text }),
          tx,
        );
      });
      await announceUpdate(taskId, viewer);
    },
  };

  const comments = {
    async list(viewer: Viewer, taskId: number, page: { page: number; limit: number }) {
      await loadTaskRow(db, viewer.scope, taskId);
      return listComments(db, taskId, { limit: page.limit, offset: (page.page - 1) * page.limit });
    },

    async add(
      viewer: Viewer,
      taskId: number,
      input: CreateCommentInput,
      source: AuditSource,
    ): Promise<TaskComment> {
      const { commentId, mentionIds } = await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        assertMayWork(viewer, task);
        await checkPeople(tx, 'mention_ids', input.mention_ids);
        const byLogin = await membersByLogin(tx, extractMentions(input.body));
        const mentionIds = [...new Set([...input.mention_ids, ...byLogin])];
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO task_comments (task_id, author_id, body, mention_ids) VALUES ($1, $2, $3, $4) RETURNING id',
          [taskId, viewer.id, input.body, mentionIds],
        );
        await touch(tx, taskId);
        await insertActivity(tx, taskId, viewer.id, 'commented');
        await audit(
          taskAudit(source, task, 'commented', { comment_id: rows[0]!.id, mentions: mentionIds }),
          tx,
        );
        return { commentId: rows[0]!.id, mentionIds };
      });
      const comment = await loadComment(db, taskId, commentId);
      const card = await announceUpdate(taskId, viewer);
      if (card) {
        events.commented(card, comment);
        await events.mentioned(mentionIds, card, comment);
      }
      return comment;
    },

    async edit(
      viewer: Viewer,
      taskId: number,
      commentId: number,
      body: string,
      source: AuditSource,
    ): Promise<TaskComment> {
      await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId);
        const { rows } = await tx.query<{ author_id: number }>(
          'SELECT author_id FROM task_comments WHERE id = $1 AND task_id = $2 FOR UPDATE',
          [commentId, taskId],
        );
        if (!rows[0]) throw notFound('Comentário não encontrado');
        if (rows[0].author_id !== viewer.id)
          throw httpError(403, 'forbidden', 'Só quem escreveu o comentário pode editá-lo.');
        await tx.query('UPDATE task_comments SET body = $2, edited_at = now() WHERE id = $1', [
          commentId,
          body,
        ]);
        await audit(taskAudit(source, task, 'comment_edited', { comment_id: commentId }), tx);
      });
      const comment = await loadComment(db, taskId, commentId);
      const card = await loadCard(db, taskId);
      if (card) events.commented(card, comment);
      return comment;
    },

    async remove(viewer: Viewer, taskId: number, commentId: number, source: AuditSource): Promise<void> {
      await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        const { rows } = await tx.query<{ author_id: number }>(
          'SELECT author_id FROM task_comments WHERE id = $1 AND task_id = $2',
          [commentId, taskId],
        );
        if (!rows[0]) throw notFound('Comentário não encontrado');
        if (rows[0].author_id !== viewer.id && !canManage(viewer))
          throw httpError(
            403,
            'forbidden',
            'Só quem escreveu o comentário ou quem gerencia tarefas pode excluí-lo.',
          );
        await tx.query('DELETE FROM task_comments WHERE id = $1', [commentId]);
        await touch(tx, taskId);
        await audit(taskAudit(source, task, 'comment_deleted', { comment_id: commentId }), tx);
      });
      await announceUpdate(taskId, viewer);
    },
  };

  const links = {
    async add(viewer: Viewer, taskId: number, input: CreateLinkInput, source: AuditSource) {
      await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        if (input.task_id === taskId) throw invalid('task_id', 'Uma tarefa não pode se ligar a ela mesma');
        await loadTaskRow(tx, viewer.scope, input.task_id).catch((error: unknown) => {
          if (error instanceof HttpError && error.status === 404)
            throw invalid('task_id', 'Tarefa não encontrada');
          throw error;
        });
        const link = storedLink(input.kind, taskId, input.task_id);
        if (link.kind === 'bloqueia') {
          // A blocks B while B (directly or not) blocks A would leave both stuck.
          const { rows } = await tx.query<{ cycle: boolean }>(
            `WITH RECURSIVE chain(id) AS (
               SELECT target_id FROM task_links WHERE kind = 'bloqueia' AND source_id = $1
               UNION SELECT k.target_id FROM task_links k JOIN chain ON k.source_id = chain.id WHERE k.kind = 'bloqueia')
             SELECT EXISTS (SELECT 1 FROM chain WHERE id = $2) AS cycle`,
            [link.targetId, link.sourceId],
          );
          if (rows[0]?.cycle) throw invalid('task_id', 'Este bloqueio formaria um ciclo entre as tarefas');
        }
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO task_links (kind, source_id, target_id, created_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING id`,
          [link.kind, link.sourceId, link.targetId, viewer.id],
        );
        if (!rows[0]) throw conflict('Estas tarefas já estão ligadas assim.');
        await tx.query(
          'UPDATE tasks SET version = version + 1, updated_at = now() WHERE id = ANY($1::int[])',
          [[link.sourceId, link.targetId]],
        );
        await insertActivity(tx, taskId, viewer.id, 'linked', input.kind, null, `#${input.task_id}`);
        await audit(
          taskAudit(source, task, 'linked', {
            kind: link.kind,
            source_id: link.sourceId,
            target_id: link.targetId,
          }),
          tx,
        );
      });
      await announceUpdate(taskId, viewer);
      await announceUpdate(input.task_id, viewer);
      return loadLinks(db, taskId);
    },

    async remove(viewer: Viewer, taskId: number, linkId: number, source: AuditSource) {
      const other = await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        const { rows } = await tx.query<{ kind: string; source_id: number; target_id: number }>(
          'DELETE FROM task_links WHERE id = $1 AND (source_id = $2 OR target_id = $2) RETURNING kind, source_id, target_id',
          [linkId, taskId],
        );
        const link = rows[0];
        if (!link) throw notFound('Ligação não encontrada');
        const otherId = link.source_id === taskId ? link.target_id : link.source_id;
        await tx.query(
          'UPDATE tasks SET version = version + 1, updated_at = now() WHERE id = ANY($1::int[])',
          [[taskId, otherId]],
        );
        await insertActivity(tx, taskId, viewer.id, 'unlinked', link.kind, `#${otherId}`, null);
        await audit(taskAudit(source, task, 'unlinked', { link_id: linkId, ...link }), tx);
        return otherId;
      });
      await announceUpdate(taskId, viewer);
      await announceUpdate(other, viewer);
    },
  };

  const attachments = {
    async add(viewer: Viewer, taskId: number, staged: readonly StagedTaskFile[], source: AuditSource) {
      await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        assertMayWork(viewer, task);
        assertBoardOpen(task);
        for (const file of staged) {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO task_attachments (task_id, name, mime_type, size, blob_id, uploaded_by)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [taskId, file.name, file.mimeType, file.size, file.blobId, viewer.id],
          );
          await insertActivity(tx, taskId, viewer.id, 'attached', null, null, file.name);
          await audit(
            taskAudit(source, task, 'attached', {
              attachment_id: rows[0]!.id,
              name: file.name,
              size: file.size,
            }),
            tx,
          );
        }
        await touch(tx, taskId);
      });
      await announceUpdate(taskId, viewer);
      return loadAttachments(db, taskId);
    },

    async remove(viewer: Viewer, taskId: number, attachmentId: number, source: AuditSource) {
      await write(async (tx) => {
        const task = await loadTaskRow(tx, viewer.scope, taskId, true);
        const { rows } = await tx.query<{ name: string; uploaded_by: number | null; blob_id: number }>(
          'SELECT name, uploaded_by, blob_id FROM task_attachments WHERE id = $1 AND task_id = $2',
          [attachmentId, taskId],
        );
        const file = rows[0];
        if (!file) throw notFound('Anexo não encontrado');
        if (file.uploaded_by !== viewer.id && !canManage(viewer))
          throw httpError(
            403,
            'forbidden',
            'Só quem enviou o anexo ou quem gerencia tarefas pode excluí-lo.',
          );
        await tx.query('DELETE FROM task_attachments WHERE id = $1', [attachmentId]);
        await tx.query('DELETE FROM attachment_blobs WHERE id = $1', [file.blob_id]);
        await touch(tx, taskId);
        await insertActivity(tx, taskId, viewer.id, 'detached', null, file.name, null);
        await audit(
          taskAudit(source, task, 'detached', { attachment_id: attachmentId, name: file.name }),
          tx,
        );
      });
      await announceUpdate(taskId, viewer);
    },
  };

  const options = async (scope: CompanyScope = { kind: 'all' }) => {
    const companyParams: unknown[] = [];
    const { rows: companies } = await db.query<TaskPerson>(
      `SELECT id, name FROM companies c WHERE archived_at IS NULL AND ${companyScopeSql(scope, companyParams, 'c.id')}
        ORDER BY farol_fold(name), id`,
      companyParams,
    );
    const boardParams: unknown[] = [];
    const { rows: boardRows } = await db.query<TaskPerson & { company_id: number | null }>(
      `SELECT id, name, company_id FROM task_boards b WHERE archived_at IS NULL AND ${boardScopeSql(scope, boardParams)}
        ORDER BY farol_fold(name), id`,
      boardParams,
    );
    return { members: await members(db), companies, boards: boardRows };
  };

  return {
    boards,
    columns,
    labels,
    tasks,
    checklist,
    comments,
    links,
    attachments,
    options,
    today,
    /** 404 outside the scope, 403 unless a manager or an assignee, 409 on an archived board. */
    async assertMayWorkOn(viewer: Viewer, taskId: number) {
      const task = await loadTaskRow(db, viewer.scope, taskId);
      assertMayWork(viewer, task);
      assertBoardOpen(task);
    },
  };
};

export type TaskService = ReturnType<typeof createTaskService>;
