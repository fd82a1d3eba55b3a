import type { UserDirectoryList } from '../../contract/user-directory';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { userKeys } from '../keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  USERS_URL,
  normalizeUserDirectoryParams,
  userDirectorySearch,
  type UserDirectoryParams,
} from './user-urls';

/** GET /api/users?… → one page of the directory `{items, total}` (accent- and case-insensitive `q`). */
export function getUsers(
  api: Pick<ApiClient, 'get'>,
  params: UserDirectoryParams,
  signal?: AbortSignal,
): Promise<UserDirectoryList> {
  return api.get<UserDirectoryList>(`${USERS_URL}${userDirectorySearch(params)}`, { signal });
}

export function usersQueryOptions(api: Pick<ApiClient, 'get'>, params: UserDirectoryParams = {}) {
  const normalized = normalizeUserDirectoryParams(params);
  return queryOptions({
    queryKey: userKeys.list({ ...normalized }),
    queryFn: ({ signal }) => getUsers(api, normalized, signal),
  });
}

/** A page of the directory; the previous page stays on screen while the next filters load. */
export function useUsers(params: UserDirectoryParams = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...usersQueryOptions(api, params),
    enabled: status === 'authenticated',
    placeholderData: keepPreviousData,
  });
}
