import type { TaskBoardView } from '../../contract/task';
import { isApiError } from '../../http/api-error';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { taskKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskBoardUrl } from './task-urls';

/** GET /api/tasks/boards/:id → the whole board: columns, labels, every card, the people it may assign. */
export function getTaskBoard(
  api: Pick<ApiClient, 'get'>,
  boardId: number,
  signal?: AbortSignal,
): Promise<TaskBoardView> {
  return api.get<TaskBoardView>(taskBoardUrl(boardId), { signal });
}

export function taskBoardQueryOptions(api: Pick<ApiClient, 'get'>, boardId: number) {
  return queryOptions({
    queryKey: taskKeys.board(boardId),
    queryFn: ({ signal }) => getTaskBoard(api, boardId, signal),
  });
}

/** 403 and 404 are answers, not hiccups: they show at once instead of being asked again. */
export const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && [403, 404].includes(error.status)) && failures < 1;

export function useTaskBoard(boardId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...taskBoardQueryOptions(api, boardId ?? 0),
    enabled: status === 'authenticated' && boardId !== null,
    retry: retryUnlessRefused,
  });
}
