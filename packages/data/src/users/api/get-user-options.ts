import type { UserDirectoryOptions } from '../../contract/user-directory';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { userKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USERS_URL } from './user-urls';

/** GET /api/users/options → the roles in use and the companies people belong to (the filters' choices). */
export function getUserOptions(
  api: Pick<ApiClient, 'get'>,
  signal?: AbortSignal,
): Promise<UserDirectoryOptions> {
  return api.get<UserDirectoryOptions>(`${USERS_URL}/options`, { signal });
}

export function userOptionsQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({
    queryKey: userKeys.options(),
    queryFn: ({ signal }) => getUserOptions(api, signal),
    staleTime: 5 * 60_000,
  });
}

export function useUserOptions() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...userOptionsQueryOptions(api), enabled: status === 'authenticated' });
}
