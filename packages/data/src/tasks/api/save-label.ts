import type { CreateTaskLabel, TaskLabel, UpdateTaskLabel } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useMutation } from '@tanstack/react-query';
import { TASK_LABELS_URL } from './task-urls';

// Labels: global (board_id null) or a board's own, with a colour and an optional parent. Each write refreshes
// the cached tasks queries through the API client's rule; open boards also hear board:updated.

const labelUrl = (labelId: number) => `${TASK_LABELS_URL}/${encodeURIComponent(labelId)}`;

/** POST /api/tasks/labels → the label (tasks.manage); names are unique per scope (409 otherwise). */
export function createTaskLabel(api: Pick<ApiClient, 'post'>, input: CreateTaskLabel): Promise<TaskLabel> {
  return api.post<TaskLabel>(TASK_LABELS_URL, input);
}

/** PATCH /api/tasks/labels/:id → the label (its scope does not change). */
export function updateTaskLabel(
  api: Pick<ApiClient, 'patch'>,
  labelId: number,
  changes: UpdateTaskLabel,
): Promise<TaskLabel> {
  return api.patch<TaskLabel>(labelUrl(labelId), changes);
}

/** DELETE /api/tasks/labels/:id: the tasks carrying it lose it. */
export function deleteTaskLabel(api: Pick<ApiClient, 'delete'>, labelId: number): Promise<void> {
  return api.delete<void>(labelUrl(labelId));
}

export function useCreateTaskLabel() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: CreateTaskLabel) => createTaskLabel(api, input) });
}

export function useUpdateTaskLabel() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ labelId, changes }: { labelId: number; changes: UpdateTaskLabel }) =>
      updateTaskLabel(api, labelId, changes),
  });
}

export function useDeleteTaskLabel() {
  const api = useApiClient();
  return useMutation({ mutationFn: (labelId: number) => deleteTaskLabel(api, labelId) });
}
