import type { PasswordKind, PasswordList } from '../../contract/password';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { passwordKeys } from '../keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PASSWORDS_URL, searchOf } from './urls';

export interface PasswordListParams {
  q?: string;
  kind?: PasswordKind;
  /** A company id, or 'internal' for the MSP's own items. */
  company_id?: number | 'internal';
  folder_id?: number;
  tag?: string;
  rotation?: 'due' | 'overdue';
  page?: number;
  limit?: number;
}

export const normalizePasswordListParams = (params: PasswordListParams): PasswordListParams => {
  const normalized: PasswordListParams = {};
  if (params.q?.trim()) normalized.q = params.q.trim();
  if (params.kind) normalized.kind = params.kind;
  if (params.company_id !== undefined) normalized.company_id = params.company_id;
  if (params.folder_id !== undefined) normalized.folder_id = params.folder_id;
  if (params.tag) normalized.tag = params.tag;
  if (params.rotation) normalized.rotation = params.rotation;
  if (params.page && params.page > 1) normalized.page = params.page;
  if (params.limit) normalized.limit = params.limit;
  return normalized;
};

/** GET /api/passwords?… → one page of metadata `{items, total}` (never a secret). */
export function getPasswords(
  api: Pick<ApiClient, 'get'>,
  params: PasswordListParams,
  signal?: AbortSignal,
): Promise<PasswordList> {
  return api.get<PasswordList>(`${PASSWORDS_URL}${searchOf({ ...params })}`, { signal });
}

export function passwordsQueryOptions(api: Pick<ApiClient, 'get'>, params: PasswordListParams = {}) {
  const normalized = normalizePasswordListParams(params);
  return queryOptions({
    queryKey: passwordKeys.list({ ...normalized }),
    queryFn: ({ signal }) => getPasswords(api, normalized, signal),
  });
}

/** A page of vault items; the previous page stays on screen while the next filters load. */
export function usePasswords(
  params: PasswordListParams = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...passwordsQueryOptions(api, params),
    enabled: enabled && status === 'authenticated',
    placeholderData: keepPreviousData,
  });
}
