import type { QueryClient } from '@tanstack/react-query';
import type { Task, TaskBoardView, TaskDetail, TaskListItem } from '../contract/task';
import { compareOrderKeys } from '../contract/task-order';
import { taskKeys } from './keys';

/** Cards in board order: by column (the columns' own order), then position, ties by id. */
export function sortBoardTasks(view: Pick<TaskBoardView, 'columns'>, tasks: readonly Task[]): Task[] {
  const columnOrder = new Map(view.columns.map((column, index) => [column.id, index]));
  return [...tasks].sort(
    (a, b) =>
      (columnOrder.get(a.column_id) ?? 0) - (columnOrder.get(b.column_id) ?? 0) ||
      compareOrderKeys(a.position, b.position) ||
      a.id - b.id,
  );
}

/** The columns' `task_count` from the cards the board holds (every card not archived is there). */
function recount(view: TaskBoardView, tasks: Task[]): TaskBoardView {
  const counts = new Map<number, number>();
  for (const task of tasks) counts.set(task.column_id, (counts.get(task.column_id) ?? 0) + 1);
  return {
    ...view,
    tasks,
    columns: view.columns.map((column) => {
      const count = counts.get(column.id) ?? 0;
      return column.task_count === count ? column : { ...column, task_count: count };
    }),
  };
}

/**
 * The board with `task` as the server now has it: replaced (unless the board already holds a newer version,
 * e.g. a live event overtaken by the answer), or added. A task of another board is ignored.
 */
export function upsertBoardTask(view: TaskBoardView, task: Task): TaskBoardView {
  if (task.board_id !== view.board.id) return view;
  const current = view.tasks.find((item) => item.id === task.id);
  if (current && current.version > task.version) return view;
  if (
    current &&
    current.version === task.version &&
    current.column_id === task.column_id &&
    current.position === task.position
  ) {
    // Same version: only the fields the server recomputes (blockers, counts) may differ.
    if (JSON.stringify(current) === JSON.stringify(task)) return view;
  }
  const others = view.tasks.filter((item) => item.id !== task.id);
  return recount(view, sortBoardTasks(view, [...others, task]));
}

export function removeBoardTask(view: TaskBoardView, taskId: number): TaskBoardView {
  if (!view.tasks.some((task) => task.id === taskId)) return view;
  return recount(
    view,
    view.tasks.filter((task) => task.id !== taskId),
  );
}

/** The optimistic move: the card in its new column at its new key, the counts following. */
export function moveBoardTask(
  view: TaskBoardView,
  taskId: number,
  columnId: number,
  position: string,
): TaskBoardView {
  const task = view.tasks.find((item) => item.id === taskId);
  if (!task) return view;
  const others = view.tasks.filter((item) => item.id !== taskId);
  return recount(view, sortBoardTasks(view, [...others, { ...task, column_id: columnId, position }]));
}

/** The cards of one column, in order. */
export const columnTasks = (view: Pick<TaskBoardView, 'tasks'>, columnId: number): Task[] =>
  view.tasks.filter((task) => task.column_id === columnId);

/** A task's card fields over a detail or list item, keeping what only they carry. */
function mergeCard<T extends TaskListItem>(item: T, task: Task, view?: TaskBoardView): T {
  const column = view?.columns.find((candidate) => candidate.id === task.column_id);
  return {
    ...item,
    ...task,
    column_name: column?.name ?? item.column_name,
    state_group: column?.state_group ?? item.state_group,
  };
}

/**
 * Writes a task the server answered (or a live event carried) into every cache that shows it: its board, its
 * open side panel, and the lists holding it (whose membership may change: those are refetched by the caller).
 */
export function applyTaskToCaches(queryClient: QueryClient, task: Task): void {
  const boardKey = taskKeys.board(task.board_id);
  const view = queryClient.getQueryData<TaskBoardView>(boardKey);
  if (view) queryClient.setQueryData<TaskBoardView>(boardKey, upsertBoardTask(view, task));
  const detailKey = taskKeys.detail(task.id);
  const detail = queryClient.getQueryData<TaskDetail>(detailKey);
  if (detail && detail.version <= task.version)
    queryClient.setQueryData<TaskDetail>(detailKey, mergeCard(detail, task, view ?? undefined));
}

/** Drops a deleted task from its board and forgets its side panel. */
export function removeTaskFromCaches(queryClient: QueryClient, boardId: number, taskId: number): void {
  const boardKey = taskKeys.board(boardId);
  const view = queryClient.getQueryData<TaskBoardView>(boardKey);
  if (view) queryClient.setQueryData<TaskBoardView>(boardKey, removeBoardTask(view, taskId));
  queryClient.removeQueries({ queryKey: taskKeys.detail(taskId) });
}
