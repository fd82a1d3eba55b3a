import type { AuditEventList } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { companyKeys } from '../keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from './get-company';
import { companyUrl } from './company-urls';

/** GET /api/companies/:id/activity?page= → the audit trail of the company, newest first. */
export function getCompanyActivity(
  api: Pick<ApiClient, 'get'>,
  companyId: number,
  page: number,
  signal?: AbortSignal,
): Promise<AuditEventList> {
  return api.get<AuditEventList>(`${companyUrl(companyId)}/activity?page=${page}`, { signal });
}

export function companyActivityQueryOptions(api: Pick<ApiClient, 'get'>, companyId: number, page = 1) {
  return queryOptions({
    queryKey: companyKeys.activity(companyId, page),
    queryFn: ({ signal }) => getCompanyActivity(api, companyId, page, signal),
  });
}

export function useCompanyActivity(companyId: number | null, page = 1) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...companyActivityQueryOptions(api, companyId ?? 0, page),
    enabled: status === 'authenticated' && companyId !== null,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
