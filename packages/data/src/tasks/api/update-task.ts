import type { Task, TaskBoardView, TaskDetail, TaskPerson, UpdateTask } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { applyTaskToCaches, upsertBoardTask } from '../board-cache';
import { taskKeys } from '../keys';
import { taskConflictOf } from '../rules';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { taskUrl } from './task-urls';

/** PATCH /api/tasks/:id → the task; with `version`, 409 (reason 'version', `current`) if it changed meanwhile. */
export function updateTask(
  api: Pick<ApiClient, 'patch'>,
  taskId: number,
  changes: UpdateTask,
): Promise<Task> {
  return api.patch<Task>(taskUrl(taskId), changes);
}

/** A card as it will look once the server agrees (people and companies by name from the board's lists). */
export function optimisticTask<T extends Task>(
  task: T,
  changes: UpdateTask,
  people: readonly TaskPerson[] = [],
  companies: readonly TaskPerson[] = [],
): T {
  const next: T = { ...task };
  if (changes.title !== undefined) next.title = changes.title;
  if (changes.priority !== undefined) next.priority = changes.priority;
  if (changes.start_date !== undefined) next.start_date = changes.start_date;
  if (changes.due_date !== undefined) next.due_date = changes.due_date;
  if (changes.estimate_minutes !== undefined) next.estimate_minutes = changes.estimate_minutes;
  if (changes.label_ids !== undefined) next.label_ids = [...changes.label_ids];
  if (changes.recurrence !== undefined) next.recurrence = changes.recurrence as T['recurrence'];
  if (changes.assignee_ids !== undefined) {
    next.assignees = changes.assignee_ids.flatMap((id) => {
      const person =
        people.find((candidate) => candidate.id === id) ?? task.assignees.find((p) => p.id === id);
      return person ? [{ id: person.id, name: person.name }] : [];
    });
  }
  if (changes.company_id !== undefined) {
    const company = companies.find((candidate) => candidate.id === changes.company_id);
    next.company = company
      ? { id: company.id, name: company.name }
      : changes.company_id === null
        ? null
        : task.company;
  }
  if ('description' in changes && changes.description !== undefined && 'description' in next)
    (next as unknown as TaskDetail).description = changes.description;
  return next;
}

interface Snapshot {
  board?: TaskBoardView;
  detail?: TaskDetail;
}

/** After a refused write: the caches as they were, or — on a version conflict — the task as it is now. */
export function settleRefusedTaskWrite(
  queryClient: QueryClient,
  boardId: number,
  taskId: number,
  snapshot: Snapshot | undefined,
  error: unknown,
): void {
  if (snapshot?.board) queryClient.setQueryData(taskKeys.board(boardId), snapshot.board);
  if (snapshot?.detail) queryClient.setQueryData(taskKeys.detail(taskId), snapshot.detail);
  const conflict = taskConflictOf(error);
  if (conflict?.current) applyTaskToCaches(queryClient, conflict.current);
  // A failed write is not followed by the client's own refresh: read what the server holds now.
  void queryClient.invalidateQueries({ queryKey: taskKeys.board(boardId) });
  void queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
}

export interface TaskEdit {
  taskId: number;
  changes: UpdateTask;
}

/**
 * Edits of a board's tasks show at once on the card and the side panel and roll back if the server refuses;
 * a version conflict (someone changed it meanwhile) leaves the task as it is now. The caller shows the toast
 * (`taskConflictOf(error)`).
 */
export function useUpdateTask(boardId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const boardKey = taskKeys.board(boardId);
  return useMutation({
    mutationFn: ({ taskId, changes }: TaskEdit) => updateTask(api, taskId, changes),
    onMutate: async ({ taskId, changes }): Promise<Snapshot> => {
      const detailKey = taskKeys.detail(taskId);
      await queryClient.cancelQueries({ queryKey: boardKey, exact: true });
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      const board = queryClient.getQueryData<TaskBoardView>(boardKey);
      const detail = queryClient.getQueryData<TaskDetail>(detailKey);
      const companies = queryClient.getQueryData<{ companies: TaskPerson[] }>(taskKeys.options())?.companies;
      const people = board?.members ?? [];
      const card = board?.tasks.find((task) => task.id === taskId);
      if (board && card)
        queryClient.setQueryData(
          boardKey,
          upsertBoardTask(board, {
            ...optimisticTask(card, changes, people, companies),
            version: card.version,
          }),
        );
      if (detail) queryClient.setQueryData(detailKey, optimisticTask(detail, changes, people, companies));
      return { board, detail };
    },
    onError: (error, { taskId }, snapshot) =>
      settleRefusedTaskWrite(queryClient, boardId, taskId, snapshot, error),
    onSuccess: (task) => applyTaskToCaches(queryClient, task),
  });
}

/** DELETE /api/tasks/:id. */
export function deleteTask(api: Pick<ApiClient, 'delete'>, taskId: number): Promise<void> {
  return api.delete<void>(taskUrl(taskId));
}

export function useDeleteTask() {
  const api = useApiClient();
  return useMutation({ mutationFn: (taskId: number) => deleteTask(api, taskId) });
}
