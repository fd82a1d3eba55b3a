import type { AccountLinkInfo, ChangePasswordInput } from '../../contract/account';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { accountKeys } from '../keys';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ACCOUNTS_URL, INVITATIONS_URL, PASSWORD_RESETS_URL } from './urls';

const encode = (token: string) => encodeURIComponent(token);

/** GET /api/invitations/:token → whose invitation it is (410 when expired or used). */
export const getInvitation = (api: Pick<ApiClient, 'get'>, token: string, signal?: AbortSignal) =>
  api.get<AccountLinkInfo>(`${INVITATIONS_URL}/${encode(token)}`, { signal });

export const invitationQueryOptions = (api: Pick<ApiClient, 'get'>, token: string) =>
  queryOptions({
    queryKey: accountKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(api, token, signal),
    retry: false,
    staleTime: Infinity,
  });

export const useInvitation = (token: string) => useQuery(invitationQueryOptions(useApiClient(), token));

export const acceptInvitation = (api: Pick<ApiClient, 'post'>, token: string, password: string) =>
  api.post<void>(`${INVITATIONS_URL}/${encode(token)}/accept`, { password });

export function useAcceptInvitation(token: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (password: string) => acceptInvitation(api, token, password) });
}

/** POST /api/password-resets {email} → the same message whether or not the account exists. */
export const requestPasswordReset = (api: Pick<ApiClient, 'post'>, email: string) =>
  api.post<{ message: string }>(PASSWORD_RESETS_URL, { email });

export function useRequestPasswordReset() {
  const api = useApiClient();
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(api, email) });
}

export const getPasswordReset = (api: Pick<ApiClient, 'get'>, token: string, signal?: AbortSignal) =>
  api.get<AccountLinkInfo>(`${PASSWORD_RESETS_URL}/${encode(token)}`, { signal });

export const passwordResetQueryOptions = (api: Pick<ApiClient, 'get'>, token: string) =>
  queryOptions({
    queryKey: accountKeys.reset(token),
    queryFn: ({ signal }) => getPasswordReset(api, token, signal),
    retry: false,
    staleTime: Infinity,
  });

export const usePasswordReset = (token: string) => useQuery(passwordResetQueryOptions(useApiClient(), token));

export const confirmPasswordReset = (api: Pick<ApiClient, 'post'>, token: string, password: string) =>
  api.post<void>(`${PASSWORD_RESETS_URL}/${encode(token)}`, { password });

export function useConfirmPasswordReset(token: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (password: string) => confirmPasswordReset(api, token, password) });
}

/** POST /api/accounts/me/password: one's own password (the temporary one too); other sessions end. */
export const changeOwnPassword = (api: Pick<ApiClient, 'post'>, input: ChangePasswordInput) =>
  api.post<void>(`${ACCOUNTS_URL}/me/password`, input);

export function useChangeOwnPassword() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: ChangePasswordInput) => changeOwnPassword(api, input) });
}
