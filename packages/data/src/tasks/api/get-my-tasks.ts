import type { MyTasks } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { taskKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MY_TASKS_URL } from './task-urls';

/** GET /api/tasks/mine → "Minhas tarefas": open tasks assigned to me, overdue, today and this week. */
export function getMyTasks(api: Pick<ApiClient, 'get'>, signal?: AbortSignal): Promise<MyTasks> {
  return api.get<MyTasks>(MY_TASKS_URL, { signal });
}

export function myTasksQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({ queryKey: taskKeys.mine(), queryFn: ({ signal }) => getMyTasks(api, signal) });
}

export function useMyTasks() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...myTasksQueryOptions(api), enabled: status === 'authenticated' });
}
