import type {
  Account,
  AccountAction,
  BulkAccountAction,
  BulkAccountResult,
  CreateAccountInput,
  CreateAccountResponse,
  InvitationLink,
  UpdateAccountInput,
} from '../../contract/account';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { accountKeys } from '../keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNTS_URL, accountUrl } from './urls';

/** POST /api/accounts → the account and, for an invitation, the link to copy (and whether it was e-mailed). */
export const createAccount = (api: Pick<ApiClient, 'post'>, input: CreateAccountInput) =>
  api.post<CreateAccountResponse>(ACCOUNTS_URL, input);

export const updateAccount = (api: Pick<ApiClient, 'patch'>, id: number, input: UpdateAccountInput) =>
  api.patch<Account>(accountUrl(id), input);

/** POST /api/accounts/:id/suspend | reactivate | deactivate. */
export const actOnAccount = (api: Pick<ApiClient, 'post'>, id: number, action: AccountAction) =>
  api.post<Account>(`${accountUrl(id)}/${action}`);

export const bulkAccountAction = (api: Pick<ApiClient, 'post'>, input: BulkAccountAction) =>
  api.post<BulkAccountResult>(`${ACCOUNTS_URL}/bulk`, input);

export const renewInvitation = (api: Pick<ApiClient, 'post'>, id: number) =>
  api.post<InvitationLink>(`${accountUrl(id)}/invitation`);

export const setTemporaryPassword = (api: Pick<ApiClient, 'post'>, id: number, password: string) =>
  api.post<Account>(`${accountUrl(id)}/temporary-password`, { password });

/** Every account write refreshes the accounts lists once settled. */
function useAccountMutation<TInput, TResult>(run: (api: ApiClient, input: TInput) => Promise<TResult>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => run(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export const useCreateAccount = () =>
  useAccountMutation((api, input: CreateAccountInput) => createAccount(api, input));
export const useUpdateAccount = () =>
  useAccountMutation((api, { id, input }: { id: number; input: UpdateAccountInput }) =>
    updateAccount(api, id, input),
  );
export const useAccountAction = () =>
  useAccountMutation((api, { id, action }: { id: number; action: AccountAction }) =>
    actOnAccount(api, id, action),
  );
export const useBulkAccountAction = () =>
  useAccountMutation((api, input: BulkAccountAction) => bulkAccountAction(api, input));
export const useRenewInvitation = () => useAccountMutation((api, id: number) => renewInvitation(api, id));
export const useSetTemporaryPassword = () =>
  useAccountMutation((api, { id, password }: { id: number; password: string }) =>
    setTemporaryPassword(api, id, password),
  );
