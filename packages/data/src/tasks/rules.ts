import { addDays, weekday } from '../contract/brazil-holidays';
import type { Task, TaskColumn, TaskConflictBody, TaskRef } from '../contract/task';
import {
  TASK_PRIORITIES,
  TASK_TIME_ZONE,
  type TaskDueFilter,
  type TaskPriority,
  type TaskSort,
  type TaskStateGroup,
} from '../contract/task-constants';
import { isApiError } from '../http/api-error';
import { isRecord } from '../lib/values';
import { listSearch, normalizeListParams } from '../lib/query-params';

// ---------------------------------------------------------------- days (America/Sao_Paulo)

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: TASK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Brazil, 'YYYY-MM-DD' (due days are calendar days there, whatever the machine's zone). */
export const todayInBrazil = (now: Date = new Date()): string => DAY_FORMAT.format(now);

/** The last day (Sunday) of the week `today` is in, 'YYYY-MM-DD' (as GET /api/tasks/mine counts "this week"). */
export const endOfWeek = (today: string): string => addDays(today, (7 - weekday(today)) % 7);

/**
 * Which "Minhas tarefas" bucket a due day falls in: atrasadas (before today), hoje, semana (after today up to
 * Sunday), sem_data (none); null for later days.
 */
export function dueBucketOf(due: string | null, today: string): TaskDueFilter | null {
  if (!due) return 'sem_data';
  if (due < today) return 'atrasadas';
  if (due === today) return 'hoje';
  return due <= endOfWeek(today) ? 'semana' : null;
}

// ---------------------------------------------------------------- board filters (kept in the URL)

/** The board page's filters: who, which label, priority, due bucket, text. */
export interface TaskBoardFilters {
  assignee?: number | 'me' | 'none';
  label?: number;
  priority?: TaskPriority;
  due?: TaskDueFilter;
  q?: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export const hasBoardFilters = (filters: TaskBoardFilters): boolean =>
  Object.values(filters).some((value) => value !== undefined && value !== '');

/**
 * The cards a board shows under its filters (on the board's own answer, so a filter never waits for the
 * server). Text matches the title and `#number`, accent- and case-insensitive.
 */
export function filterBoardTasks<T extends Task>(
  tasks: readonly T[],
  filters: TaskBoardFilters,
  context: { userId: number | null; today: string; closedColumnIds?: ReadonlySet<number> },
): T[] {
  if (!hasBoardFilters(filters)) return [...tasks];
  const text = filters.q ? fold(filters.q.trim().replace(/^#/, '')) : '';
  return tasks.filter((task) => {
    if (filters.assignee !== undefined) {
      if (filters.assignee === 'none') {
        if (task.assignees.length > 0) return false;
      } else {
        const wanted = filters.assignee === 'me' ? context.userId : filters.assignee;
        if (!task.assignees.some((person) => person.id === wanted)) return false;
      }
    }
    if (filters.label !== undefined && !task.label_ids.includes(filters.label)) return false;
    if (filters.priority && task.priority !== filters.priority) return false;
    if (filters.due) {
      // Concluded work is never overdue nor due.
      if (context.closedColumnIds?.has(task.column_id) && filters.due !== 'sem_data') return false;
      if (dueBucketOf(task.due_date, context.today) !== filters.due) return false;
    }
    if (text && !fold(task.title).includes(text) && String(task.number) !== text) return false;
    return true;
  });
}

// ---------------------------------------------------------------- swimlanes

export const TASK_SWIMLANES = ['nenhuma', 'responsavel', 'prioridade', 'empresa'] as const;
export type TaskSwimlane = (typeof TASK_SWIMLANES)[number];

export const TASK_SWIMLANE_LABELS: Record<TaskSwimlane, string> = {
  nenhuma: 'Sem raias',
  responsavel: 'Por responsável',
  prioridade: 'Por prioridade',
  empresa: 'Por empresa',
};

export interface TaskLane {
  key: string;
  name: string;
}

const PRIORITY_NAMES: Record<TaskPriority, string> = {
  urgente: 'Urgente',
  alta: 'Alta',
  media: 'Média',
  baixa: 'Baixa',
  nenhuma: 'Sem prioridade',
};

/** The lane a card sits in: its first assignee, its priority or its company. */
export function laneKeyOf(task: Task, by: TaskSwimlane): string | null {
  switch (by) {
    case 'nenhuma':
      return null;
    case 'responsavel':
      return task.assignees[0] ? `u${task.assignees[0].id}` : 'u0';
    case 'prioridade':
      return `p-${task.priority}`;
    case 'empresa':
      return task.company ? `c${task.company.id}` : 'c0';
  }
}

/** The lanes of a board in order (people and companies by name, the "none" lane last; priorities by urgency). */
export function boardLanes(tasks: readonly Task[], by: TaskSwimlane): TaskLane[] {
  if (by === 'nenhuma') return [];
  if (by === 'prioridade')
    return TASK_PRIORITIES.map((priority) => ({ key: `p-${priority}`, name: PRIORITY_NAMES[priority] }));
  const named = new Map<string, string>();
  let none = false;
  for (const task of tasks) {
    const ref = by === 'responsavel' ? task.assignees[0] : task.company;
    if (ref) named.set(`${by === 'responsavel' ? 'u' : 'c'}${ref.id}`, ref.name);
    else none = true;
  }
  const lanes = [...named]
    .map(([key, name]) => ({ key, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  if (none)
    lanes.push({
      key: by === 'responsavel' ? 'u0' : 'c0',
      name: by === 'responsavel' ? 'Sem responsável' : 'Sem empresa',
    });
  return lanes;
}

/** What dropping a card into another lane changes on the task (null: the lane is not a field one can set). */
export function laneChange(
  by: TaskSwimlane,
  laneKey: string | null | undefined,
  task: Task,
): { priority?: TaskPriority; assignee_ids?: number[]; company_id?: number | null } | null {
  if (!laneKey || laneKey === laneKeyOf(task, by)) return null;
  if (by === 'prioridade') {
    const priority = laneKey.slice(2) as TaskPriority;
    return TASK_PRIORITIES.includes(priority) ? { priority } : null;
  }
  if (by === 'responsavel') {
    const id = Number(laneKey.slice(1));
    const others = task.assignees
      .slice(1)
      .map((person) => person.id)
      .filter((other) => other !== id);
    return { assignee_ids: id ? [id, ...others] : [] };
  }
  if (by === 'empresa') {
    const id = Number(laneKey.slice(1));
    return { company_id: id || null };
  }
  return null;
}

// ---------------------------------------------------------------- WIP limits and the blocked guard

export type WipState = 'livre' | 'no_limite' | 'acima';

/** How full a column is against its WIP limit, counted across swimlanes (its whole `task_count`). */
export function wipStateOf(column: Pick<TaskColumn, 'wip_limit' | 'task_count'>): WipState {
  if (column.wip_limit === null) return 'livre';
  if (column.task_count > column.wip_limit) return 'acima';
  return column.task_count === column.wip_limit ? 'no_limite' : 'livre';
}

/**
 * Why a card may not enter `column` (its bloqueio limit is full), in pt-BR, to show and read out; null when it
 * may. A card already in the column never counts against it.
 */
export function wipRefusal(
  column: Pick<TaskColumn, 'id' | 'name' | 'wip_limit' | 'wip_mode' | 'task_count'>,
  fromColumnId: number,
): string | null {
  if (column.id === fromColumnId || column.wip_limit === null || column.wip_mode !== 'bloqueio') return null;
  if (column.task_count < column.wip_limit) return null;
  return `A coluna ${column.name} atingiu o limite de ${column.wip_limit} ${column.wip_limit === 1 ? 'tarefa' : 'tarefas'}. Conclua ou mova uma tarefa antes de trazer outra.`;
}

/** The warning after a card enters an aviso column beyond its limit; null when within it. */
export function wipWarning(
  column: Pick<TaskColumn, 'id' | 'name' | 'wip_limit' | 'wip_mode' | 'task_count'>,
  fromColumnId: number,
): string | null {
  if (column.id === fromColumnId || column.wip_limit === null || column.wip_mode !== 'aviso') return null;
  if (column.task_count < column.wip_limit) return null;
  return `A coluna ${column.name} passou do limite de ${column.wip_limit} ${column.wip_limit === 1 ? 'tarefa' : 'tarefas'}.`;
}

/** Whether moving `task` into a column of `group` needs the "bloqueada" confirmation. */
export const needsBlockedConfirmation = (task: Pick<Task, 'blocked_by'>, group: TaskStateGroup): boolean =>
  group === 'concluido' && task.blocked_by.length > 0;

/** "#12 e #15" for a confirmation or a badge. */
export const blockerNumbers = (blockers: readonly Pick<TaskRef, 'number'>[]): string => {
  const numbers = blockers.map((blocker) => `#${blocker.number}`);
  return numbers.length <= 1 ? (numbers[0] ?? '') : `${numbers.slice(0, -1).join(', ')} e ${numbers.at(-1)}`;
};

// ---------------------------------------------------------------- 409 answers

/** The tasks module's 409 body when `error` is one (version, blocked, wip_limit, not_empty), else null. */
export function taskConflictOf(error: unknown): TaskConflictBody | null {
  if (!isApiError(error) || error.status !== 409 || !isRecord(error.body)) return null;
  const body = error.body as Partial<TaskConflictBody>;
  const reasons = ['version', 'blocked', 'wip_limit', 'not_empty'];
  return typeof body.reason === 'string' && reasons.includes(body.reason) ? (body as TaskConflictBody) : null;
}

// ---------------------------------------------------------------- GET /api/tasks

export interface TaskListParams {
  board_id?: number;
  column_id?: number;
  ticket_id?: number;
  company_id?: number;
  assignee_id?: number | 'me' | 'none';
  label_id?: number;
  priority?: TaskPriority;
  state_group?: TaskStateGroup;
  due?: TaskDueFilter;
  open?: boolean;
  number?: number;
  q?: string;
  sort?: TaskSort;
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

const LIST_PARAM_ORDER = [
  'board_id',
  'column_id',
  'ticket_id',
  'company_id',
  'assignee_id',
  'label_id',
  'priority',
  'state_group',
  'due',
  'open',
  'number',
  'q',
  'sort',
  'order',
  'page',
  'limit',
] as const satisfies readonly (keyof TaskListParams)[];

export const normalizeTaskListParams = (params: TaskListParams): TaskListParams =>
  normalizeListParams(params, LIST_PARAM_ORDER);

export const taskListSearch = (params: TaskListParams): string => listSearch(normalizeTaskListParams(params));

export interface TaskBoardListParams {
  q?: string;
  company_id?: number;
  archived?: boolean;
  page?: number;
  limit?: number;
}

export const normalizeTaskBoardListParams = (params: TaskBoardListParams): TaskBoardListParams =>
  normalizeListParams(params, ['q', 'company_id', 'archived', 'page', 'limit']);
