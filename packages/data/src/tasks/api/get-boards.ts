import type { TaskBoardList } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { listSearch } from '../../lib/query-params';
import { useSession } from '../../session/session-provider';
import { taskKeys } from '../keys';
import { normalizeTaskBoardListParams, type TaskBoardListParams } from '../rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_BOARDS_URL } from './task-urls';

/** GET /api/tasks/boards?… → the boards the caller may see, with their counts. */
export function getTaskBoards(
  api: Pick<ApiClient, 'get'>,
  params: TaskBoardListParams = {},
  signal?: AbortSignal,
): Promise<TaskBoardList> {
  return api.get<TaskBoardList>(`${TASK_BOARDS_URL}${listSearch(normalizeTaskBoardListParams(params))}`, {
    signal,
  });
}

export function taskBoardsQueryOptions(api: Pick<ApiClient, 'get'>, params: TaskBoardListParams = {}) {
  const normalized = normalizeTaskBoardListParams(params);
  return queryOptions({
    queryKey: taskKeys.boardList({ ...normalized }),
    queryFn: ({ signal }) => getTaskBoards(api, normalized, signal),
  });
}

export function useTaskBoards(params: TaskBoardListParams = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...taskBoardsQueryOptions(api, params),
    enabled: status === 'authenticated',
    placeholderData: keepPreviousData,
  });
}
