import type { UserProfile } from '../../contract/user-directory';
import { isApiError } from '../../http/api-error';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { userKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userUrl } from './user-urls';

/** GET /api/users/:id → a person's page (404 when missing or not visible to the caller). */
export function getUser(
  api: Pick<ApiClient, 'get'>,
  userId: number,
  signal?: AbortSignal,
): Promise<UserProfile> {
  return api.get<UserProfile>(userUrl(userId), { signal });
}

export function userQueryOptions(api: Pick<ApiClient, 'get'>, userId: number) {
  return queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => getUser(api, userId, signal),
  });
}

/** 403 and 404 are answers, not hiccups: they show at once instead of being asked again. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && [403, 404].includes(error.status)) && failures < 1;

export function useUser(userId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...userQueryOptions(api, userId ?? 0),
    enabled: status === 'authenticated' && userId !== null,
    retry: retryUnlessRefused,
  });
}
