import { userKeys, useApiClient, type ApiClient, type UserSummary } from '@farol/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface UserList {
  items: UserSummary[];
  total: number;
}

/** GET /api/users?q=&limit= (users.view) → people to start a conversation with. */
export function getUsers(
  api: Pick<ApiClient, 'get'>,
  { q = '', limit = 50 }: { q?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<UserList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (q.trim()) query.set('q', q.trim());
  return api.get<UserList>(`/api/users?${query}`, { signal });
}

export function usersQueryOptions(api: Pick<ApiClient, 'get'>, { q = '' }: { q?: string } = {}) {
  return queryOptions({
    queryKey: userKeys.list({ q: q.trim() }),
    queryFn: ({ signal }) => getUsers(api, { q }, signal),
  });
}

export function useUsers({ q = '', enabled = true }: { q?: string; enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...usersQueryOptions(api, { q }), enabled });
}
