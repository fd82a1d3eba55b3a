import type {
  CreateTaskBoard,
  CreateTaskColumn,
  TaskBoard,
  TaskColumn,
  UpdateTaskBoard,
  UpdateTaskColumn,
} from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useMutation } from '@tanstack/react-query';
import { TASK_BOARDS_URL, taskBoardUrl, taskColumnUrl, taskColumnsUrl } from './task-urls';

/** POST /api/tasks/boards → the new board, with the default columns or a template's tasks (tasks.manage). */
export function createTaskBoard(api: Pick<ApiClient, 'post'>, input: CreateTaskBoard): Promise<TaskBoard> {
  return api.post<TaskBoard>(TASK_BOARDS_URL, input);
}

/** PATCH /api/tasks/boards/:id (tasks.manage). */
export function updateTaskBoard(
  api: Pick<ApiClient, 'patch'>,
  boardId: number,
  changes: UpdateTaskBoard,
): Promise<TaskBoard> {
  return api.patch<TaskBoard>(taskBoardUrl(boardId), changes);
}

/** POST /api/tasks/boards/:id/archive (or /unarchive). */
export function setTaskBoardArchived(
  api: Pick<ApiClient, 'post'>,
  boardId: number,
  archived: boolean,
): Promise<TaskBoard> {
  return api.post<TaskBoard>(`${taskBoardUrl(boardId)}/${archived ? 'archive' : 'unarchive'}`);
}

/** The API client refreshes every cached tasks query after the POST. */
export function useCreateTaskBoard() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: CreateTaskBoard) => createTaskBoard(api, input) });
}

export function useUpdateTaskBoard(boardId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (changes: UpdateTaskBoard) => updateTaskBoard(api, boardId, changes) });
}

export function useSetTaskBoardArchived(boardId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (archived: boolean) => setTaskBoardArchived(api, boardId, archived) });
}

/** POST /api/tasks/boards/:id/columns → the column (last unless a position is given). */
export function createTaskColumn(
  api: Pick<ApiClient, 'post'>,
  boardId: number,
  input: CreateTaskColumn,
): Promise<TaskColumn> {
  return api.post<TaskColumn>(taskColumnsUrl(boardId), input);
}

/** PATCH /api/tasks/boards/:id/columns/:columnId (name, colour, state group, WIP limit and mode, position). */
export function updateTaskColumn(
  api: Pick<ApiClient, 'patch'>,
  boardId: number,
  columnId: number,
  changes: UpdateTaskColumn,
): Promise<TaskColumn> {
  return api.patch<TaskColumn>(taskColumnUrl(boardId, columnId), changes);
}

/** DELETE …/columns/:columnId?move_to=: a column with tasks needs where they go (409 otherwise). */
export function deleteTaskColumn(
  api: Pick<ApiClient, 'delete'>,
  boardId: number,
  columnId: number,
  moveTo?: number,
): Promise<void> {
  return api.delete<void>(`${taskColumnUrl(boardId, columnId)}${moveTo ? `?move_to=${moveTo}` : ''}`);
}

export function useCreateTaskColumn(boardId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: CreateTaskColumn) => createTaskColumn(api, boardId, input) });
}

export function useUpdateTaskColumn(boardId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ columnId, changes }: { columnId: number; changes: UpdateTaskColumn }) =>
      updateTaskColumn(api, boardId, columnId, changes),
  });
}

export function useDeleteTaskColumn(boardId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ columnId, moveTo }: { columnId: number; moveTo?: number }) =>
      deleteTaskColumn(api, boardId, columnId, moveTo),
  });
}
