import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ActiveSessionList, RevokedCount } from '../../contract/security';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { securityKeys } from '../keys';
import { SECURITY_URL, userSecurityUrl } from './urls';

/** GET /api/security/sessions (one's own) or /users/:id/sessions (a person's, for who manages users). */
export const activeSessionsQueryOptions = (api: Pick<ApiClient, 'get'>, userId?: number) =>
  queryOptions({
    queryKey: userId ? securityKeys.userSessions(userId) : securityKeys.sessions(),
    queryFn: () =>
      api.get<ActiveSessionList>(userId ? `${userSecurityUrl(userId)}/sessions` : `${SECURITY_URL}/sessions`),
  });

export function useActiveSessions(userId?: number) {
  const api = useApiClient();
  return useQuery(activeSessionsQueryOptions(api, userId));
}

/** DELETE one session (its sockets are closed by the server). */
export function useRevokeSession(userId?: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      api.delete<void>(
        userId ? `${userSecurityUrl(userId)}/sessions/${sessionId}` : `${SECURITY_URL}/sessions/${sessionId}`,
      ),
  });
}

/** Ends all of one's other sessions, or (with `userId`) all of a person's. */
export function useRevokeOtherSessions(userId?: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: () =>
      api.post<RevokedCount>(
        userId ? `${userSecurityUrl(userId)}/sessions/revoke-all` : `${SECURITY_URL}/sessions/revoke-others`,
      ),
  });
}
