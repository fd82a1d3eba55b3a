import type { InvalidationRule } from '../query/invalidation-rule';

// Every key starts with 'tasks', so the spec's rule (§7) refreshes all of them after any write under /api/tasks.
export const taskKeys = {
  all: ['tasks'] as const,
  /** GET /api/tasks (across boards, filtered). */
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...taskKeys.lists(), params] as const,
  /** GET /api/tasks/labels. */
  labels: () => [...taskKeys.all, 'labels'] as const,
  /** GET /api/tasks/boards (the /tasks page). */
  boards: () => [...taskKeys.all, 'boards'] as const,
  boardLists: () => [...taskKeys.boards(), 'list'] as const,
  boardList: (params: Record<string, unknown> = {}) => [...taskKeys.boardLists(), params] as const,
  /** GET /api/tasks/boards/:id: the whole board (columns, labels, tasks, members). */
  board: (id: number | string) => [...taskKeys.boards(), String(id)] as const,
  /** GET /api/tasks/:id: a task's side panel. */
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...taskKeys.details(), String(id)] as const,
  comments: (id: number | string) => [...taskKeys.detail(id), 'comments'] as const,
  /** GET /api/tasks/mine: "Minhas tarefas". */
  mine: () => [...taskKeys.all, 'mine'] as const,
  /** GET /api/tasks/for-ticket/:ticketId: a chamado's tasks. */
  forTicket: (ticketId: number | string) => [...taskKeys.all, 'for-ticket', String(ticketId)] as const,
  /** GET /api/tasks/options: what the forms offer. */
  options: () => [...taskKeys.all, 'options'] as const,
};

/** /api/tasks, its labels and /api/tasks/boards/{id} (spec §7). */
export const taskInvalidation: InvalidationRule = { path: /^\/api\/tasks(\/|$)/, key: taskKeys.all };
