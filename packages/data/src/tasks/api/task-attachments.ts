import { TASK_ATTACHMENT_FIELD } from '../../contract/task-constants';
import type { TaskAttachment } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { taskUrl } from './task-urls';

// A task's files, in the same storage (and under the same rules: images or PDF, size and count limits) as the
// chamados'. Uploading or removing refreshes the task through the API client's rule.

export const taskAttachmentsUrl = (taskId: number) => `${taskUrl(taskId)}/attachments`;

/** POST /api/tasks/:id/attachments (multipart, field `files`) → the new files. */
export function uploadTaskAttachments(
  api: Pick<ApiClient, 'post'>,
  taskId: number,
  files: readonly File[],
): Promise<{ items: TaskAttachment[] }> {
  const body = new FormData();
  for (const file of files) body.append(TASK_ATTACHMENT_FIELD, file, file.name || 'arquivo');
  return api.post<{ items: TaskAttachment[] }>(taskAttachmentsUrl(taskId), body);
}

/** DELETE /api/tasks/:id/attachments/:attachmentId (whoever sent it, or tasks.manage). */
export function deleteTaskAttachment(
  api: Pick<ApiClient, 'delete'>,
  taskId: number,
  attachmentId: number,
): Promise<void> {
  return api.delete<void>(`${taskAttachmentsUrl(taskId)}/${encodeURIComponent(attachmentId)}`);
}

export function useUploadTaskAttachments(taskId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (files: readonly File[]) => uploadTaskAttachments(api, taskId, files) });
}

export function useDeleteTaskAttachment(taskId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (attachmentId: number) => deleteTaskAttachment(api, taskId, attachmentId),
  });
}

/** A file's bytes never change: cached by URL, outside the tasks' keys, so a task write does not fetch it again. */
export const taskAttachmentKey = (url: string) => ['task-attachment', url] as const;

export function taskAttachmentQueryOptions(api: Pick<ApiClient, 'get'>, url: string) {
  return queryOptions({
    queryKey: taskAttachmentKey(url),
    queryFn: ({ signal }) => api.get<Blob>(url, { signal, responseType: 'blob' }),
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

/** GET the file with the session (the panel opens it as a blob URL) once `enabled`. */
export function useTaskAttachmentFile(url: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...taskAttachmentQueryOptions(api, url),
    enabled: enabled && status === 'authenticated',
  });
}
