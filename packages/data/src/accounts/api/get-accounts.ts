import type { AccountList, AccountSort, AccountStatus } from '../../contract/account';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { accountKeys } from '../keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNTS_URL } from './urls';

export interface AccountListParams {
  q?: string;
  status?: AccountStatus | '';
  role?: string;
  company_id?: number | null;
  sort?: AccountSort;
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

/** The query string of a list request, empty values left out. */
export const accountListSearch = (params: AccountListParams) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** GET /api/accounts?… → one page `{items, total}`. */
export function getAccounts(
  api: Pick<ApiClient, 'get'>,
  params: AccountListParams,
  signal?: AbortSignal,
): Promise<AccountList> {
  return api.get<AccountList>(`${ACCOUNTS_URL}${accountListSearch(params)}`, { signal });
}

export function accountsQueryOptions(api: Pick<ApiClient, 'get'>, params: AccountListParams = {}) {
  return queryOptions({
    queryKey: accountKeys.list({ ...params }),
    queryFn: ({ signal }) => getAccounts(api, params, signal),
  });
}

/** A page of accounts; the previous page stays on screen while the next loads. */
export function useAccounts(params: AccountListParams = {}, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...accountsQueryOptions(api, params),
    enabled: status === 'authenticated' && (options.enabled ?? true),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
