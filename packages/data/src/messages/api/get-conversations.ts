import type { ConversationList } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { conversationKeys } from '../keys';
import { useSession } from '../../session/session-provider';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const CONVERSATIONS_URL = '/api/messages';

export interface ConversationListParams {
  page?: number;
  limit?: number;
}

/** GET /api/messages → `{items, total}`, newest activity first. */
export function getConversations(
  api: Pick<ApiClient, 'get'>,
  { page = 1, limit = 50 }: ConversationListParams = {},
  signal?: AbortSignal,
): Promise<ConversationList> {
  return api.get<ConversationList>(`${CONVERSATIONS_URL}?page=${page}&limit=${limit}`, { signal });
}

export function conversationsQueryOptions(api: Pick<ApiClient, 'get'>, params: ConversationListParams = {}) {
  const { page = 1, limit = 50 } = params;
  return queryOptions({
    queryKey: conversationKeys.list({ page, limit }),
    queryFn: ({ signal }) => getConversations(api, { page, limit }, signal),
  });
}

/** The signed-in person's conversations. */
export function useConversations(params: ConversationListParams = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...conversationsQueryOptions(api, params), enabled: status === 'authenticated' });
}
