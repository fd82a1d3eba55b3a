import type { CepAddress, Company, CompanyCard, CompanySuggestionList } from '../../contract';
import { normalizeCep } from '../../contract/brazil';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { companyKeys } from '../keys';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { COMPANIES_URL, companyLogoUrl } from './company-urls';
import { retryUnlessRefused } from './get-company';

/** GET /api/companies/mine → a client user's own company card (name, logo, their branch). */
export function getMyCompany(api: Pick<ApiClient, 'get'>, signal?: AbortSignal) {
  return api.get<CompanyCard>(`${COMPANIES_URL}/mine`, { signal });
}

export function myCompanyQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({ queryKey: companyKeys.mine(), queryFn: ({ signal }) => getMyCompany(api, signal) });
}

export function useMyCompany({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  // 404: the account is not linked to a company (nothing to retry).
  return useQuery({
    ...myCompanyQueryOptions(api),
    enabled: enabled && status === 'authenticated',
    retry: retryUnlessRefused,
  });
}

/** GET /api/companies/suggest?email= → companies whose e-mail domains match the address's. */
export function suggestCompanies(api: Pick<ApiClient, 'get'>, email: string, signal?: AbortSignal) {
  return api.get<CompanySuggestionList>(`${COMPANIES_URL}/suggest?email=${encodeURIComponent(email)}`, {
    signal,
  });
}

/** Suggestions for an e-mail being typed (asked only once it has a domain). */
export function useCompanySuggestions(email: string) {
  const api = useApiClient();
  const { status } = useSession();
  const trimmed = email.trim().toLowerCase();
  return useQuery({
    queryKey: companyKeys.suggestions(trimmed),
    queryFn: ({ signal }) => suggestCompanies(api, trimmed, signal),
    enabled: status === 'authenticated' && /@[^@\s]+\.[^@\s]+$/.test(trimmed),
    staleTime: 60_000,
  });
}

/**
 * GET /api/companies/cep/:cep → the address, when the server has a CEP provider configured (404 otherwise, or
 * for an unknown CEP). The form stays editable either way.
 */
export function lookupCep(api: Pick<ApiClient, 'get'>, cep: string): Promise<CepAddress> {
  return api.get<CepAddress>(`${COMPANIES_URL}/cep/${encodeURIComponent(normalizeCep(cep))}`);
}

export function useCepLookup() {
  const api = useApiClient();
  return useMutation({ mutationFn: (cep: string) => lookupCep(api, cep) });
}

/** POST /api/companies/:id/logo (multipart `file`: JPG, PNG, GIF or WebP checked by content) → the company. */
export function uploadCompanyLogo(
  api: Pick<ApiClient, 'post'>,
  companyId: number,
  file: File,
): Promise<Company> {
  const body = new FormData();
  body.append('file', file, file.name || 'logo');
  return api.post<Company>(companyLogoUrl(companyId), body);
}

/** DELETE /api/companies/:id/logo. */
export function removeCompanyLogo(api: Pick<ApiClient, 'delete'>, companyId: number): Promise<void> {
  return api.delete<void>(companyLogoUrl(companyId));
}

export function useCompanyLogo(companyId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (file: File | null) =>
      file
        ? uploadCompanyLogo(api, companyId, file).then(() => undefined)
        : removeCompanyLogo(api, companyId),
  });
}
