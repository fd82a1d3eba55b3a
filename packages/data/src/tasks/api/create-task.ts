import type {
  ApplyTaskTemplate,
  CreateTask,
  CreateTasksFromTicket,
  Task,
  TaskCreatedList,
} from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { applyTaskToCaches } from '../board-cache';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TASKS_FROM_TICKET_URL, TASKS_URL, taskBoardUrl } from './task-urls';

/** POST /api/tasks → the task (quick add: the top of its column). */
export function createTask(api: Pick<ApiClient, 'post'>, input: CreateTask): Promise<Task> {
  return api.post<Task>(TASKS_URL, input);
}

/** The new card shows on its board as soon as the server answers (before the board's refetch). */
export function useCreateTask() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTask) => createTask(api, input),
    onSuccess: (task) => applyTaskToCaches(queryClient, task),
  });
}

/** POST /api/tasks/from-ticket → the tasks created from a chamado, each linked to it. */
export function createTasksFromTicket(
  api: Pick<ApiClient, 'post'>,
  input: CreateTasksFromTicket,
): Promise<TaskCreatedList> {
  return api.post<TaskCreatedList>(TASKS_FROM_TICKET_URL, input);
}

export function useCreateTasksFromTicket() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: CreateTasksFromTicket) => createTasksFromTicket(api, input) });
}

/** POST /api/tasks/boards/:id/apply-template → the template's tasks. */
export function applyTaskTemplate(
  api: Pick<ApiClient, 'post'>,
  boardId: number,
  input: ApplyTaskTemplate,
): Promise<TaskCreatedList> {
  return api.post<TaskCreatedList>(`${taskBoardUrl(boardId)}/apply-template`, input);
}

export function useApplyTaskTemplate(boardId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: ApplyTaskTemplate) => applyTaskTemplate(api, boardId, input) });
}
