import type { CompanyList } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { companyKeys } from '../keys';
import { companyListSearch, normalizeCompanyListParams, type CompanyListParams } from '../rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COMPANIES_URL } from './company-urls';

/** GET /api/companies?… → one page `{items, total}` (accent- and case-insensitive `q`). */
export function getCompanies(
  api: Pick<ApiClient, 'get'>,
  params: CompanyListParams,
  signal?: AbortSignal,
): Promise<CompanyList> {
  return api.get<CompanyList>(`${COMPANIES_URL}${companyListSearch(params)}`, { signal });
}

export function companiesQueryOptions(api: Pick<ApiClient, 'get'>, params: CompanyListParams = {}) {
  const normalized = normalizeCompanyListParams(params);
  return queryOptions({
    queryKey: companyKeys.list({ ...normalized }),
    queryFn: ({ signal }) => getCompanies(api, normalized, signal),
  });
}

/** A page of companies; the previous page stays on screen while the next filters load. */
export function useCompanies(params: CompanyListParams = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...companiesQueryOptions(api, params),
    enabled: status === 'authenticated',
    placeholderData: keepPreviousData,
  });
}
