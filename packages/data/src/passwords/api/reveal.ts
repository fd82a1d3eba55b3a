import type { RevealResult, TotpCode } from '../../contract/password';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { passwordKeys } from '../keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSWORDS_URL, passwordUrl } from './urls';

export interface RevealInput {
  field: string;
  purpose?: 'reveal' | 'copy';
  reason?: string | null;
  ticket_id?: number | null;
  break_glass?: boolean;
}

/**
 * POST /api/passwords/:id/reveal → `{field, value}`. The only path to a secret: audited by the server and
 * answered with no-store. The value lives in the caller's state only; it is never put in the query cache.
 */
export function revealPassword(api: Pick<ApiClient, 'post'>, id: number, input: RevealInput) {
  return api.post<RevealResult>(`${passwordUrl(id)}/reveal`, input);
}

export function useRevealPassword(id: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RevealInput) => revealPassword(api, id, input),
    // The reveal log now holds one more line (the value itself is never cached).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...passwordKeys.all, 'reveals'] }),
  });
}

/** POST /api/passwords/:id/totp → the current code and its remaining seconds (the seed stays on the server). */
export function getTotpCode(
  api: Pick<ApiClient, 'post'>,
  id: number,
  input: Omit<RevealInput, 'field' | 'purpose'> = {},
  signal?: AbortSignal,
) {
  return api.post<TotpCode>(`${passwordUrl(id)}/totp`, input, { signal });
}

/**
 * The current TOTP code while `enabled`, asked again as it runs out (each ask is audited). Never retried:
 * a refusal (usar, reason, re-confirmation) shows as it is.
 */
export function useTotpCode(id: number, { enabled, reason }: { enabled: boolean; reason?: string | null }) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: [...passwordKeys.totp(id), reason ?? ''],
    queryFn: ({ signal }) => getTotpCode(api, id, reason ? { reason } : {}, signal),
    enabled: enabled && status === 'authenticated',
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data ? query.state.data.remaining * 1000 + 250 : false),
  });
}

/** POST /api/passwords/confirm {password}: items flagged sensível reveal for the next 10 minutes. */
export function confirmVaultPassword(api: Pick<ApiClient, 'post'>, password: string) {
  return api.post<{ confirmed_until: string }>(`${PASSWORDS_URL}/confirm`, { password });
}

export function useConfirmVaultPassword() {
  const api = useApiClient();
  return useMutation({ mutationFn: (password: string) => confirmVaultPassword(api, password) });
}
