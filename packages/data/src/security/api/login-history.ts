import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginEventList } from '../../contract/security';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { securityKeys } from '../keys';
import { SECURITY_URL, userSecurityUrl } from './urls';

export const LOGIN_HISTORY_PAGE_SIZE = 20;

/** GET /api/security/login-history or /users/:id/login-history, newest first, a page at a time. */
export const loginHistoryQueryOptions = (api: Pick<ApiClient, 'get'>, page = 1, userId?: number) =>
  queryOptions({
    queryKey: userId ? securityKeys.userHistory(userId, page) : securityKeys.history(page),
    queryFn: () =>
      api.get<LoginEventList>(
        `${userId ? `${userSecurityUrl(userId)}/login-history` : `${SECURITY_URL}/login-history`}?page=${page}&limit=${LOGIN_HISTORY_PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
  });

export function useLoginHistory(page = 1, userId?: number) {
  const api = useApiClient();
  return useQuery(loginHistoryQueryOptions(api, page, userId));
}
