import type {
  CreatePasswordInput,
  PasswordItem,
  UpdatePasswordInput,
  VaultFolder,
} from '../../contract/password';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { passwordKeys } from '../keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORDS_URL, folderUrl, passwordUrl } from './urls';

/** POST /api/passwords → the new item (its secrets sealed on the server). */
export function createPassword(api: Pick<ApiClient, 'post'>, input: CreatePasswordInput) {
  return api.post<PasswordItem>(PASSWORDS_URL, input);
}

/** PATCH /api/passwords/:id → the item at its new version; a secret sent as null is removed. */
export function updatePassword(api: Pick<ApiClient, 'patch'>, id: number, input: UpdatePasswordInput) {
  return api.patch<PasswordItem>(passwordUrl(id), input);
}

/** DELETE /api/passwords/:id: archives the item. */
export function archivePassword(api: Pick<ApiClient, 'delete'>, id: number) {
  return api.delete<void>(passwordUrl(id));
}

/** Saves a new item (id null) or changes one; the item's page shows the answer at once. */
export function useSavePassword(id: number | null) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePasswordInput | UpdatePasswordInput) =>
      id === null ? createPassword(api, input as CreatePasswordInput) : updatePassword(api, id, input),
    onSuccess: (item) => queryClient.setQueryData(passwordKeys.detail(item.id), item),
  });
}

export function useArchivePassword() {
  const api = useApiClient();
  return useMutation({ mutationFn: (id: number) => archivePassword(api, id) });
}

export interface FolderInput {
  name: string;
  company_id?: number | null;
  require_reason?: boolean;
  rotate_every_days?: number | null;
}

/** POST /api/passwords/folders → the folder. */
export function createFolder(api: Pick<ApiClient, 'post'>, input: FolderInput) {
  return api.post<VaultFolder>(`${PASSWORDS_URL}/folders`, input);
}

export function useCreateFolder() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: FolderInput) => createFolder(api, input) });
}

/** PATCH /api/passwords/folders/:id → the folder. */
export function updateFolder(
  api: Pick<ApiClient, 'patch'>,
  id: number,
  input: Partial<Omit<FolderInput, 'company_id'>>,
) {
  return api.patch<VaultFolder>(folderUrl(id), input);
}
