import type { TaskList } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { taskKeys } from '../keys';
import { normalizeTaskListParams, taskListSearch, type TaskListParams } from '../rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASKS_URL } from './task-urls';

/** GET /api/tasks?… → tasks across the boards the caller may see (one page `{items, total}`). */
export function getTasks(
  api: Pick<ApiClient, 'get'>,
  params: TaskListParams,
  signal?: AbortSignal,
): Promise<TaskList> {
  return api.get<TaskList>(`${TASKS_URL}${taskListSearch(params)}`, { signal });
}

export function tasksQueryOptions(api: Pick<ApiClient, 'get'>, params: TaskListParams = {}) {
  const normalized = normalizeTaskListParams(params);
  return queryOptions({
    queryKey: taskKeys.list({ ...normalized }),
    queryFn: ({ signal }) => getTasks(api, normalized, signal),
  });
}

/** A page of tasks; `enabled: false` keeps it from asking (e.g. until a number is typed). */
export function useTasks(params: TaskListParams = {}, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...tasksQueryOptions(api, params), enabled: status === 'authenticated' && enabled });
}
