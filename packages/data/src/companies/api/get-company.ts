import type { CompanyDetail } from '../../contract';
import { isApiError } from '../../http/api-error';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { companyKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyUrl } from './company-urls';

/** GET /api/companies/:id → the company with its page's figures. */
export function getCompany(
  api: Pick<ApiClient, 'get'>,
  companyId: number,
  signal?: AbortSignal,
): Promise<CompanyDetail> {
  return api.get<CompanyDetail>(companyUrl(companyId), { signal });
}

export function companyQueryOptions(api: Pick<ApiClient, 'get'>, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.detail(companyId),
    queryFn: ({ signal }) => getCompany(api, companyId, signal),
  });
}

/** 403 and 404 are answers, not hiccups: they show at once instead of being asked again. */
export const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && [403, 404].includes(error.status)) && failures < 1;

export function useCompany(companyId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...companyQueryOptions(api, companyId ?? 0),
    enabled: status === 'authenticated' && companyId !== null,
    retry: retryUnlessRefused,
  });
}
