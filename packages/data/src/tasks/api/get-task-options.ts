import type { TaskFormOptions, TaskLabelList } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { taskKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_LABELS_URL, TASK_OPTIONS_URL } from './task-urls';

/** GET /api/tasks/options → the people, companies and boards the forms offer. */
export function getTaskOptions(api: Pick<ApiClient, 'get'>, signal?: AbortSignal): Promise<TaskFormOptions> {
  return api.get<TaskFormOptions>(TASK_OPTIONS_URL, { signal });
}

export function taskOptionsQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({
    queryKey: taskKeys.options(),
    queryFn: ({ signal }) => getTaskOptions(api, signal),
    // Who may be assigned changes rarely: one fetch per page visit is plenty.
    staleTime: 60_000,
  });
}

export function useTaskOptions({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...taskOptionsQueryOptions(api), enabled: status === 'authenticated' && enabled });
}

/** GET /api/tasks/labels → the global labels. */
export function getTaskLabels(api: Pick<ApiClient, 'get'>, signal?: AbortSignal): Promise<TaskLabelList> {
  return api.get<TaskLabelList>(TASK_LABELS_URL, { signal });
}
