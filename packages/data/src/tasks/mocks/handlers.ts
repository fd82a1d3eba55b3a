import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { hasPermission, isClient, PERMISSIONS } from '../../access/permissions';
import {
  applyTaskTemplateSchema,
  createChecklistItemSchema,
  createTaskBoardSchema,
  createTaskColumnSchema,
  createTaskCommentSchema,
  createTaskLabelSchema,
  createTaskLinkSchema,
  createTaskSchema,
  createTasksFromTicketSchema,
  moveTaskSchema,
  taskBoardListQuerySchema,
  taskListQuerySchema,
  taskWatchingSchema,
  updateChecklistItemSchema,
  updateTaskBoardSchema,
  updateTaskColumnSchema,
  updateTaskLabelSchema,
  updateTaskSchema,
  type Task,
  type TaskAttachment,
  type TaskPerson,
} from '../../contract/task';
import {
  TASK_ATTACHMENT_FIELD,
  TASK_ATTACHMENT_MAX_BYTES,
  TASK_ATTACHMENT_MAX_FILES,
  TASK_ATTACHMENT_TYPES,
  TASK_DEFAULT_COLUMNS,
  TASK_TEMPLATES,
  extractMentions,
  isClosedStateGroup,
  storedLink,
} from '../../contract/task-constants';
import { compareOrderKeys, orderKeyBetween, orderKeysBetween } from '../../contract/task-order';
import { nextDueDate } from '../../contract/task-recurrence';
import type { UserWire } from '../../contract/user';
import {
  api,
  errorResponse,
  forbidden,
  jsonBody,
  notFound,
  parseOr400,
  serverError,
  unauthorized,
  userFromRequest,
} from '../../mocks/http';
import { dueBucketOf, todayInBrazil } from '../rules';
import { createTaskDatabase, type TaskDatabase, type TaskDatabaseOptions } from './database';
import { TASK_COMPANIES, TASK_MEMBERS, makeStoredTask, type StoredTask } from './factories';

export interface TaskMockOptions extends TaskDatabaseOptions {
  /** Every read answers 500. */
  failing?: boolean;
  /** Every call answers 403, as for a user without tasks.view. */
  forbidden?: boolean;
  /** Reads never answer, so a story can show the loading state. */
  loading?: boolean;
  /** Every move answers 409 'version' with the task as another person left it (moved to the last column). */
  conflictOnMove?: boolean;
}

/** One tasks mock: its handlers and its data, so a story holds its own handle on both. */
export interface TaskMock {
  handlers: HttpHandler[];
  database: TaskDatabase;
}

const nextId = (items: ReadonlyArray<{ id: number }>) => Math.max(0, ...items.map((item) => item.id)) + 1;
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const conflict = (message: string, extra: Record<string, unknown>) =>
  HttpResponse.json({ error: 'conflict', message, ...extra }, { status: 409 });
const taskNotFound = () => notFound('Tarefa não encontrada');
const boardNotFound = () => notFound('Quadro não encontrado');
const person = (user: UserWire): TaskPerson => ({ id: user.id, name: user.name });

/**
 * The tasks API over one stateful database (reset by resetMockState), as the reference server answers it:
 * boards with counts, the whole board, Minhas tarefas, a chamado's tasks, create / edit / move with versions,
 * WIP bloqueio, the blocked guard and recurring tasks, checklist, comments, links and watching.
 */
export function createTaskMock(options: TaskMockOptions = {}): TaskMock {
  const database = createTaskDatabase(options);
  return { handlers: taskRoutes(database, options), database };
}

/** The handlers alone, for a story that never changes the data live. */
export function createTaskHandlers(options: TaskMockOptions = {}): HttpHandler[] {
  return createTaskMock(options).handlers;
}

function taskRoutes(db: TaskDatabase, options: TaskMockOptions): HttpHandler[] {
  const { failing = false, loading = false } = options;

  /** Staff with tasks.view, or the answer that stops the request (clients never see boards). */
  const staff = (request: Request): UserWire | Response => {
    if (options.forbidden) return forbidden();
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (isClient(user) || !hasPermission(user, PERMISSIONS.TASKS_VIEW)) return forbidden();
    return user;
  };
  const read = async (request: Request): Promise<UserWire | Response> => {
    if (loading) await delay('infinite');
    if (failing) return serverError();
    return staff(request);
  };
  const manages = (user: UserWire) => hasPermission(user, PERMISSIONS.TASKS_MANAGE);
  /** The bytes of the files sent in this mock's life, by attachment id. */
  const fileBytes = new Map<number, { bytes: Uint8Array; type: string }>();
  /** tasks.manage, or (for moves, the checklist and comments) being one of the task's assignees. */
  const mayWork = (user: UserWire, task: StoredTask) =>
    manages(user) || task.assignees.some((assignee) => assignee.id === user.id);
  const board = (id: unknown) => db.get().boards.find((item) => item.id === Number(id));
  const log = (
    task: StoredTask,
    user: UserWire,
    action: string,
    field: string | null = null,
    from: string | null = null,
    to: string | null = null,
  ) => {
    const state = db.get();
    db.set({
      ...state,
      activity: [
        ...state.activity,
        {
          id: nextId(state.activity),
          task_id: task.id,
          who: person(user),
          action,
          field,
          from,
          to,
          at: new Date().toISOString(),
        },
      ],
    });
  };
  const people = (ids: readonly number[]) =>
    TASK_MEMBERS.filter((member) => ids.includes(member.id)).map(({ id, name }) => ({ id, name }));
  const companyOf = (id: number | null | undefined) =>
    id ? (Object.values(TASK_COMPANIES).find((company) => company.id === id) ?? null) : null;

  /** A new card from a valid create body, at the top of its column unless a position is given. */
  const addTask = (
    user: UserWire,
    input: ReturnType<typeof createTaskSchema.parse>,
    extra: Partial<StoredTask> = {},
  ) => {
    const state = db.get();
    const columns = state.columns
      .filter((column) => column.board_id === input.board_id)
      .sort((a, b) => compareOrderKeys(a.position, b.position));
    const column = columns.find((item) => item.id === (input.column_id ?? columns[0]?.id));
    if (!column) return null;
    const first = state.tasks
      .filter((task) => task.column_id === column.id && !task.archived)
      .sort((a, b) => compareOrderKeys(a.position, b.position))[0];
    const id = nextId(state.tasks);
    const task = makeStoredTask({
      id,
      number: Math.max(0, ...state.tasks.map((item) => item.number)) + 1,
      board_id: input.board_id,
      column_id: column.id,
      position: input.position ?? orderKeyBetween(null, first?.position ?? null),
      title: input.title,
      description: input.description,
      priority: input.priority,
      start_date: input.start_date ?? null,
      due_date: input.due_date ?? null,
      estimate_minutes: input.estimate_minutes ?? null,
      assignees: people(input.assignee_ids),
      label_ids: input.label_ids,
      watcher_ids: input.watcher_ids,
      company: companyOf(input.company_id) ?? board(input.board_id)?.company ?? null,
      recurrence: input.recurrence ?? null,
      created_by: person(user),
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      ...extra,
    });
    const keys = orderKeysBetween(null, null, Math.max(1, input.checklist.length));
    const checklistStart = nextId(state.checklist);
    db.set({
      ...state,
      tasks: [...state.tasks, task],
      checklist: [
        ...state.checklist,
        ...input.checklist.map((entry, index) => ({
          id: checklistStart + index,
          task_id: id,
          text: entry.text,
          done: false,
          assignee: entry.assignee_id ? (people([entry.assignee_id])[0] ?? null) : null,
          due_date: entry.due_date ?? null,
          position: keys[index]!,
          done_at: null,
          done_by: null,
        })),
      ],
    });
    log(task, user, 'created');
    return task;
  };

  return [
    // ------------------------------------------------------------ boards
    http.get(api('/tasks/boards'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(
        taskBoardListQuerySchema,
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (parsed.error) return parsed.error;
      const query = parsed.data;
      const text = fold(query.q ?? '');
      const items = db
        .get()
        .boards.filter((item) => (query.archived ? item.archived_at !== null : item.archived_at === null))
        .filter((item) => !query.company_id || item.company?.id === query.company_id)
        .filter((item) => !text || fold(item.name).includes(text))
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
        .map((item) => db.toBoard(item.id));
      return HttpResponse.json({
        items: items.slice((query.page - 1) * query.limit, query.page * query.limit),
        total: items.length,
      });
    }),

    http.post(api('/tasks/boards'), async ({ request }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const parsed = parseOr400(createTaskBoardSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      const state = db.get();
      const id = nextId(state.boards);
      const now = new Date().toISOString();
      const keys = orderKeysBetween(null, null, TASK_DEFAULT_COLUMNS.length);
      const columnStart = nextId(state.columns);
      db.set({
        ...state,
        boards: [
          ...state.boards,
          {
            id,
            name: input.name,
            description: input.description ?? null,
            company: companyOf(input.company_id),
            kind: input.kind,
            archived_at: null,
            created_by: person(user),
            created_at: now,
            updated_at: now,
          },
        ],
        columns: [
          ...state.columns,
          ...TASK_DEFAULT_COLUMNS.map((column, index) => ({
            ...column,
            id: columnStart + index,
            board_id: id,
            position: keys[index]!,
            wip_limit: null,
            wip_mode: 'aviso' as const,
            task_count: 0,
            created_at: now,
            updated_at: now,
          })),
        ],
      });
      const template = TASK_TEMPLATES.find((item) => item.key === input.template_key);
      for (const entry of [...(template?.tasks ?? [])].reverse()) {
        addTask(user, {
          ...createTaskSchema.parse({ board_id: id, title: entry.title, priority: entry.priority }),
          checklist: entry.checklist.map((text) => ({ text })),
        });
      }
      return HttpResponse.json(db.toBoard(id), { status: 201 });
    }),

    http.get(api('/tasks/boards/:id'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      if (!board(params.id)) return boardNotFound();
      return HttpResponse.json(db.boardView(Number(params.id)));
    }),

    http.patch(api('/tasks/boards/:id'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const found = board(params.id);
      if (!found) return boardNotFound();
      const parsed = parseOr400(updateTaskBoardSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const { company_id, ...fields } = parsed.data;
      const state = db.get();
      const next = {
        ...found,
        ...(fields as object),
        ...(company_id !== undefined ? { company: companyOf(company_id) } : {}),
        updated_at: new Date().toISOString(),
      };
      db.set({ ...state, boards: state.boards.map((item) => (item.id === found.id ? next : item)) });
      return HttpResponse.json(db.toBoard(found.id));
    }),

    http.post(api('/tasks/boards/:id/apply-template'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const found = board(params.id);
      if (!found) return boardNotFound();
      const parsed = parseOr400(applyTaskTemplateSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      const template = TASK_TEMPLATES.find((item) => item.key === input.template_key)!;
      const created = [...template.tasks].reverse().flatMap((entry) => {
        const task = addTask(user, {
          ...createTaskSchema.parse({
            board_id: found.id,
            column_id: input.column_id,
            title: entry.title,
            priority: entry.priority,
            assignee_ids: input.assignee_ids,
            company_id: input.company_id ?? null,
          }),
          checklist: entry.checklist.map((text) => ({ text })),
        });
        return task ? [db.toTask(task)] : [];
      });
      return HttpResponse.json({ items: created.reverse() }, { status: 201 });
    }),

    http.post(api('/tasks/boards/:id/:action'), async ({ request, params }) => {
      if (params.action !== 'archive' && params.action !== 'unarchive') return undefined;
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const found = board(params.id);
      if (!found) return boardNotFound();
      const state = db.get();
      const archived_at = params.action === 'archive' ? new Date().toISOString() : null;
      db.set({
        ...state,
        boards: state.boards.map((item) => (item.id === found.id ? { ...item, archived_at } : item)),
      });
      return HttpResponse.json(db.toBoard(found.id));
    }),

    http.post(api('/tasks/boards/:id/columns'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const found = board(params.id);
      if (!found) return boardNotFound();
      const parsed = parseOr400(createTaskColumnSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const state = db.get();
      const last = state.columns
        .filter((column) => column.board_id === found.id)
        .sort((a, b) => compareOrderKeys(a.position, b.position))
        .at(-1);
      const now = new Date().toISOString();
      const column = {
        id: nextId(state.columns),
        board_id: found.id,
        name: parsed.data.name,
        color: parsed.data.color,
        state_group: parsed.data.state_group,
        wip_limit: parsed.data.wip_limit ?? null,
        wip_mode: parsed.data.wip_mode,
        position: parsed.data.position ?? orderKeyBetween(last?.position ?? null, null),
        task_count: 0,
        created_at: now,
        updated_at: now,
      };
      db.set({ ...state, columns: [...state.columns, column] });
      return HttpResponse.json(column, { status: 201 });
    }),

    http.patch(api('/tasks/boards/:id/columns/:columnId'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const column = db.column(Number(params.columnId));
      if (!column || column.board_id !== Number(params.id)) return notFound('Coluna não encontrada');
      const parsed = parseOr400(updateTaskColumnSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const next = { ...column, ...(parsed.data as object), updated_at: new Date().toISOString() };
      const state = db.get();
      db.set({ ...state, columns: state.columns.map((item) => (item.id === column.id ? next : item)) });
      return HttpResponse.json(db.boardView(column.board_id).columns.find((item) => item.id === column.id));
    }),

    http.delete(api('/tasks/boards/:id/columns/:columnId'), ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const column = db.column(Number(params.columnId));
      if (!column || column.board_id !== Number(params.id)) return notFound('Coluna não encontrada');
      const state = db.get();
      const siblings = state.columns
        .filter((item) => item.board_id === column.board_id)
        .sort((a, b) => compareOrderKeys(a.position, b.position));
      if (siblings.length <= 1) return conflict('O quadro precisa de ao menos uma coluna.', {});
      const tasks = state.tasks
        .filter((task) => task.column_id === column.id && !task.archived)
        .sort((a, b) => compareOrderKeys(a.position, b.position));
      const raw = new URL(request.url).searchParams.get('move_to');
      const moveTo = raw === null ? undefined : Number(raw);
      let moved = state.tasks;
      if (tasks.length > 0) {
        if (moveTo === undefined)
          return conflict(
            `A coluna "${column.name}" tem ${tasks.length === 1 ? '1 tarefa' : `${tasks.length} tarefas`}: escolha para qual coluna movê-las.`,
            { reason: 'not_empty' },
          );
        const target = siblings.find((item) => item.id === moveTo && item.id !== column.id);
        if (!target)
          return errorResponse(400, 'validation_failed', 'Dados inválidos', {
            move_to: 'Escolha outra coluna deste quadro',
          });
        const last = state.tasks
          .filter((task) => task.column_id === target.id && !task.archived)
          .sort((a, b) => compareOrderKeys(a.position, b.position))
          .at(-1);
        const keys = orderKeysBetween(last?.position ?? null, null, tasks.length);
        const keyOf = new Map(tasks.map((task, index) => [task.id, keys[index]!]));
        moved = state.tasks.map((task) =>
          keyOf.has(task.id)
            ? { ...task, column_id: target.id, position: keyOf.get(task.id)!, version: task.version + 1 }
            : task,
        );
      }
      db.set({ ...state, tasks: moved, columns: state.columns.filter((item) => item.id !== column.id) });
      return new HttpResponse(null, { status: 204 });
    }),

    // ------------------------------------------------------------ labels
    http.post(api('/tasks/labels'), async ({ request }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const parsed = parseOr400(createTaskLabelSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const state = db.get();
      const boardId = parsed.data.board_id ?? null;
      if (boardId !== null && !board(boardId)) return boardNotFound();
      if (state.labels.some((label) => label.board_id === boardId && label.name === parsed.data.name))
        return conflict('Já existe uma etiqueta com este nome aqui', { field: 'name' });
      const label = {
        id: nextId(state.labels),
        board_id: boardId,
        parent_id: parsed.data.parent_id ?? null,
        name: parsed.data.name,
        color: parsed.data.color,
      };
      db.set({ ...state, labels: [...state.labels, label] });
      return HttpResponse.json(label, { status: 201 });
    }),

    http.patch(api('/tasks/labels/:labelId'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const state = db.get();
      const label = state.labels.find((item) => item.id === Number(params.labelId));
      if (!label) return notFound('Etiqueta não encontrada');
      const parsed = parseOr400(updateTaskLabelSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      if (parsed.data.parent_id === label.id)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          parent_id: 'Uma etiqueta não pode ser mãe de si mesma',
        });
      const name = parsed.data.name;
      if (
        name !== undefined &&
        state.labels.some(
          (item) => item.id !== label.id && item.board_id === label.board_id && item.name === name,
        )
      )
        return conflict('Já existe uma etiqueta com este nome aqui', { field: 'name' });
      const next = { ...label, ...(parsed.data as object) };
      db.set({ ...state, labels: state.labels.map((item) => (item.id === label.id ? next : item)) });
      return HttpResponse.json(next);
    }),

    http.delete(api('/tasks/labels/:labelId'), ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const state = db.get();
      const id = Number(params.labelId);
      if (!state.labels.some((item) => item.id === id)) return notFound('Etiqueta não encontrada');
      db.set({
        ...state,
        labels: state.labels
          .filter((item) => item.id !== id)
          .map((item) => (item.parent_id === id ? { ...item, parent_id: null } : item)),
        tasks: state.tasks.map((task) =>
          task.label_ids.includes(id) ? { ...task, label_ids: task.label_ids.filter((l) => l !== id) } : task,
        ),
      });
      return new HttpResponse(null, { status: 204 });
    }),

    // ------------------------------------------------------------ across boards
    http.get(api('/tasks/mine'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const state = db.get();
      const today = todayInBrazil();
      const mine = state.tasks
        .filter((task) => !task.archived && task.assignees.some((assignee) => assignee.id === user.id))
        .filter((task) => {
          const column = db.column(task.column_id);
          return column && !isClosedStateGroup(column.state_group) && !board(task.board_id)?.archived_at;
        })
        .sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || a.id - b.id);
      const bucket = (name: string) =>
        mine.filter((task) => dueBucketOf(task.due_date, today) === name).map((task) => db.toListItem(task));
      return HttpResponse.json({
        overdue: bucket('atrasadas'),
        today: bucket('hoje'),
        this_week: bucket('semana'),
        total_open: mine.length,
      });
    }),

    http.get(api('/tasks/options'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      return HttpResponse.json({
        members: TASK_MEMBERS,
        companies: Object.values(TASK_COMPANIES),
        boards: db
          .get()
          .boards.filter((item) => item.archived_at === null)
          .map((item) => ({ id: item.id, name: item.name, company_id: item.company?.id ?? null })),
      });
    }),

    http.get(api('/tasks/labels'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const boardId = Number(new URL(request.url).searchParams.get('board_id')) || null;
      const items = db.get().labels.filter((label) => label.board_id === null || label.board_id === boardId);
      return HttpResponse.json({ items, total: items.length });
    }),

    http.get(api('/tasks/for-ticket/:ticketId'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const items = db
        .get()
        .tasks.filter((task) => !task.archived && task.ticket?.id === Number(params.ticketId))
        .sort((a, b) => a.number - b.number)
        .map((task) => db.toListItem(task));
      return HttpResponse.json({
        items,
        total: items.length,
        all_concluded:
          items.length > 0 &&
          items.every((task) => isClosedStateGroup(task.state_group)) &&
          items.some((task) => task.state_group === 'concluido'),
      });
    }),

    http.post(api('/tasks/from-ticket'), async ({ request }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const parsed = parseOr400(createTasksFromTicketSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      if (!board(input.board_id)) return boardNotFound();
      // The mock knows the fixture chamados only by id: their subject comes from the title sent.
      const ticket = {
        id: input.ticket_id,
        number: 1000 + input.ticket_id,
        subject: input.title ?? `Chamado #${1000 + input.ticket_id}`,
        status: 'aberto' as const,
      };
      const template = TASK_TEMPLATES.find((item) => item.key === input.template_key);
      const entries = template
        ? template.tasks.map((entry) => ({
            title: entry.title,
            priority: entry.priority,
            checklist: entry.checklist,
          }))
        : [
            {
              title: input.title ?? ticket.subject,
              priority: input.priority ?? 'media',
              checklist: [] as readonly string[],
            },
          ];
      const created = [...entries].reverse().flatMap((entry) => {
        const task = addTask(
          user,
          {
            ...createTaskSchema.parse({
              board_id: input.board_id,
              column_id: input.column_id,
              title: entry.title,
              priority: entry.priority,
              assignee_ids: input.assignee_ids,
              due_date: input.due_date ?? null,
            }),
            checklist: entry.checklist.map((text) => ({ text })),
          },
          { ticket },
        );
        return task ? [db.toTask(task)] : [];
      });
      return HttpResponse.json({ items: created.reverse() }, { status: 201 });
    }),

    http.get(api('/tasks'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(taskListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (parsed.error) return parsed.error;
      const query = parsed.data;
      const today = todayInBrazil();
      const text = fold(query.q ?? '');
      const items = db
        .get()
        .tasks.filter((task) => !task.archived)
        .filter((task) => !query.board_id || task.board_id === query.board_id)
        .filter((task) => !query.column_id || task.column_id === query.column_id)
        .filter((task) => !query.ticket_id || task.ticket?.id === query.ticket_id)
        .filter((task) => !query.company_id || task.company?.id === query.company_id)
        .filter((task) => !query.number || task.number === query.number)
        .filter((task) => !query.priority || task.priority === query.priority)
        .filter((task) => !query.label_id || task.label_ids.includes(query.label_id))
        .filter((task) => {
          if (query.assignee_id === undefined) return true;
          if (query.assignee_id === 'none') return task.assignees.length === 0;
          const wanted = query.assignee_id === 'me' ? user.id : query.assignee_id;
          return task.assignees.some((assignee) => assignee.id === wanted);
        })
        .filter((task) => !query.due || dueBucketOf(task.due_date, today) === query.due)
        .filter(
          (task) => !query.open || !isClosedStateGroup(db.column(task.column_id)?.state_group ?? 'a_fazer'),
        )
        .filter((task) => !text || fold(task.title).includes(text))
        .map((task) => db.toListItem(task));
      return HttpResponse.json({
        items: items.slice((query.page - 1) * query.limit, query.page * query.limit),
        total: items.length,
      });
    }),

    // ------------------------------------------------------------ one task
    http.post(api('/tasks'), async ({ request }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      if (!manages(user)) return forbidden();
      const parsed = parseOr400(createTaskSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      if (!board(parsed.data.board_id)) return boardNotFound();
      const task = addTask(user, parsed.data);
      if (!task)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          column_id: 'Coluna não encontrada neste quadro',
        });
      return HttpResponse.json(db.toTask(task), { status: 201 });
    }),

    http.get(api('/tasks/:id'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      return HttpResponse.json(db.toDetail(task, user.id));
    }),

    http.patch(api('/tasks/:id'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!manages(user)) return forbidden();
      const parsed = parseOr400(updateTaskSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const { version, assignee_ids, company_id, ...fields } = parsed.data;
      if (version !== undefined && version !== task.version)
        return conflict('Esta tarefa foi alterada por outra pessoa. Mostramos a versão mais recente.', {
          reason: 'version',
          current: db.toTask(task),
        });
      const saved = db.saveTask({
        ...task,
        ...(fields as Partial<StoredTask>),
        ...(assignee_ids ? { assignees: people(assignee_ids) } : {}),
        ...(company_id !== undefined ? { company: companyOf(company_id) } : {}),
      });
      for (const field of Object.keys(parsed.data).filter((key) => key !== 'version'))
        log(saved, user, 'updated', field);
      return HttpResponse.json(db.toTask(saved));
    }),

    http.delete(api('/tasks/:id'), ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!manages(user)) return forbidden();
      db.saveTask({ ...task, archived: true });
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(api('/tasks/:id/move'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!mayWork(user, task)) return forbidden();
      const parsed = parseOr400(moveTaskSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      const column = db.column(input.column_id);
      if (!column || column.board_id !== task.board_id)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          column_id: 'Coluna não encontrada neste quadro',
        });
      if (options.conflictOnMove) {
        // Someone else moved it first: the task now sits at the top of the board's last column.
        const last = db.boardView(task.board_id).columns.at(-1)!;
        const current = db.moved(task.id, last.id).task;
        return conflict('Esta tarefa foi movida por outra pessoa. Mostramos a posição mais recente.', {
          reason: 'version',
          current,
        });
      }
      if (input.version !== task.version)
        return conflict('Esta tarefa foi movida por outra pessoa. Mostramos a posição mais recente.', {
          reason: 'version',
          current: db.toTask(task),
        });
      const view = db.boardView(task.board_id);
      const target = view.columns.find((item) => item.id === column.id)!;
      const entering = column.id !== task.column_id;
      if (
        entering &&
        target.wip_limit !== null &&
        target.wip_mode === 'bloqueio' &&
        target.task_count >= target.wip_limit
      )
        return conflict(
          `A coluna ${target.name} atingiu o limite de ${target.wip_limit} tarefas. Conclua ou mova uma tarefa antes de trazer outra.`,
          {
            reason: 'wip_limit',
            column: {
              id: target.id,
              name: target.name,
              wip_limit: target.wip_limit,
              task_count: target.task_count,
            },
          },
        );
      const blockers = db.toTask(task).blocked_by;
      if (entering && column.state_group === 'concluido' && blockers.length > 0 && !input.confirm)
        return conflict(
          `A tarefa #${task.number} está bloqueada por ${blockers.map((item) => `#${item.number}`).join(', ')}.`,
          {
            reason: 'blocked',
            blockers,
          },
        );
      const completing = entering && column.state_group === 'concluido';
      const saved = db.saveTask({
        ...task,
        column_id: column.id,
        position: input.position,
        completed_at: completing
          ? new Date().toISOString()
          : column.state_group === 'concluido'
            ? task.completed_at
            : null,
      });
      if (entering) log(saved, user, 'moved', 'column', db.column(task.column_id)?.name ?? null, column.name);
      let next: Task | null = null;
      if (completing && task.recurrence) {
        // The next occurrence, in the column the task was in, at its top (recurring tasks keep their column).
        const due = nextDueDate(task.recurrence, task.due_date, todayInBrazil());
        if (due) {
          const created = addTask(
            user,
            {
              ...createTaskSchema.parse({
                board_id: task.board_id,
                column_id: task.column_id,
                title: task.title,
                priority: task.priority,
              }),
              recurrence: task.recurrence,
            },
            {
              assignees: task.assignees,
              label_ids: task.label_ids,
              company: task.company,
              due_date: due,
              description: task.description,
            },
          );
          if (created) next = db.toTask(created);
        }
      }
      const warning =
        entering &&
        target.wip_limit !== null &&
        target.wip_mode === 'aviso' &&
        target.task_count >= target.wip_limit
          ? `A coluna ${target.name} passou do limite de ${target.wip_limit} tarefas.`
          : null;
      return HttpResponse.json({ task: db.toTask(saved), next, warning });
    }),

    http.post(api('/tasks/:id/checklist'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!mayWork(user, task)) return forbidden();
      const parsed = parseOr400(createChecklistItemSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const state = db.get();
      const last = state.checklist
        .filter((item) => item.task_id === task.id)
        .sort((a, b) => compareOrderKeys(a.position, b.position))
        .at(-1);
      const item = {
        id: nextId(state.checklist),
        task_id: task.id,
        text: parsed.data.text,
        done: false,
        assignee: parsed.data.assignee_id ? (people([parsed.data.assignee_id])[0] ?? null) : null,
        due_date: parsed.data.due_date ?? null,
        position: parsed.data.position ?? orderKeyBetween(last?.position ?? null, null),
        done_at: null,
        done_by: null,
      };
      db.set({ ...state, checklist: [...state.checklist, item] });
      db.saveTask(task);
      log(task, user, 'checklist', null, null, item.text);
      return HttpResponse.json(item, { status: 201 });
    }),

    http.patch(api('/tasks/:id/checklist/:itemId'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!mayWork(user, task)) return forbidden();
      const state = db.get();
      const item = state.checklist.find(
        (entry) => entry.id === Number(params.itemId) && entry.task_id === task.id,
      );
      if (!item) return notFound('Item não encontrado');
      const parsed = parseOr400(updateChecklistItemSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const { assignee_id, ...fields } = parsed.data;
      const done = fields.done ?? item.done;
      const next = {
        ...item,
        ...fields,
        ...(assignee_id !== undefined
          ? { assignee: assignee_id ? (people([assignee_id])[0] ?? null) : null }
          : {}),
        done_at: done ? (item.done_at ?? new Date().toISOString()) : null,
        done_by: done ? (item.done_by ?? person(user)) : null,
      };
      db.set({ ...state, checklist: state.checklist.map((entry) => (entry.id === item.id ? next : entry)) });
      db.saveTask(task);
      return HttpResponse.json(next);
    }),

    http.delete(api('/tasks/:id/checklist/:itemId'), ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!mayWork(user, task)) return forbidden();
      const state = db.get();
      db.set({ ...state, checklist: state.checklist.filter((entry) => entry.id !== Number(params.itemId)) });
      db.saveTask(task);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/tasks/:id/comments'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      const items = db
        .get()
        .comments.filter((comment) => comment.task_id === task.id)
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      return HttpResponse.json({ items, total: items.length });
    }),

    http.post(api('/tasks/:id/comments'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!mayWork(user, task)) return forbidden();
      const parsed = parseOr400(createTaskCommentSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const logins = extractMentions(parsed.data.body);
      const mentioned = TASK_MEMBERS.filter(
        (member) =>
          logins.includes(member.login.toLowerCase()) || parsed.data.mention_ids.includes(member.id),
      ).map(({ id, name }) => ({ id, name }));
      const state = db.get();
      const comment = {
        id: nextId(state.comments),
        task_id: task.id,
        author: person(user),
        body: parsed.data.body,
        mentions: mentioned,
        created_at: new Date().toISOString(),
        edited_at: null,
      };
      db.set({ ...state, comments: [...state.comments, comment] });
      db.saveTask(task);
      log(task, user, 'commented');
      return HttpResponse.json(comment, { status: 201 });
    }),

    http.post(api('/tasks/:id/links'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!manages(user)) return forbidden();
      const parsed = parseOr400(createTaskLinkSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const other = db.findTask(parsed.data.task_id);
      if (!other)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          task_id: 'Tarefa não encontrada',
        });
      if (other.id === task.id)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          task_id: 'Uma tarefa não pode se ligar a si mesma',
        });
      const stored = storedLink(parsed.data.kind, task.id, other.id);
      const state = db.get();
      const link = {
        id: nextId(state.links),
        kind: stored.kind,
        source_id: stored.sourceId,
        target_id: stored.targetId,
      };
      db.set({ ...state, links: [...state.links, link] });
      db.saveTask(task);
      log(task, user, 'linked', null, null, `#${other.number}`);
      return HttpResponse.json(
        db.toDetail(db.findTask(task.id)!, user.id).links.find((item) => item.id === link.id),
        {
          status: 201,
        },
      );
    }),

    http.delete(api('/tasks/:id/links/:linkId'), ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!manages(user)) return forbidden();
      const state = db.get();
      db.set({ ...state, links: state.links.filter((link) => link.id !== Number(params.linkId)) });
      db.saveTask(task);
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(api('/tasks/:id/attachments'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      if (!manages(user) && !task.assignees.some((person) => person.id === user.id)) return forbidden();
      const form = await request.formData();
      const files = form
        .getAll(TASK_ATTACHMENT_FIELD)
        .filter((value): value is File => typeof value !== 'string');
      if (files.length === 0 || files.length > TASK_ATTACHMENT_MAX_FILES)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          files: `Envie de 1 a ${TASK_ATTACHMENT_MAX_FILES} arquivos`,
        });
      if (files.some((file) => file.size > TASK_ATTACHMENT_MAX_BYTES))
        return errorResponse(413, 'payload_too_large', 'Arquivo maior que 10MB');
      if (files.some((file) => !(TASK_ATTACHMENT_TYPES as readonly string[]).includes(file.type)))
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          files: 'Envie imagens (PNG, JPG, GIF, WEBP) ou PDF',
        });
      let next = Math.max(0, ...fileBytes.keys()) + 1;
      const items: TaskAttachment[] = [];
      for (const file of files) {
        const id = next++;
        fileBytes.set(id, { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type });
        items.push({
          id,
          name: file.name,
          mime_type: file.type as TaskAttachment['mime_type'],
          size: file.size,
          url: `/api/tasks/${task.id}/attachments/${id}`,
          uploaded_by: person(user),
          created_at: new Date().toISOString(),
        });
      }
      db.saveTask({ ...task, attachments: [...(task.attachments ?? []), ...items] });
      log(task, user, 'attached');
      return HttpResponse.json({ items }, { status: 201 });
    }),

    http.get(api('/tasks/:id/attachments/:attachmentId'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      const id = Number(params.attachmentId);
      const stored = fileBytes.get(id);
      if (!task || !stored || !(task.attachments ?? []).some((item) => item.id === id))
        return notFound('Arquivo não encontrado');
      return new HttpResponse(stored.bytes, { headers: { 'content-type': stored.type } });
    }),

    http.delete(api('/tasks/:id/attachments/:attachmentId'), ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      const id = Number(params.attachmentId);
      const found = (task.attachments ?? []).find((item) => item.id === id);
      if (!found) return notFound('Arquivo não encontrado');
      if (!manages(user) && found.uploaded_by?.id !== user.id) return forbidden();
      fileBytes.delete(id);
      db.saveTask({ ...task, attachments: (task.attachments ?? []).filter((item) => item.id !== id) });
      return new HttpResponse(null, { status: 204 });
    }),

    http.put(api('/tasks/:id/watching'), async ({ request, params }) => {
      const user = staff(request);
      if (user instanceof Response) return user;
      const task = db.findTask(Number(params.id));
      if (!task) return taskNotFound();
      const parsed = parseOr400(taskWatchingSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const others = task.watcher_ids.filter((id) => id !== user.id);
      const state = db.get();
      const next = { ...task, watcher_ids: parsed.data.watching ? [...others, user.id] : others };
      db.set({ ...state, tasks: state.tasks.map((item) => (item.id === task.id ? next : item)) });
      return HttpResponse.json({ watching: parsed.data.watching });
    }),
  ];
}

/** Named handler sets for stories and tests (a state overrides the `tasks` key). */
export const taskHandlers = {
  default: () => createTaskHandlers(),
  empty: () => createTaskHandlers({ empty: true }),
  failing: () => createTaskHandlers({ failing: true }),
  forbidden: () => createTaskHandlers({ forbidden: true }),
  loading: () => createTaskHandlers({ loading: true }),
  conflictOnMove: () => createTaskHandlers({ conflictOnMove: true }),
};
