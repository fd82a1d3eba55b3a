import type { UpdateUserAccessInput, UserAccess } from '../../contract/role';
import { isApiError } from '../../http/api-error';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { roleKeys } from '../keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userAccessUrl } from './role-urls';

/** GET /api/roles/access/:userId → a person's role, role keys, extra keys, effective keys and company scope. */
export function getUserAccess(
  api: Pick<ApiClient, 'get'>,
  userId: number,
  signal?: AbortSignal,
): Promise<UserAccess> {
  return api.get<UserAccess>(userAccessUrl(userId), { signal });
}

export function userAccessQueryOptions(api: Pick<ApiClient, 'get'>, userId: number) {
  return queryOptions({
    queryKey: roleKeys.access(userId),
    queryFn: ({ signal }) => getUserAccess(api, userId, signal),
  });
}

const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && [403, 404].includes(error.status)) && failures < 1;

export function useUserAccess(userId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...userAccessQueryOptions(api, userId ?? 0),
    enabled: status === 'authenticated' && userId !== null,
    retry: retryUnlessRefused,
  });
}

/** PUT /api/roles/access/:userId → the person's access after the change (audited with before and after). */
export function updateUserAccess(
  api: Pick<ApiClient, 'put'>,
  userId: number,
  input: UpdateUserAccessInput,
): Promise<UserAccess> {
  return api.put<UserAccess>(userAccessUrl(userId), input);
}

export function useUpdateUserAccess(userId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserAccessInput) => updateUserAccess(api, userId, input),
    // The answer is the new state: show it at once (the path rule refetches the rest).
    onSuccess: (access) => queryClient.setQueryData(roleKeys.access(userId), access),
    // A person's role shows in the directory and on their page too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
