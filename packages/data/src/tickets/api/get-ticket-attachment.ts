import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Attachment bytes never change, so they are cached by URL outside ticketKeys.all: a ticket write refreshes
 * the thread without downloading every file again.
 */
export const ticketAttachmentKey = (url: string) => ['ticket-attachment', url] as const;

/** GET /api/tickets/:id/attachments/:attachmentId → the file's bytes, with the session like every call. */
export function getTicketAttachment(
  api: Pick<ApiClient, 'get'>,
  url: string,
  signal?: AbortSignal,
): Promise<Blob> {
  return api.get<Blob>(url, { signal, responseType: 'blob' });
}

export function ticketAttachmentQueryOptions(api: Pick<ApiClient, 'get'>, url: string) {
  return queryOptions({
    queryKey: ticketAttachmentKey(url),
    queryFn: ({ signal }) => getTicketAttachment(api, url, signal),
    staleTime: Infinity,
    // Thumbnails of a long thread add up: drop the bytes soon after the thread closes.
    gcTime: 60_000,
  });
}

/** The file's bytes while `enabled` (images load at once; PDFs only when opened). */
export function useTicketAttachment(url: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...ticketAttachmentQueryOptions(api, url),
    enabled: enabled && status === 'authenticated',
  });
}
