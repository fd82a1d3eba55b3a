import type { OffboardingPreview, OffboardingResult } from '../../contract/account';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { accountKeys } from '../keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountUrl } from './urls';

/** GET /api/accounts/:id/offboarding: what the person had and what each step will do. */
export const getOffboarding = (api: Pick<ApiClient, 'get'>, id: number, signal?: AbortSignal) =>
  api.get<OffboardingPreview>(`${accountUrl(id)}/offboarding`, { signal });

export const offboardingQueryOptions = (api: Pick<ApiClient, 'get'>, id: number) =>
  queryOptions({
    queryKey: accountKeys.offboarding(id),
    queryFn: ({ signal }) => getOffboarding(api, id, signal),
  });

export function useOffboarding(id: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...offboardingQueryOptions(api, id ?? 0),
    enabled: status === 'authenticated' && id !== null,
  });
}

/** POST /api/accounts/:id/offboarding {assignee_id}. */
export const runOffboarding = (api: Pick<ApiClient, 'post'>, id: number, assigneeId: number | null) =>
  api.post<OffboardingResult>(`${accountUrl(id)}/offboarding`, { assignee_id: assigneeId });

export function useRunOffboarding() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, assigneeId }: { id: number; assigneeId: number | null }) =>
      runOffboarding(api, id, assigneeId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
