import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../contract/security';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { securityKeys } from '../keys';
import { SECURITY_URL } from './urls';

const TWO_FACTOR_URL = `${SECURITY_URL}/two-factor`;

/** GET /api/security/two-factor: one's own 2FA state. */
export const getTwoFactorStatus = (api: Pick<ApiClient, 'get'>) => api.get<TwoFactorStatus>(TWO_FACTOR_URL);

export const twoFactorStatusQueryOptions = (api: Pick<ApiClient, 'get'>) =>
  queryOptions({ queryKey: securityKeys.twoFactor(), queryFn: () => getTwoFactorStatus(api) });

export function useTwoFactorStatus() {
  const api = useApiClient();
  const { user } = useSession();
  return useQuery({ ...twoFactorStatusQueryOptions(api), enabled: Boolean(user) });
}

/** POST …/setup → a new secret and its QR code (refetched state is not needed: nothing is on yet). */
export function useStartTwoFactorSetup() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>(`${TWO_FACTOR_URL}/setup`) });
}

/** POST …/confirm {code} → the recovery codes, shown once; the client's invalidation refreshes the state. */
export function useConfirmTwoFactor() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>(`${TWO_FACTOR_URL}/confirm`, { code }),
  });
}

/** POST …/recovery-codes {code} → new recovery codes (the old ones stop working). */
export function useRegenerateRecoveryCodes() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>(`${TWO_FACTOR_URL}/recovery-codes`, { code }),
  });
}

/** POST …/disable {password, code}. */
export function useDisableTwoFactor() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<void>(`${TWO_FACTOR_URL}/disable`, input),
  });
}
