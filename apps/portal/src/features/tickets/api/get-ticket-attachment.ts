import { ApiError, NETWORK_ERROR_MESSAGE, errorMessageFromBody, useSession } from '@farol/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Attachment bytes never change, so they are cached by URL outside ticketKeys.all: a ticket write refreshes
 * the thread without downloading every file again.
 */
export const ticketAttachmentKey = (url: string) => ['ticket-attachment', url] as const;

/**
 * GET /api/tickets/:id/attachments/:attachmentId → the file. The API client reads JSON or text, so the bytes
 * come through fetch with the same credentials it sends: the bearer token and the session cookie.
 */
export async function getTicketAttachment(
  url: string,
  token: string | null,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      signal: signal ?? null,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, errorMessageFromBody(response.status, body), body);
  }
  return response.blob();
}

export function ticketAttachmentQueryOptions(url: string, token: string | null) {
  return queryOptions({
    queryKey: ticketAttachmentKey(url),
    queryFn: ({ signal }) => getTicketAttachment(url, token, signal),
    staleTime: Infinity,
    // Thumbnails of a long thread add up: drop the bytes soon after the thread closes.
    gcTime: 60_000,
  });
}

/** The file's bytes while `enabled` (images load at once; PDFs only when opened). */
export function useTicketAttachment(url: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { status, token } = useSession();
  return useQuery({
    ...ticketAttachmentQueryOptions(url, token),
    enabled: enabled && status === 'authenticated',
  });
}
