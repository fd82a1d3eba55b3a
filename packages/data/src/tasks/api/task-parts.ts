import type {
  CreateChecklistItem,
  CreateTaskComment,
  CreateTaskLink,
  TaskChecklistItem,
  TaskComment,
  TaskCommentList,
  TaskDetail,
  TaskLink,
  UpdateChecklistItem,
} from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { taskKeys } from '../keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  taskChecklistItemUrl,
  taskChecklistUrl,
  taskCommentsUrl,
  taskLinksUrl,
  taskLinkUrl,
  taskWatchingUrl,
} from './task-urls';

// The side panel's parts: checklist, comments, links, watching. Each write refreshes the task (and its board)
// through the API client's rule; checking an item and commenting also show at once.

/** POST /api/tasks/:id/checklist → the item (last unless a position is given). */
export function addChecklistItem(
  api: Pick<ApiClient, 'post'>,
  taskId: number,
  input: CreateChecklistItem,
): Promise<TaskChecklistItem> {
  return api.post<TaskChecklistItem>(taskChecklistUrl(taskId), input);
}

/** PATCH /api/tasks/:id/checklist/:itemId → the item. */
export function updateChecklistItem(
  api: Pick<ApiClient, 'patch'>,
  taskId: number,
  itemId: number,
  changes: UpdateChecklistItem,
): Promise<TaskChecklistItem> {
  return api.patch<TaskChecklistItem>(taskChecklistItemUrl(taskId, itemId), changes);
}

export function deleteChecklistItem(
  api: Pick<ApiClient, 'delete'>,
  taskId: number,
  itemId: number,
): Promise<void> {
  return api.delete<void>(taskChecklistItemUrl(taskId, itemId));
}

export function useAddChecklistItem(taskId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: CreateChecklistItem) => addChecklistItem(api, taskId, input) });
}

/** Ticking an item shows at once (and its progress) and rolls back if the server refuses. */
export function useUpdateChecklistItem(taskId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const detailKey = taskKeys.detail(taskId);
  return useMutation({
    mutationFn: ({ itemId, changes }: { itemId: number; changes: UpdateChecklistItem }) =>
      updateChecklistItem(api, taskId, itemId, changes),
    onMutate: async ({ itemId, changes }) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      const previous = queryClient.getQueryData<TaskDetail>(detailKey);
      if (previous) {
        const checklist = previous.checklist.map((item) =>
          item.id === itemId
            ? {
                ...item,
                ...(changes.text !== undefined ? { text: changes.text } : {}),
                ...(changes.done !== undefined ? { done: changes.done } : {}),
                ...(changes.due_date !== undefined ? { due_date: changes.due_date } : {}),
              }
            : item,
        );
        queryClient.setQueryData<TaskDetail>(detailKey, {
          ...previous,
          checklist,
          checklist_done: checklist.filter((item) => item.done).length,
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
    },
  });
}

export function useDeleteChecklistItem(taskId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (itemId: number) => deleteChecklistItem(api, taskId, itemId) });
}

/** POST /api/tasks/:id/comments → the comment (Markdown; `@login` mentions notify). */
export function addTaskComment(
  api: Pick<ApiClient, 'post'>,
  taskId: number,
  input: CreateTaskComment,
): Promise<TaskComment> {
  return api.post<TaskComment>(taskCommentsUrl(taskId), input);
}

/** The comment joins the thread as soon as the server answers (a live copy of it is not added twice). */
export function useAddTaskComment(taskId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskComment) => addTaskComment(api, taskId, input),
    onSuccess: (comment) => appendComment(queryClient, taskId, comment),
  });
}

/** Adds a comment to a cached thread once. */
export function appendComment(
  queryClient: ReturnType<typeof useQueryClient>,
  taskId: number,
  comment: TaskComment,
): void {
  queryClient.setQueryData<TaskCommentList>(taskKeys.comments(taskId), (list) =>
    !list || list.items.some((item) => item.id === comment.id)
      ? list
      : { items: [...list.items, comment], total: list.total + 1 },
  );
}

/** POST /api/tasks/:id/links → the link as this task sees it. */
export function addTaskLink(
  api: Pick<ApiClient, 'post'>,
  taskId: number,
  input: CreateTaskLink,
): Promise<TaskLink> {
  return api.post<TaskLink>(taskLinksUrl(taskId), input);
}

export function deleteTaskLink(
  api: Pick<ApiClient, 'delete'>,
  taskId: number,
  linkId: number,
): Promise<void> {
  return api.delete<void>(taskLinkUrl(taskId, linkId));
}

export function useAddTaskLink(taskId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: CreateTaskLink) => addTaskLink(api, taskId, input) });
}

export function useDeleteTaskLink(taskId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (linkId: number) => deleteTaskLink(api, taskId, linkId) });
}

/** PUT /api/tasks/:id/watching {watching} → the signed-in person follows the task or stops. */
export function setTaskWatching(
  api: Pick<ApiClient, 'put'>,
  taskId: number,
  watching: boolean,
): Promise<unknown> {
  return api.put<unknown>(taskWatchingUrl(taskId), { watching });
}

export function useSetTaskWatching(taskId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (watching: boolean) => setTaskWatching(api, taskId, watching) });
}
