import type {
  AnswerVaultRequestInput,
  CreateVaultRequestInput,
  CreatedVaultRequest,
  PortalVaultRequestList,
  VaultRequestInfo,
  VaultRequestList,
  VaultRequestState,
} from '../../contract/password-request';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { passwordKeys } from '../keys';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSWORDS_URL, searchOf } from './urls';

/** "Pedir credencial ao cliente" (issue 14): staff's requests, the public link and the portal's requests. */
export const VAULT_REQUESTS_URL = `${PASSWORDS_URL}/requests`;
const encode = (token: string) => encodeURIComponent(token);

export const vaultRequestKeys = {
  all: [...passwordKeys.all, 'requests'] as const,
  list: (params: Record<string, unknown> = {}) => [...vaultRequestKeys.all, 'list', params] as const,
  link: (token: string) => [...vaultRequestKeys.all, 'link', token] as const,
  portal: () => [...vaultRequestKeys.all, 'portal'] as const,
};

export interface VaultRequestListParams {
  company_id?: number;
  state?: VaultRequestState;
  page?: number;
  limit?: number;
}

/** GET /api/passwords/requests → the requests sent to clients, newest first (staff, passwords.manage). */
export const getVaultRequests = (
  api: Pick<ApiClient, 'get'>,
  params: VaultRequestListParams,
  signal?: AbortSignal,
) => api.get<VaultRequestList>(`${VAULT_REQUESTS_URL}${searchOf({ ...params })}`, { signal });

export const vaultRequestsQueryOptions = (api: Pick<ApiClient, 'get'>, params: VaultRequestListParams = {}) =>
  queryOptions({
    queryKey: vaultRequestKeys.list({ ...params }),
    queryFn: ({ signal }) => getVaultRequests(api, params, signal),
  });

export function useVaultRequests(params: VaultRequestListParams = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...vaultRequestsQueryOptions(api, params),
    enabled: status === 'authenticated',
    placeholderData: keepPreviousData,
  });
}

/** POST /api/passwords/requests → the request and its link (shown this once: only its hash is kept). */
export const createVaultRequest = (api: Pick<ApiClient, 'post'>, input: CreateVaultRequestInput) =>
  api.post<CreatedVaultRequest>(VAULT_REQUESTS_URL, input);

export function useCreateVaultRequest() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVaultRequestInput) => createVaultRequest(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vaultRequestKeys.all }),
  });
}

/** DELETE /api/passwords/requests/:id: cancels a request still waiting (its link dies). */
export const cancelVaultRequest = (api: Pick<ApiClient, 'delete'>, id: number) =>
  api.delete<void>(`${VAULT_REQUESTS_URL}/${id}`);

export function useCancelVaultRequest() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelVaultRequest(api, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vaultRequestKeys.all }),
  });
}

/** GET /api/passwords/requests/link/:token (public) → what the link asks for; 410 used or expired, 404 unknown. */
export const getVaultRequestLink = (api: Pick<ApiClient, 'get'>, token: string, signal?: AbortSignal) =>
  api.get<VaultRequestInfo>(`${VAULT_REQUESTS_URL}/link/${encode(token)}`, { signal });

export const vaultRequestLinkQueryOptions = (api: Pick<ApiClient, 'get'>, token: string) =>
  queryOptions({
    queryKey: vaultRequestKeys.link(token),
    queryFn: ({ signal }) => getVaultRequestLink(api, token, signal),
    retry: false,
    staleTime: Infinity,
  });

export const useVaultRequestLink = (token: string) =>
  useQuery(vaultRequestLinkQueryOptions(useApiClient(), token));

/** POST /api/passwords/requests/link/:token (public): sends the credential; the link dies. */
export const answerVaultRequestLink = (
  api: Pick<ApiClient, 'post'>,
  token: string,
  input: AnswerVaultRequestInput,
) => api.post<{ message: string }>(`${VAULT_REQUESTS_URL}/link/${encode(token)}`, input);

export function useAnswerVaultRequestLink(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: AnswerVaultRequestInput) => answerVaultRequestLink(api, token, input),
  });
}

/** GET /api/passwords/portal/requests → the client's company's requests waiting for an answer. */
export const getPortalVaultRequests = (api: Pick<ApiClient, 'get'>, signal?: AbortSignal) =>
  api.get<PortalVaultRequestList>(`${PASSWORDS_URL}/portal/requests`, { signal });

export function usePortalVaultRequests() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: vaultRequestKeys.portal(),
    queryFn: ({ signal }) => getPortalVaultRequests(api, signal),
    enabled: status === 'authenticated',
  });
}

/** POST /api/passwords/portal/requests/:id: a client user answers from the portal. */
export const answerPortalVaultRequest = (
  api: Pick<ApiClient, 'post'>,
  id: number,
  input: AnswerVaultRequestInput,
) => api.post<{ message: string }>(`${PASSWORDS_URL}/portal/requests/${id}`, input);

export function useAnswerPortalVaultRequest(id: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnswerVaultRequestInput) => answerPortalVaultRequest(api, id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vaultRequestKeys.portal() }),
  });
}
