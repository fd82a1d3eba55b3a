import type { Company } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useMutation } from '@tanstack/react-query';
import { companyUrl } from './company-urls';

/**
 * POST /api/companies/:id/archive (or /unarchive) → the company. Archiving is refused (409, with the
 * reason) while the company has open chamados.
 */
export function setCompanyArchived(
  api: Pick<ApiClient, 'post'>,
  companyId: number,
  archived: boolean,
): Promise<Company> {
  return api.post<Company>(`${companyUrl(companyId)}/${archived ? 'archive' : 'unarchive'}`);
}

export function useSetCompanyArchived(companyId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (archived: boolean) => setCompanyArchived(api, companyId, archived) });
}

/** DELETE /api/companies/:id: refused (409) when anything refers to the company; archive it instead. */
export function deleteCompany(api: Pick<ApiClient, 'delete'>, companyId: number): Promise<void> {
  return api.delete<void>(companyUrl(companyId));
}

export function useDeleteCompany() {
  const api = useApiClient();
  return useMutation({ mutationFn: (companyId: number) => deleteCompany(api, companyId) });
}
