import type { AuditEventList } from '../../contract/audit';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { userKeys } from '../keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userUrl } from './user-urls';

/** Events per page of a person's audit trail. */
export const USER_AUDIT_PAGE_SIZE = 20;

/** GET /api/users/:id/audit?page= → what was done to the person's account, newest first (users.manage). */
export function getUserAudit(
  api: Pick<ApiClient, 'get'>,
  userId: number,
  page = 1,
  signal?: AbortSignal,
): Promise<AuditEventList> {
  return api.get<AuditEventList>(`${userUrl(userId)}/audit?page=${page}&limit=${USER_AUDIT_PAGE_SIZE}`, {
    signal,
  });
}

export function userAuditQueryOptions(api: Pick<ApiClient, 'get'>, userId: number, page = 1) {
  return queryOptions({
    queryKey: userKeys.audit(userId, page),
    queryFn: ({ signal }) => getUserAudit(api, userId, page, signal),
  });
}

export function useUserAudit(userId: number, page = 1, enabled = true) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...userAuditQueryOptions(api, userId, page),
    enabled: enabled && status === 'authenticated',
    placeholderData: keepPreviousData,
  });
}
