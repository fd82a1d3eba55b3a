import { z } from 'zod';
import { wireId, wireInt } from './wire-int';
import { isCalendarDate } from './brazil-holidays';
import {
  TASK_BOARD_KINDS,
  TASK_BOARD_PAGE_SIZE,
  TASK_CHECKLIST_MAX_ITEMS,
  TASK_COLORS,
  TASK_COMMENT_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_DUE_FILTERS,
  TASK_LINK_RELATIONS,
  TASK_MAX_ASSIGNEES,
  TASK_MAX_LABELS,
  TASK_MAX_WATCHERS,
  TASK_PAGE_SIZE,
  TASK_PAGE_SIZE_MAX,
  TASK_PRIORITIES,
  TASK_SORTS,
  TASK_STATE_GROUPS,
  TASK_TEMPLATE_KEYS,
  TASK_TITLE_MAX,
  TASK_WIP_MODES,
} from './task-constants';
import { isValidOrderKey } from './task-order';
import { TASK_RECURRENCE_FREQUENCIES, TASK_RECURRENCE_INTERVAL_MAX } from './task-recurrence';
import { TICKET_ATTACHMENT_TYPES, TICKET_STATUSES } from './ticket-constants';

export * from './brazil-holidays';
export * from './task-constants';
export * from './task-order';
export * from './task-recurrence';

const personSchema = z.object({ id: z.number().int(), name: z.string() });
export type TaskPerson = z.infer<typeof personSchema>;

export const taskStateGroupSchema = z.enum(TASK_STATE_GROUPS, {
  error: `state_group deve ser um de: ${TASK_STATE_GROUPS.join(', ')}`,
});
export const taskPrioritySchema = z.enum(TASK_PRIORITIES, {
  error: `priority deve ser um de: ${TASK_PRIORITIES.join(', ')}`,
});
export const taskWipModeSchema = z.enum(TASK_WIP_MODES, { error: "wip_mode deve ser 'aviso' ou 'bloqueio'" });
export const taskBoardKindSchema = z.enum(TASK_BOARD_KINDS, {
  error: "kind deve ser 'interna' ou 'cliente'",
});
export const taskColorSchema = z.enum(TASK_COLORS, {
  error: `color deve ser um de: ${TASK_COLORS.join(', ')}`,
});
export const taskLinkRelationSchema = z.enum(TASK_LINK_RELATIONS, {
  error: `kind deve ser um de: ${TASK_LINK_RELATIONS.join(', ')}`,
});

/** A calendar day 'YYYY-MM-DD' (a day in Brazil, not an instant). */
export const calendarDateSchema = (field: string) =>
  z
    .string({ error: `${field} deve ser uma data AAAA-MM-DD` })
    .refine(isCalendarDate, `${field} deve ser uma data válida no formato AAAA-MM-DD`);

/** An order key (task-order.ts). */
export const orderKeySchema = z
  .string({ error: 'position deve ser uma chave de ordem' })
  .refine(isValidOrderKey, 'position não é uma chave de ordem válida');

export const taskRecurrenceSchema = z
  .strictObject({
    frequency: z.enum(TASK_RECURRENCE_FREQUENCIES, {
      error: `frequency deve ser um de: ${TASK_RECURRENCE_FREQUENCIES.join(', ')}`,
    }),
    interval: z
      .number({ error: 'interval deve ser um número' })
      .int('interval deve ser um número inteiro')
      .min(1, 'interval deve ser pelo menos 1')
      .max(TASK_RECURRENCE_INTERVAL_MAX, `interval deve ser no máximo ${TASK_RECURRENCE_INTERVAL_MAX}`)
      .default(1),
    weekdays: z
      .array(
        z
          .number({ error: 'Dia da semana inválido' })
          .int('Dia da semana inválido')
          .min(0, 'Dia da semana inválido: use 0 (domingo) a 6 (sábado)')
          .max(6, 'Dia da semana inválido: use 0 (domingo) a 6 (sábado)'),
        { error: 'weekdays deve ser uma lista' },
      )
      .max(7, 'weekdays: no máximo 7 dias')
      .transform((days) => [...new Set(days)].sort())
      .nullable()
      .optional(),
    day_of_month: z
      .number({ error: 'day_of_month deve ser um número' })
      .int('day_of_month deve ser um número inteiro')
      .min(1, 'day_of_month deve ser de 1 a 31')
      .max(31, 'day_of_month deve ser de 1 a 31')
      .nullable()
      .optional(),
    ends_on: calendarDateSchema('ends_on').nullable().optional(),
  })
  .superRefine((rule, context) => {
    if (rule.weekdays && rule.weekdays.length > 0 && rule.frequency !== 'semanal')
      context.addIssue({
        code: 'custom',
        path: ['weekdays'],
        message: 'weekdays só vale para a recorrência semanal',
      });
    if (rule.day_of_month != null && rule.frequency !== 'mensal')
      context.addIssue({
        code: 'custom',
        path: ['day_of_month'],
        message: 'day_of_month só vale para a recorrência mensal',
      });
  });
export type TaskRecurrenceInput = z.input<typeof taskRecurrenceSchema>;

/** A recurrence rule as answers carry it (already normalised: no defaults, no transforms to re-run). */
export const taskRecurrenceWireSchema = z.object({
  frequency: z.enum(TASK_RECURRENCE_FREQUENCIES),
  interval: z.number().int().min(1),
  weekdays: z.array(z.number().int().min(0).max(6)).nullable().optional(),
  day_of_month: z.number().int().min(1).max(31).nullable().optional(),
  ends_on: z.string().nullable().optional(),
});

// ---------------------------------------------------------------- answers

/** A column of a board. `position` orders columns (task-order.ts). */
export const taskColumnSchema = z.object({
  id: z.number().int(),
  board_id: z.number().int(),
  name: z.string(),
  color: taskColorSchema,
  state_group: taskStateGroupSchema,
  position: z.string(),
  /** Counted over the whole column, across swimlanes; null: no limit. */
  wip_limit: z.number().int().min(1).nullable(),
  wip_mode: taskWipModeSchema,
  /** Tasks in the column now (not archived). */
  task_count: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskColumn = z.infer<typeof taskColumnSchema>;

/** A label: global (`board_id` null) or a board's own; nested under `parent_id`. */
export const taskLabelSchema = z.object({
  id: z.number().int(),
  board_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  color: taskColorSchema,
});
export type TaskLabel = z.infer<typeof taskLabelSchema>;

export const taskLabelListSchema = z.object({
  items: z.array(taskLabelSchema),
  total: z.number().int().min(0),
});
export type TaskLabelList = z.infer<typeof taskLabelListSchema>;

/** A board as the /tasks page lists it, with its counts. */
export const taskBoardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  company: personSchema.nullable(),
  kind: taskBoardKindSchema,
  archived_at: z.string().nullable(),
  /** Tasks not archived; open: in a column that is not concluído nor cancelado. */
  task_count: z.number().int().min(0),
  open_count: z.number().int().min(0),
  /** Open with a due day before today. */
  overdue_count: z.number().int().min(0),
  created_by: personSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskBoard = z.infer<typeof taskBoardSchema>;

export const taskBoardListSchema = z.object({
  items: z.array(taskBoardSchema),
  total: z.number().int().min(0),
});
export type TaskBoardList = z.infer<typeof taskBoardListSchema>;

/** The chamado a task is linked to. */
export const taskTicketRefSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
});
export type TaskTicketRef = z.infer<typeof taskTicketRefSchema>;

/** Another task as a link or a badge shows it ("bloqueada por #123"). */
export const taskRefSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  board_id: z.number().int(),
  state_group: taskStateGroupSchema,
});
export type TaskRef = z.infer<typeof taskRefSchema>;

/**
 * A task as a card, a list row and every live event carry it. `version` rises by one on every change; a move
 * or an edit sent with an older one answers 409 with the current task.
 */
export const taskSchema = z.object({
  id: z.number().int(),
  /** Human number (#1, #2, …), unique across boards. */
  number: z.number().int(),
  board_id: z.number().int(),
  column_id: z.number().int(),
  /** Order inside the column (task-order.ts). */
  position: z.string(),
  title: z.string(),
  priority: taskPrioritySchema,
  /** Days 'YYYY-MM-DD'. */
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  /** Minutes. */
  estimate_minutes: z.number().int().min(0).nullable(),
  assignees: z.array(personSchema),
  label_ids: z.array(z.number().int()),
  company: personSchema.nullable(),
  ticket: taskTicketRefSchema.nullable(),
  checklist_done: z.number().int().min(0),
  checklist_total: z.number().int().min(0),
  comment_count: z.number().int().min(0),
  attachment_count: z.number().int().min(0),
  /** Open tasks that block this one (the "bloqueada por #123" badge); empty when nothing blocks it. */
  blocked_by: z.array(taskRefSchema),
  recurrence: taskRecurrenceWireSchema.nullable(),
  /** When it entered a concluído column (null while open or cancelled). */
  completed_at: z.string().nullable(),
  version: z.number().int().min(1),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** A task in a list across boards ("Minhas tarefas", a chamado's tasks, GET /api/tasks). */
export const taskListItemSchema = taskSchema.extend({
  board_name: z.string(),
  column_name: z.string(),
  state_group: taskStateGroupSchema,
});
export type TaskListItem = z.infer<typeof taskListItemSchema>;

export const taskListSchema = z.object({
  items: z.array(taskListItemSchema),
  total: z.number().int().min(0),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const taskChecklistItemSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  text: z.string(),
  done: z.boolean(),
  assignee: personSchema.nullable(),
  due_date: z.string().nullable(),
  position: z.string(),
  done_at: z.string().nullable(),
  done_by: personSchema.nullable(),
});
export type TaskChecklistItem = z.infer<typeof taskChecklistItemSchema>;

export const taskCommentSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  author: personSchema,
  /** Markdown. */
  body: z.string(),
  /** The people the comment mentions (`@login` in the body, or `mention_ids`). */
  mentions: z.array(personSchema),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const taskCommentListSchema = z.object({
  items: z.array(taskCommentSchema),
  total: z.number().int().min(0),
});
export type TaskCommentList = z.infer<typeof taskCommentListSchema>;

export const taskAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.enum(TICKET_ATTACHMENT_TYPES),
  size: z.number().int().min(0),
  /** GET it with the session: `/api/tasks/{taskId}/attachments/{id}`. */
  url: z.string(),
  uploaded_by: personSchema.nullable(),
  created_at: z.string(),
});
export type TaskAttachment = z.infer<typeof taskAttachmentSchema>;

/** A link as this task sees it (`relation`), with the other task. */
export const taskLinkSchema = z.object({
  id: z.number().int(),
  relation: taskLinkRelationSchema,
  task: taskRefSchema,
});
export type TaskLink = z.infer<typeof taskLinkSchema>;

/** One line of a task's activity: what changed, by whom. */
export const taskActivitySchema = z.object({
  id: z.number().int(),
  who: personSchema.nullable(),
  /** created, updated, moved, commented, checklist, linked, unlinked, attached, recurred, … */
  action: z.string(),
  /** The field for `updated` (title, priority, due_date, column, …). */
  field: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  at: z.string(),
});
export type TaskActivity = z.infer<typeof taskActivitySchema>;

/** GET /api/tasks/:id: the side panel. */
export const taskDetailSchema = taskListItemSchema.extend({
  /** Markdown; `#123` and `chamado #1001` are references (extractReferences). */
  description: z.string(),
  watchers: z.array(personSchema),
  /** Whether the signed-in person watches it. */
  watching: z.boolean(),
  checklist: z.array(taskChecklistItemSchema),
  links: z.array(taskLinkSchema),
  attachments: z.array(taskAttachmentSchema),
  /** Newest first, at most 100. */
  activity: z.array(taskActivitySchema),
  created_by: personSchema.nullable(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/**
 * GET /api/tasks/boards/:id: the whole board in one answer — the board, its columns in order, the labels it
 * may use (global and its own), every task not archived (ordered by column, then position), and the staff
 * tasks may be assigned to.
 */
export const taskBoardViewSchema = z.object({
  board: taskBoardSchema,
  columns: z.array(taskColumnSchema),
  labels: z.array(taskLabelSchema),
  tasks: z.array(taskSchema),
  members: z.array(personSchema),
});
export type TaskBoardView = z.infer<typeof taskBoardViewSchema>;

/** GET /api/tasks/mine: "Minhas tarefas" — open tasks assigned to me, across boards, by due day. */
export const myTasksSchema = z.object({
  overdue: z.array(taskListItemSchema),
  today: z.array(taskListItemSchema),
  /** Due after today and up to the end of this week (Sunday). */
  this_week: z.array(taskListItemSchema),
  /** Open and assigned to me, in any bucket or none. */
  total_open: z.number().int().min(0),
});
export type MyTasks = z.infer<typeof myTasksSchema>;

/** GET /api/tasks/for-ticket/:ticketId: a chamado's tasks, and whether every one is concluded. */
export const ticketTasksSchema = z.object({
  items: z.array(taskListItemSchema),
  total: z.number().int().min(0),
  /** True when there is at least one task and all are in concluído or cancelado columns, one concluído at least. */
  all_concluded: z.boolean(),
});
export type TicketTasks = z.infer<typeof ticketTasksSchema>;

/** A template as GET /api/tasks/templates lists it. */
export const taskTemplateSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  tasks: z.array(
    z.object({
      title: z.string(),
      priority: taskPrioritySchema,
      due_in_days: z.number().int().nullable(),
      checklist: z.array(z.string()),
    }),
  ),
});
export type TaskTemplateWire = z.infer<typeof taskTemplateSchema>;
export const taskTemplateListSchema = z.object({ items: z.array(taskTemplateSchema) });
export type TaskTemplateList = z.infer<typeof taskTemplateListSchema>;

/** GET /api/tasks/options: what the forms offer. */
export const taskFormOptionsSchema = z.object({
  /** Staff who may be assigned, mentioned or watch (they hold tasks.view). */
  members: z.array(personSchema.extend({ login: z.string() })),
  companies: z.array(personSchema),
  /** Boards not archived, for "Criar tarefa" from a chamado. */
  boards: z.array(personSchema.extend({ company_id: z.number().int().nullable() })),
});
export type TaskFormOptions = z.infer<typeof taskFormOptionsSchema>;

/** POST /api/tasks/:id/move → the moved task, the next occurrence a recurring one created, and a WIP warning. */
export const taskMoveResultSchema = z.object({
  task: taskSchema,
  /** The next occurrence created when a recurring task entered a concluído column (same column). */
  next: taskSchema.nullable(),
  /** A pt-BR warning (an aviso WIP limit passed); null when none. */
  warning: z.string().nullable(),
});
export type TaskMoveResult = z.infer<typeof taskMoveResultSchema>;

/** POST /api/tasks/boards/:id/apply-template and POST /api/tasks/from-ticket: the tasks created. */
export const taskCreatedListSchema = z.object({ items: z.array(taskSchema) });
export type TaskCreatedList = z.infer<typeof taskCreatedListSchema>;

/**
 * The 409 bodies of the tasks module, beyond `{error, message}`:
 * - `reason: 'version'`: the task changed meanwhile; `current` is the task now (the client shows it).
 * - `reason: 'blocked'`: moving to a concluído column while open tasks block it; send `confirm: true` to go on.
 * - `reason: 'wip_limit'`: the column's bloqueio limit is reached.
 * - `reason: 'not_empty'`: a column with tasks is deleted without `move_to`.
 */
export const taskConflictBodySchema = z.object({
  error: z.literal('conflict'),
  message: z.string(),
  reason: z.enum(['version', 'blocked', 'wip_limit', 'not_empty']),
  current: taskSchema.optional(),
  blockers: z.array(taskRefSchema).optional(),
  column: z
    .object({
      id: z.number().int(),
      name: z.string(),
      wip_limit: z.number().int(),
      task_count: z.number().int(),
    })
    .optional(),
});
export type TaskConflictBody = z.infer<typeof taskConflictBodySchema>;

// ---------------------------------------------------------------- requests

const requiredText = (field: string, max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `${field}: no máximo ${max} caracteres`);

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} deve ser um texto` })
    .trim()
    .max(max, `${field}: no máximo ${max} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const bodyId = (field: string) =>
  z
    .number({ error: `${field} deve ser um número` })
    .int(`${field} deve ser um número inteiro`)
    .positive(`${field} deve ser positivo`)
    .max(2_147_483_647, `${field} fora do intervalo`);

const idList = (field: string, max: number) =>
  z
    .array(bodyId(field), { error: `${field} deve ser uma lista` })
    .max(max, `${field}: no máximo ${max}`)
    .transform((ids) => [...new Set(ids)]);

const wipLimit = z
  .number({ error: 'wip_limit deve ser um número' })
  .int('wip_limit deve ser um número inteiro')
  .min(1, 'wip_limit deve ser pelo menos 1')
  .max(999, 'wip_limit deve ser no máximo 999')
  .nullable();

const columnFields = {
  name: requiredText('Nome', 60, 'Informe o nome da coluna'),
  color: taskColorSchema,
  state_group: taskStateGroupSchema,
  wip_limit: wipLimit,
  wip_mode: taskWipModeSchema,
  position: orderKeySchema,
};

/** POST /api/tasks/boards/:id/columns. Without `position` the column goes last. */
export const createTaskColumnSchema = z.strictObject({
  ...columnFields,
  color: columnFields.color.default('gray'),
  state_group: columnFields.state_group.default('a_fazer'),
  wip_limit: columnFields.wip_limit.optional(),
  wip_mode: columnFields.wip_mode.default('aviso'),
  position: columnFields.position.optional(),
});
export type CreateTaskColumn = z.input<typeof createTaskColumnSchema>;

/** PATCH /api/tasks/boards/:id/columns/:columnId: a reorder sends only `position` (one row written). */
export const updateTaskColumnSchema = z
  .strictObject(columnFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nada para alterar' });
export type UpdateTaskColumn = z.input<typeof updateTaskColumnSchema>;

/** DELETE /api/tasks/boards/:id/columns/:columnId?move_to=: a column with tasks needs where they go. */
export const deleteTaskColumnQuerySchema = z.object({ move_to: wireId('move_to').optional() });

const boardFields = {
  name: requiredText('Nome', 120, 'Informe o nome do quadro'),
  description: optionalText('Descrição', 2000),
  company_id: bodyId('company_id').nullable(),
  kind: taskBoardKindSchema,
};

/** POST /api/tasks/boards: a board with the default columns, or a template's task set on top. */
export const createTaskBoardSchema = z.strictObject({
  ...boardFields,
  company_id: boardFields.company_id.optional(),
  kind: boardFields.kind.default('interna'),
  template_key: z
    .enum(TASK_TEMPLATE_KEYS as [string, ...string[]], {
      error: `template_key deve ser um de: ${TASK_TEMPLATE_KEYS.join(', ')}`,
    })
    .optional(),
});
export type CreateTaskBoard = z.input<typeof createTaskBoardSchema>;

/** PATCH /api/tasks/boards/:id. Archive with POST …/archive, bring back with …/unarchive. */
export const updateTaskBoardSchema = z
  .strictObject(boardFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nada para alterar' });
export type UpdateTaskBoard = z.input<typeof updateTaskBoardSchema>;

const queryFlag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} deve ser 'true' ou 'false'` })
    .transform((value) => value === 'true')
    .optional();

/** GET /api/tasks/boards. */
export const taskBoardListQuerySchema = z.object({
  q: z.string({ error: 'q deve ser um texto' }).trim().max(100, 'q: no máximo 100 caracteres').optional(),
  company_id: wireId('company_id').optional(),
  /** Archived boards are left out unless asked for (`archived=true` lists only them). */
  archived: queryFlag('archived'),
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  ).default(TASK_BOARD_PAGE_SIZE),
});
export type TaskBoardListQuery = z.input<typeof taskBoardListQuerySchema>;

const labelFields = {
  name: requiredText('Nome', 60, 'Informe o nome da etiqueta'),
  color: taskColorSchema,
  board_id: bodyId('board_id').nullable(),
  parent_id: bodyId('parent_id').nullable(),
};

/** POST /api/tasks/labels: `board_id` null or absent makes a global label. Names are unique per scope. */
export const createTaskLabelSchema = z.strictObject({
  ...labelFields,
  color: labelFields.color.default('gray'),
  board_id: labelFields.board_id.optional(),
  parent_id: labelFields.parent_id.optional(),
});
export type CreateTaskLabel = z.input<typeof createTaskLabelSchema>;

/** PATCH /api/tasks/labels/:id (the scope, `board_id`, does not change). */
export const updateTaskLabelSchema = z
  .strictObject({ name: labelFields.name, color: labelFields.color, parent_id: labelFields.parent_id })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nada para alterar' });
export type UpdateTaskLabel = z.input<typeof updateTaskLabelSchema>;

/** GET /api/tasks/labels?board_id=: global labels, plus that board's when given. */
export const taskLabelListQuerySchema = z.object({ board_id: wireId('board_id').optional() });

const checklistEntry = z.strictObject({
  text: requiredText('Item', 300, 'Informe o texto do item'),
  assignee_id: bodyId('assignee_id').nullable().optional(),
  due_date: calendarDateSchema('due_date').nullable().optional(),
});

const estimate = z
  .number({ error: 'estimate_minutes deve ser um número' })
  .int('estimate_minutes deve ser um número inteiro')
  .min(0, 'estimate_minutes não pode ser negativo')
  .max(100_000, 'estimate_minutes deve ser no máximo 100000')
  .nullable();

const taskFields = {
  title: requiredText('Título', TASK_TITLE_MAX, 'Informe o título da tarefa'),
  description: z
    .string({ error: 'description deve ser um texto' })
    .max(TASK_DESCRIPTION_MAX, `Descrição: no máximo ${TASK_DESCRIPTION_MAX} caracteres`),
  priority: taskPrioritySchema,
  start_date: calendarDateSchema('start_date').nullable(),
  due_date: calendarDateSchema('due_date').nullable(),
  estimate_minutes: estimate,
  assignee_ids: idList('assignee_ids', TASK_MAX_ASSIGNEES),
  label_ids: idList('label_ids', TASK_MAX_LABELS),
  watcher_ids: idList('watcher_ids', TASK_MAX_WATCHERS),
  company_id: bodyId('company_id').nullable(),
  ticket_id: bodyId('ticket_id').nullable(),
  recurrence: taskRecurrenceSchema.nullable(),
};

const datesInOrder = (value: { start_date?: string | null; due_date?: string | null }) =>
  !value.start_date || !value.due_date || value.start_date <= value.due_date;
const datesIssue = { message: 'O início não pode ser depois do prazo', path: ['due_date'] };

/**
 * POST /api/tasks. Without `column_id` the task goes to the board's first column; without `position`, to the
 * top of its column (quick add). A recurring task without a due day counts from the day it is completed.
 */
export const createTaskSchema = z
  .strictObject({
    board_id: bodyId('board_id'),
    column_id: bodyId('column_id').optional(),
    position: orderKeySchema.optional(),
    ...taskFields,
    description: taskFields.description.default(''),
    priority: taskFields.priority.default('nenhuma'),
    start_date: taskFields.start_date.optional(),
    due_date: taskFields.due_date.optional(),
    estimate_minutes: taskFields.estimate_minutes.optional(),
    assignee_ids: taskFields.assignee_ids.default([]),
    label_ids: taskFields.label_ids.default([]),
    watcher_ids: taskFields.watcher_ids.default([]),
    company_id: taskFields.company_id.optional(),
    ticket_id: taskFields.ticket_id.optional(),
    recurrence: taskFields.recurrence.optional(),
    checklist: z
      .array(checklistEntry, { error: 'checklist deve ser uma lista' })
      .max(TASK_CHECKLIST_MAX_ITEMS, `checklist: no máximo ${TASK_CHECKLIST_MAX_ITEMS} itens`)
      .default([]),
  })
  .refine(datesInOrder, datesIssue);
export type CreateTask = z.input<typeof createTaskSchema>;

/**
 * PATCH /api/tasks/:id: the fields that change. With `version`, a task changed meanwhile answers 409
 * (reason 'version', with `current`). Column changes go through the move.
 */
export const updateTaskSchema = z
  .strictObject({
    ...taskFields,
    version: z.number({ error: 'version deve ser um número' }).int().min(1).optional(),
  })
  .partial()
  .refine((value) => Object.keys(value).some((key) => key !== 'version'), { message: 'Nada para alterar' })
  .refine(datesInOrder, datesIssue);
export type UpdateTask = z.input<typeof updateTaskSchema>;

/**
 * POST /api/tasks/:id/move: to `column_id` at `position` (a key between the new neighbours, from
 * `orderKeyBetween`), if the task is still at `version`. `confirm: true` moves a blocked task into a concluído
 * column anyway.
 */
export const moveTaskSchema = z.strictObject({
  column_id: bodyId('column_id'),
  position: orderKeySchema,
  version: z
    .number({ error: 'Informe a versão da tarefa (version)' })
    .int('version deve ser um número inteiro')
    .min(1, 'version deve ser pelo menos 1'),
  confirm: z.boolean({ error: 'confirm deve ser verdadeiro ou falso' }).default(false),
});
export type MoveTask = z.input<typeof moveTaskSchema>;

/** POST /api/tasks/:id/checklist. Without `position`, last. */
export const createChecklistItemSchema = checklistEntry.extend({ position: orderKeySchema.optional() });
export type CreateChecklistItem = z.input<typeof createChecklistItemSchema>;

/** PATCH /api/tasks/:id/checklist/:itemId. */
export const updateChecklistItemSchema = z
  .strictObject({
    text: checklistEntry.shape.text,
    done: z.boolean({ error: 'done deve ser verdadeiro ou falso' }),
    assignee_id: bodyId('assignee_id').nullable(),
    due_date: calendarDateSchema('due_date').nullable(),
    position: orderKeySchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nada para alterar' });
export type UpdateChecklistItem = z.input<typeof updateChecklistItemSchema>;

/**
 * POST /api/tasks/:id/comments: Markdown; `@login` mentions whom it names, `mention_ids` adds people picked
 * from a list. Mentioned staff are notified.
 */
export const createTaskCommentSchema = z.strictObject({
  body: requiredText('Comentário', TASK_COMMENT_MAX, 'Escreva o comentário'),
  mention_ids: idList('mention_ids', 20).default([]),
});
export type CreateTaskComment = z.input<typeof createTaskCommentSchema>;

/** PATCH /api/tasks/:id/comments/:commentId (its author only). */
export const updateTaskCommentSchema = z.strictObject({
  body: requiredText('Comentário', TASK_COMMENT_MAX, 'Escreva o comentário'),
});
export type UpdateTaskComment = z.input<typeof updateTaskCommentSchema>;

/** GET /api/tasks/:id/comments (oldest first). */
export const taskCommentListQuerySchema = z.object({
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(200, 'limit deve ser no máximo 200'),
  ).default(100),
});

/** POST /api/tasks/:id/links: this task `kind` the other (`bloqueada_por`: the other blocks this one). */
export const createTaskLinkSchema = z.strictObject({
  kind: taskLinkRelationSchema,
  task_id: bodyId('task_id'),
});
export type CreateTaskLink = z.input<typeof createTaskLinkSchema>;

/** PUT /api/tasks/:id/watching: the signed-in person follows the task or stops. */
export const taskWatchingSchema = z.strictObject({
  watching: z.boolean({ error: 'watching deve ser verdadeiro ou falso' }),
});

/** POST /api/tasks/boards/:id/apply-template: the template's tasks at the top of a column (default: the first). */
export const applyTaskTemplateSchema = z.strictObject({
  template_key: z.enum(TASK_TEMPLATE_KEYS as [string, ...string[]], {
    error: `template_key deve ser um de: ${TASK_TEMPLATE_KEYS.join(', ')}`,
  }),
  column_id: bodyId('column_id').optional(),
  company_id: bodyId('company_id').nullable().optional(),
  ticket_id: bodyId('ticket_id').nullable().optional(),
  assignee_ids: idList('assignee_ids', TASK_MAX_ASSIGNEES).default([]),
});
export type ApplyTaskTemplate = z.input<typeof applyTaskTemplateSchema>;

/**
 * POST /api/tasks/from-ticket: "Criar tarefa" from a chamado. Without a template, one task pre-filled from the
 * chamado (its subject as title unless `title` is given, its company, a link to it); with one, the template's
 * set, each linked. Either way the tasks show on the chamado.
 */
export const createTasksFromTicketSchema = z.strictObject({
  ticket_id: bodyId('ticket_id'),
  board_id: bodyId('board_id'),
  column_id: bodyId('column_id').optional(),
  template_key: applyTaskTemplateSchema.shape.template_key.optional(),
  title: requiredText('Título', TASK_TITLE_MAX, 'Informe o título da tarefa').optional(),
  priority: taskPrioritySchema.optional(),
  due_date: calendarDateSchema('due_date').nullable().optional(),
  assignee_ids: idList('assignee_ids', TASK_MAX_ASSIGNEES).default([]),
});
export type CreateTasksFromTicket = z.input<typeof createTasksFromTicketSchema>;

/**
 * GET /api/tasks: tasks across the boards the caller may see. `assignee_id` is a user id, 'me' or 'none';
 * `due` one of TASK_DUE_FILTERS; `open=true` leaves out concluído and cancelado columns.
 */
export const taskListQuerySchema = z.object({
  board_id: wireId('board_id').optional(),
  column_id: wireId('column_id').optional(),
  ticket_id: wireId('ticket_id').optional(),
  company_id: wireId('company_id').optional(),
  assignee_id: z
    .union([z.literal('me'), z.literal('none'), wireId('assignee_id')], {
      error: "assignee_id deve ser um número, 'me' ou 'none'",
    })
    .optional(),
  label_id: wireId('label_id').optional(),
  priority: taskPrioritySchema.optional(),
  state_group: taskStateGroupSchema.optional(),
  due: z.enum(TASK_DUE_FILTERS, { error: `due deve ser um de: ${TASK_DUE_FILTERS.join(', ')}` }).optional(),
  open: queryFlag('open'),
  /** A task by its number (`#123`). */
  number: wireId('number').optional(),
  q: z.string({ error: 'q deve ser um texto' }).trim().max(200, 'q: no máximo 200 caracteres').optional(),
  sort: z.enum(TASK_SORTS, { error: `sort deve ser um de: ${TASK_SORTS.join(', ')}` }).default('updated_at'),
  order: z.enum(['asc', 'desc'], { error: "order deve ser 'asc' ou 'desc'" }).default('desc'),
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n
      .min(1, 'limit deve ser ao menos 1')
      .max(TASK_PAGE_SIZE_MAX, `limit deve ser no máximo ${TASK_PAGE_SIZE_MAX}`),
  ).default(TASK_PAGE_SIZE),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

// ---------------------------------------------------------------- realtime (board rooms `board:{id}`)

/** board:join / board:leave (client → server). Joining needs tasks.view and the board in the caller's scope. */
export const boardRoomSchema = z.strictObject({ boardId: z.number().int().positive().max(2_147_483_647) });
export type BoardRoom = z.infer<typeof boardRoomSchema>;

/** board:presence (server → room): who is viewing the board now, each once. */
export const boardPresenceEventSchema = z.object({
  boardId: z.number().int(),
  viewers: z.array(personSchema),
});
export type BoardPresenceEvent = z.infer<typeof boardPresenceEventSchema>;

/** task:created and task:updated (server → board room): the whole card; `actor` made the change. */
export const taskEventSchema = z.object({
  boardId: z.number().int(),
  task: taskSchema,
  actor: personSchema.nullable(),
});
export type TaskEvent = z.infer<typeof taskEventSchema>;

/** task:moved: the card after the move and the column it left. */
export const taskMovedEventSchema = taskEventSchema.extend({ fromColumnId: z.number().int() });
export type TaskMovedEvent = z.infer<typeof taskMovedEventSchema>;

/** task:deleted. */
export const taskDeletedEventSchema = z.object({
  boardId: z.number().int(),
  taskId: z.number().int(),
  actor: personSchema.nullable(),
});
export type TaskDeletedEvent = z.infer<typeof taskDeletedEventSchema>;

/** task:commented: a new comment (the card's `comment_count` comes with task:updated). */
export const taskCommentedEventSchema = z.object({
  boardId: z.number().int(),
  taskId: z.number().int(),
  comment: taskCommentSchema,
});
export type TaskCommentedEvent = z.infer<typeof taskCommentedEventSchema>;

/** board:updated: the board, its columns or its labels changed (or it was archived): the header and columns now. */
export const boardUpdatedEventSchema = z.object({
  boardId: z.number().int(),
  board: taskBoardSchema,
  columns: z.array(taskColumnSchema),
  labels: z.array(taskLabelSchema),
});
export type BoardUpdatedEvent = z.infer<typeof boardUpdatedEventSchema>;
