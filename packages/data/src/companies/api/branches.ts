import type { Branch, BranchList, CreateBranch, UpdateBranch } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { companyKeys } from '../keys';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from './get-company';
import { branchUrl, branchesUrl } from './company-urls';

/** GET /api/companies/:id/branches → its filiais, the head office first. */
export function getBranches(
  api: Pick<ApiClient, 'get'>,
  companyId: number,
  signal?: AbortSignal,
): Promise<BranchList> {
  return api.get<BranchList>(branchesUrl(companyId), { signal });
}

export function branchesQueryOptions(api: Pick<ApiClient, 'get'>, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.branches(companyId),
    queryFn: ({ signal }) => getBranches(api, companyId, signal),
  });
}

export function useBranches(companyId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...branchesQueryOptions(api, companyId ?? 0),
    enabled: status === 'authenticated' && companyId !== null,
    retry: retryUnlessRefused,
  });
}

/** POST /api/companies/:id/branches: a CNPJ must share the company's root (400 on `cnpj` otherwise). */
export function createBranch(api: Pick<ApiClient, 'post'>, companyId: number, input: CreateBranch) {
  return api.post<Branch>(branchesUrl(companyId), input);
}

/** PATCH /api/companies/:id/branches/:branchId. */
export function updateBranch(
  api: Pick<ApiClient, 'patch'>,
  companyId: number,
  branchId: number,
  changes: UpdateBranch,
) {
  return api.patch<Branch>(branchUrl(companyId, branchId), changes);
}

/** DELETE /api/companies/:id/branches/:branchId: refused (409) while open chamados reference it. */
export function deleteBranch(api: Pick<ApiClient, 'delete'>, companyId: number, branchId: number) {
  return api.delete<void>(branchUrl(companyId, branchId));
}

/** Create (no `branchId`) or edit a branch; the API client refreshes the company's caches after. */
export function useSaveBranch(companyId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ branchId, input }: { branchId?: number; input: CreateBranch | UpdateBranch }) =>
      branchId === undefined
        ? createBranch(api, companyId, input as CreateBranch)
        : updateBranch(api, companyId, branchId, input as UpdateBranch),
  });
}

export function useDeleteBranch(companyId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (branchId: number) => deleteBranch(api, companyId, branchId) });
}
