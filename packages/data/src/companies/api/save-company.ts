import type { Company, CompanyDetail, CreateCompany, UpdateCompany } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { companyKeys } from '../keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_URL, companyUrl } from './company-urls';

/** POST /api/companies → the new company (companies.manage). */
export function createCompany(api: Pick<ApiClient, 'post'>, input: CreateCompany): Promise<Company> {
  return api.post<Company>(COMPANIES_URL, input);
}

/** PATCH /api/companies/:id → the company (companies.manage). */
export function updateCompany(
  api: Pick<ApiClient, 'patch'>,
  companyId: number,
  changes: UpdateCompany,
): Promise<Company> {
  return api.patch<Company>(companyUrl(companyId), changes);
}

/** The API client refreshes every cached company query after the POST. */
export function useCreateCompany() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: CreateCompany) => createCompany(api, input) });
}

/**
 * Edits show on the company page at once (the plain fields; names of people and parents follow the server's
 * answer) and roll back if the server refuses; the API client then refreshes the company caches.
 */
export function useUpdateCompany(companyId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const detailKey = companyKeys.detail(companyId);
  return useMutation({
    mutationFn: (changes: UpdateCompany) => updateCompany(api, companyId, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      const previous = queryClient.getQueryData<CompanyDetail>(detailKey);
      if (previous) {
        const { account_manager_id: _manager, parent_id: _parent, ...plain } = changes;
        queryClient.setQueryData<CompanyDetail>(detailKey, {
          ...previous,
          ...(plain as Partial<CompanyDetail>),
        });
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
    },
  });
}
