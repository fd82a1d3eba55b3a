import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SecuritySettingsAnswer, SecuritySettingsUpdate, UserSecurity } from '../../contract/security';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { securityKeys } from '../keys';
import { SECURITY_URL, userSecurityUrl } from './urls';

/** GET /api/security/users/:id: a person's 2FA state (who manages users). */
export const userSecurityQueryOptions = (api: Pick<ApiClient, 'get'>, userId: number) =>
  queryOptions({
    queryKey: securityKeys.user(userId),
    queryFn: () => api.get<UserSecurity>(userSecurityUrl(userId)),
  });

export function useUserSecurity(userId: number) {
  const api = useApiClient();
  return useQuery(userSecurityQueryOptions(api, userId));
}

/** POST …/users/:id/two-factor/reset: the person enrols again (and is signed out everywhere). */
export function useResetTwoFactor(userId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: () => api.post<void>(`${userSecurityUrl(userId)}/two-factor/reset`) });
}

/** GET /api/security/settings: who must use 2FA (admins). */
export const securitySettingsQueryOptions = (api: Pick<ApiClient, 'get'>) =>
  queryOptions({
    queryKey: securityKeys.settings(),
    queryFn: () => api.get<SecuritySettingsAnswer>(`${SECURITY_URL}/settings`),
  });

export function useSecuritySettings() {
  const api = useApiClient();
  return useQuery(securitySettingsQueryOptions(api));
}

export function useSaveSecuritySettings() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (settings: SecuritySettingsUpdate) =>
      api.put<SecuritySettingsAnswer>(`${SECURITY_URL}/settings`, settings),
  });
}
