import type { PasswordItem, PasswordOptions } from '../../contract/password';
import { isApiError } from '../../http/api-error';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { passwordKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PASSWORDS_URL, passwordUrl } from './urls';

/** 403 and 404 are answers, not hiccups: they show at once instead of being asked again. */
export const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && [403, 404, 503].includes(error.status)) && failures < 1;

/** GET /api/passwords/:id → the item's metadata and the caller's level on it. */
export function getPassword(api: Pick<ApiClient, 'get'>, id: number, signal?: AbortSignal) {
  return api.get<PasswordItem>(passwordUrl(id), { signal });
}

export function passwordQueryOptions(api: Pick<ApiClient, 'get'>, id: number) {
  return queryOptions({
    queryKey: passwordKeys.detail(id),
    queryFn: ({ signal }) => getPassword(api, id, signal),
  });
}

export function usePassword(id: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...passwordQueryOptions(api, id ?? 0),
    enabled: status === 'authenticated' && id !== null,
    retry: retryUnlessRefused,
  });
}

/** GET /api/passwords/options → folders, companies and tags for the filters and the editor. */
export function getPasswordOptions(api: Pick<ApiClient, 'get'>, signal?: AbortSignal) {
  return api.get<PasswordOptions>(`${PASSWORDS_URL}/options`, { signal });
}

export function passwordOptionsQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({
    queryKey: passwordKeys.options(),
    queryFn: ({ signal }) => getPasswordOptions(api, signal),
  });
}

export function usePasswordOptions() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...passwordOptionsQueryOptions(api),
    enabled: status === 'authenticated',
    retry: retryUnlessRefused,
  });
}
