import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../http/api-error';
import type { ApiClient } from '../http/api-client';
import { sessionKeys } from './keys';
import { normalizeUser } from './normalize-user';

export const PROFILE_URL = '/api/profile';

/** GET /api/profile, normalised. Fetched on purpose by the session, so never on focus or reconnect. */
export function profileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: async ({ signal }) => {
      const raw = await api.get<unknown>(PROFILE_URL, { signal });
      const user = normalizeUser(raw);
      if (!user) throw new ApiError(200, 'Perfil inválido', raw);
      return user;
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Only a dropped connection or a 5xx may heal on retry; a 4xx (signed out) or a bad payload will not.
    retry: (failures, error) =>
      failures < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
  });
}
