import type { CompanyFormOptions } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { companyKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMPANIES_URL } from './company-urls';

/** GET /api/companies/options → account managers and every company (grupo econômico, other companies). */
export function getCompanyOptions(api: Pick<ApiClient, 'get'>, signal?: AbortSignal) {
  return api.get<CompanyFormOptions>(`${COMPANIES_URL}/options`, { signal });
}

export function companyOptionsQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({
    queryKey: companyKeys.options(),
    queryFn: ({ signal }) => getCompanyOptions(api, signal),
    // Forms open often and these change rarely.
    staleTime: 60_000,
  });
}

export function useCompanyOptions({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...companyOptionsQueryOptions(api), enabled: enabled && status === 'authenticated' });
}
