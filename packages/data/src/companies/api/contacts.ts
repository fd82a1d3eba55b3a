import type {
  CompanyContact,
  CompanyContactList,
  CreateCompanyContact,
  UpdateCompanyContact,
} from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { companyKeys } from '../keys';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from './get-company';
import { companyContactUrl, companyContactsUrl } from './company-urls';

/** The server's page of contacts (GET …/contacts answers 25 a page by default). */
export const COMPANY_CONTACTS_PAGE_SIZE = 25;

/** Which page of a company's contacts, and the text they are searched by (name, e-mail, cargo, departamento). */
export interface CompanyContactsParams {
  page?: number;
  q?: string;
}

/**
 * GET /api/companies/:id/contacts?page=&q= → the people of the company (theirs, and those who also answer for
 * it), 25 a page, searched ignoring accents and case.
 */
export function getCompanyContacts(
  api: Pick<ApiClient, 'get'>,
  companyId: number,
  params: CompanyContactsParams = {},
  signal?: AbortSignal,
): Promise<CompanyContactList> {
  const search = new URLSearchParams();
  if (params.page && params.page > 1) search.set('page', String(params.page));
  if (params.q?.trim()) search.set('q', params.q.trim());
  const query = search.toString();
  return api.get<CompanyContactList>(`${companyContactsUrl(companyId)}${query ? `?${query}` : ''}`, {
    signal,
  });
}

export function companyContactsQueryOptions(
  api: Pick<ApiClient, 'get'>,
  companyId: number,
  params: CompanyContactsParams = {},
) {
  const normalized = { page: params.page ?? 1, q: params.q?.trim() ?? '' };
  return queryOptions({
    queryKey: companyKeys.contacts(companyId, normalized),
    queryFn: ({ signal }) => getCompanyContacts(api, companyId, normalized, signal),
  });
}

export function useCompanyContacts(companyId: number | null, params: CompanyContactsParams = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...companyContactsQueryOptions(api, companyId ?? 0, params),
    enabled: status === 'authenticated' && companyId !== null,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** POST /api/companies/:id/contacts. */
export function createCompanyContact(
  api: Pick<ApiClient, 'post'>,
  companyId: number,
  input: CreateCompanyContact,
) {
  return api.post<CompanyContact>(companyContactsUrl(companyId), input);
}

/** PATCH /api/companies/:id/contacts/:contactId. */
export function updateCompanyContact(
  api: Pick<ApiClient, 'patch'>,
  companyId: number,
  contactId: number,
  changes: UpdateCompanyContact,
) {
  return api.patch<CompanyContact>(companyContactUrl(companyId, contactId), changes);
}

/** DELETE /api/companies/:id/contacts/:contactId. */
export function deleteCompanyContact(api: Pick<ApiClient, 'delete'>, companyId: number, contactId: number) {
  return api.delete<void>(companyContactUrl(companyId, contactId));
}

/** Create (no `contactId`) or edit a contact; the API client refreshes the company's caches after. */
export function useSaveCompanyContact(companyId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({
      contactId,
      input,
    }: {
      contactId?: number;
      input: CreateCompanyContact | UpdateCompanyContact;
    }) =>
      contactId === undefined
        ? createCompanyContact(api, companyId, input as CreateCompanyContact)
        : updateCompanyContact(api, companyId, contactId, input as UpdateCompanyContact),
  });
}

export function useDeleteCompanyContact(companyId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (contactId: number) => deleteCompanyContact(api, companyId, contactId) });
}
