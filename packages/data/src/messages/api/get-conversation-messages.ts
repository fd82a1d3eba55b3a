import { conversationKeys, useApiClient, useSession, type ApiClient, type MessagePage } from '@farol/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const MESSAGES_PAGE_SIZE = 30;

export function conversationUrl(conversationId: number): string {
  return `/api/messages/conversations/${encodeURIComponent(conversationId)}`;
}

/** GET /api/messages/conversations/:id?limit=&before= → one page, oldest first, and `has_more`. */
export function getConversationMessages(
  api: Pick<ApiClient, 'get'>,
  conversationId: number,
  { before, limit = MESSAGES_PAGE_SIZE }: { before?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<MessagePage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) query.set('before', String(before));
  return api.get<MessagePage>(`${conversationUrl(conversationId)}?${query}`, { signal });
}

/**
 * The newest page, under the key @farol/data's realtime routing edits in place (message:new appends,
 * updates and deletes apply), so live messages need no refetch.
 */
export function conversationMessagesQueryOptions(api: Pick<ApiClient, 'get'>, conversationId: number) {
  return queryOptions({
    queryKey: conversationKeys.detail(conversationId),
    queryFn: ({ signal }) => getConversationMessages(api, conversationId, {}, signal),
  });
}

export function useConversationMessages(conversationId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...conversationMessagesQueryOptions(api, conversationId ?? 0),
    enabled: status === 'authenticated' && conversationId !== null,
  });
}
