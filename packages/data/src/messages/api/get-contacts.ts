import type { ContactList } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { conversationKeys } from '../keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONVERSATIONS_URL } from './get-conversations';

export const CONTACTS_URL = `${CONVERSATIONS_URL}/contacts`;

export interface ContactListParams {
  q?: string;
  limit?: number;
}

/**
 * GET /api/messages/contacts?q=&limit= → the people the signed-in person may start a conversation with
 * (staff: anyone; a client: staff and their own company), searched by name or e-mail on the server.
 */
export function getContacts(
  api: Pick<ApiClient, 'get'>,
  { q = '', limit = 20 }: ContactListParams = {},
  signal?: AbortSignal,
): Promise<ContactList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (q.trim()) query.set('q', q.trim());
  return api.get<ContactList>(`${CONTACTS_URL}?${query}`, { signal });
}

export function contactsQueryOptions(api: Pick<ApiClient, 'get'>, params: ContactListParams = {}) {
  const q = params.q?.trim() ?? '';
  const limit = params.limit ?? 20;
  return queryOptions({
    queryKey: [...conversationKeys.all, 'contacts', { q, limit }] as const,
    queryFn: ({ signal }) => getContacts(api, { q, limit }, signal),
    // Keep the previous answer on screen while the next search loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useContacts({ enabled = true, ...params }: ContactListParams & { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...contactsQueryOptions(api, params), enabled });
}
