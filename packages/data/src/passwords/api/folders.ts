import type { VaultFolder } from '../../contract/password';
import type { VaultGrantees } from '../../contract/password-access';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { passwordKeys } from '../keys';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { FolderInput } from './save-password';
import { PASSWORDS_URL, folderUrl, searchOf } from './urls';
import { retryUnlessRefused } from './get-password';

/** What a folder's PATCH changes: its name, reason, rotation, or its company (an empty folder only). */
export type FolderChanges = Partial<FolderInput>;

/** PATCH /api/passwords/folders/:id → the folder renamed or moved (409 when a moved folder holds items). */
export function useUpdateFolder() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: FolderChanges }) =>
      api.patch<VaultFolder>(folderUrl(id), changes),
  });
}

/** DELETE /api/passwords/folders/:id: an empty folder goes (409 with the count of items left in it). */
export function deleteFolder(api: Pick<ApiClient, 'delete'>, id: number) {
  return api.delete<void>(folderUrl(id));
}

export function useDeleteFolder() {
  const api = useApiClient();
  return useMutation({ mutationFn: (folder: Pick<VaultFolder, 'id'>) => deleteFolder(api, folder.id) });
}

/** GET /api/passwords/grantees → staff people (by name) and roles access can be given to. */
export function getGrantees(api: Pick<ApiClient, 'get'>, q: string, signal?: AbortSignal) {
  return api.get<VaultGrantees>(`${PASSWORDS_URL}/grantees${searchOf({ q })}`, { signal });
}

export function useGrantees(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: [...passwordKeys.all, 'grantees', q.trim()] as const,
    queryFn: ({ signal }) => getGrantees(api, q.trim(), signal),
    enabled: enabled && status === 'authenticated',
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
