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
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from './get-company';
import { companyContactUrl, companyContactsUrl } from './company-urls';

/** GET /api/companies/:id/contacts → the people of the company (theirs, and those who also answer for it). */
export function getCompanyContacts(
  api: Pick<ApiClient, 'get'>,
  companyId: number,
  signal?: AbortSignal,
): Promise<CompanyContactList> {
  return api.get<CompanyContactList>(companyContactsUrl(companyId), { signal });
}

export function companyContactsQueryOptions(api: Pick<ApiClient, 'get'>, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.contacts(companyId),
    queryFn: ({ signal }) => getCompanyContacts(api, companyId, signal),
  });
}

export function useCompanyContacts(companyId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...companyContactsQueryOptions(api, companyId ?? 0),
    enabled: status === 'authenticated' && companyId !== null,
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
