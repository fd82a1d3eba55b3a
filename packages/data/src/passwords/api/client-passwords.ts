import type {
  ClientPasswordList,
  ClientRevealRequest,
  CompanyPasswordFigures,
} from '../../contract/password-request';
import type { RevealResult } from '../../contract/password';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { passwordKeys } from '../keys';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { PASSWORDS_URL } from './urls';

export const clientPasswordKeys = {
  items: () => [...passwordKeys.all, 'portal', 'items'] as const,
  figures: (companyId: number) => [...passwordKeys.all, 'company-figures', companyId] as const,
};

/** GET /api/passwords/portal/items → the client's company's items flagged visível ao cliente (no secret). */
export const getClientPasswords = (api: Pick<ApiClient, 'get'>, signal?: AbortSignal) =>
  api.get<ClientPasswordList>(`${PASSWORDS_URL}/portal/items`, { signal });

export function useClientPasswords() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: clientPasswordKeys.items(),
    queryFn: ({ signal }) => getClientPasswords(api, signal),
    enabled: status === 'authenticated',
  });
}

/**
 * POST /api/passwords/portal/items/:id/reveal → `{field, value}`: audited like staff's reveals, answered with
 * no-store; the value lives in the caller's state only.
 */
export const revealClientPassword = (api: Pick<ApiClient, 'post'>, id: number, input: ClientRevealRequest) =>
  api.post<RevealResult>(`${PASSWORDS_URL}/portal/items/${id}/reveal`, input);

export function useRevealClientPassword(id: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: ClientRevealRequest) => revealClientPassword(api, id, input) });
}

/** GET /api/passwords/companies/:id/figures → the company page's items and rotations due or overdue. */
export const getCompanyPasswordFigures = (
  api: Pick<ApiClient, 'get'>,
  companyId: number,
  signal?: AbortSignal,
) => api.get<CompanyPasswordFigures>(`${PASSWORDS_URL}/companies/${companyId}/figures`, { signal });

export const companyPasswordFiguresQueryOptions = (api: Pick<ApiClient, 'get'>, companyId: number) =>
  queryOptions({
    queryKey: clientPasswordKeys.figures(companyId),
    queryFn: ({ signal }) => getCompanyPasswordFigures(api, companyId, signal),
  });

export function useCompanyPasswordFigures(companyId: number) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...companyPasswordFiguresQueryOptions(api, companyId),
    enabled: status === 'authenticated',
  });
}
