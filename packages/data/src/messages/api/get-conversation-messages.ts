import type { MessagePage } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { conversationKeys } from '../keys';
import { useSession } from '../../session/session-provider';
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
 * The newest page, under the key the messages domain's live handler edits in place (message:new appends,
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
