import type { TaskCommentList, TaskDetail } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { taskKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from './get-board';
import { taskCommentsUrl, taskUrl } from './task-urls';

/** GET /api/tasks/:id → the side panel: description, checklist, links, attachments, watchers, activity. */
export function getTask(
  api: Pick<ApiClient, 'get'>,
  taskId: number,
  signal?: AbortSignal,
): Promise<TaskDetail> {
  return api.get<TaskDetail>(taskUrl(taskId), { signal });
}

export function taskQueryOptions(api: Pick<ApiClient, 'get'>, taskId: number) {
  return queryOptions({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => getTask(api, taskId, signal),
  });
}

export function useTask(taskId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...taskQueryOptions(api, taskId ?? 0),
    enabled: status === 'authenticated' && taskId !== null,
    retry: retryUnlessRefused,
  });
}

/** GET /api/tasks/:id/comments → the comments, oldest first. */
export function getTaskComments(
  api: Pick<ApiClient, 'get'>,
  taskId: number,
  signal?: AbortSignal,
): Promise<TaskCommentList> {
  return api.get<TaskCommentList>(`${taskCommentsUrl(taskId)}?limit=200`, { signal });
}

export function taskCommentsQueryOptions(api: Pick<ApiClient, 'get'>, taskId: number) {
  return queryOptions({
    queryKey: taskKeys.comments(taskId),
    queryFn: ({ signal }) => getTaskComments(api, taskId, signal),
  });
}

export function useTaskComments(taskId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...taskCommentsQueryOptions(api, taskId ?? 0),
    enabled: status === 'authenticated' && taskId !== null,
    retry: retryUnlessRefused,
  });
}
