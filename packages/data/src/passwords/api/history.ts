import type {
  PasswordItem,
  PasswordVersion,
  RevealLog,
  SetGrantsInput,
  VaultGrantList,
} from '../../contract/password';
import type { RevealLogAction } from '../../contract/password-constants';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { passwordKeys } from '../keys';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryUnlessRefused } from './get-password';
import { PASSWORDS_URL, folderUrl, passwordUrl, searchOf } from './urls';

/** GET /api/passwords/:id/versions → the last 10 versions (level editar). */
export function getPasswordVersions(api: Pick<ApiClient, 'get'>, id: number, signal?: AbortSignal) {
  return api.get<{ items: PasswordVersion[] }>(`${passwordUrl(id)}/versions`, { signal });
}

export function usePasswordVersions(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: passwordKeys.versions(id),
    queryFn: ({ signal }) => getPasswordVersions(api, id, signal),
    enabled: enabled && status === 'authenticated',
    retry: retryUnlessRefused,
  });
}

/** POST /api/passwords/:id/versions/:version/restore → the item at its new version. */
export function restorePasswordVersion(api: Pick<ApiClient, 'post'>, id: number, version: number) {
  return api.post<PasswordItem>(`${passwordUrl(id)}/versions/${version}/restore`);
}

export function useRestorePasswordVersion(id: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restorePasswordVersion(api, id, version),
    onSuccess: (item) => queryClient.setQueryData(passwordKeys.detail(id), item),
  });
}

export interface RevealLogFilterParams {
  item_id?: number;
  actor_id?: number;
  company_id?: number;
  /** reveal, copy, totp or break_glass. */
  action?: RevealLogAction;
  /** Days (AAAA-MM-DD, Brazil's), both included. */
  from?: string;
  to?: string;
}

export interface RevealLogParams extends RevealLogFilterParams {
  page?: number;
  limit?: number;
}

/** GET /api/passwords/reveals → who saw what, when and why. */
export function getRevealLog(api: Pick<ApiClient, 'get'>, params: RevealLogParams, signal?: AbortSignal) {
  return api.get<RevealLog>(`${PASSWORDS_URL}/reveals${searchOf({ ...params })}`, { signal });
}

export function useRevealLog(params: RevealLogParams, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: passwordKeys.reveals({ ...params }),
    queryFn: ({ signal }) => getRevealLog(api, params, signal),
    enabled: enabled && status === 'authenticated',
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/passwords/reveals/export.csv → the filtered log as a CSV file (taking it is audited). */
export function exportRevealLog(api: Pick<ApiClient, 'get'>, filters: RevealLogFilterParams) {
  return api.get<Blob>(`${PASSWORDS_URL}/reveals/export.csv${searchOf({ ...filters })}`, {
    responseType: 'blob',
  });
}

/** Downloads the log as filtered; nothing cached changes (the export is a read). */
export function useExportRevealLog() {
  const api = useApiClient();
  return useMutation({ mutationFn: (filters: RevealLogFilterParams) => exportRevealLog(api, filters) });
}

export type GrantTarget = { itemId: number } | { folderId: number };

const accessUrl = (target: GrantTarget) =>
  'itemId' in target ? `${passwordUrl(target.itemId)}/access` : `${folderUrl(target.folderId)}/access`;

/** GET …/access → who reaches an item or a folder (level gerenciar). */
export function getGrants(api: Pick<ApiClient, 'get'>, target: GrantTarget, signal?: AbortSignal) {
  return api.get<VaultGrantList>(accessUrl(target), { signal });
}

export function useGrants(target: GrantTarget, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey:
      'itemId' in target ? passwordKeys.access(target.itemId) : passwordKeys.folderAccess(target.folderId),
    queryFn: ({ signal }) => getGrants(api, target, signal),
    enabled: enabled && status === 'authenticated',
    retry: retryUnlessRefused,
  });
}

/** PUT …/access → the grants as saved (a folder's cover its future items). */
export function setGrants(api: Pick<ApiClient, 'put'>, target: GrantTarget, input: SetGrantsInput) {
  return api.put<VaultGrantList>(accessUrl(target), input);
}

export function useSetGrants(target: GrantTarget) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: SetGrantsInput) => setGrants(api, target, input) });
}
