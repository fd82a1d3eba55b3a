import type {
  Connection,
  CreateConnectionInput,
  HostKeyInput,
  UpdateConnectionInput,
} from '../../contract/connection';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { connectionKeys } from '../keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONNECTIONS_URL, connectionUrl } from './urls';

/** POST /api/connections → the new connection. */
export function createConnection(api: Pick<ApiClient, 'post'>, input: CreateConnectionInput) {
  return api.post<Connection>(CONNECTIONS_URL, input);
}

/** PATCH /api/connections/:id → the connection as changed. */
export function updateConnection(api: Pick<ApiClient, 'patch'>, id: number, input: UpdateConnectionInput) {
  return api.patch<Connection>(connectionUrl(id), input);
}

/** DELETE /api/connections/:id: its sessions and recordings stay on record. */
export function deleteConnection(api: Pick<ApiClient, 'delete'>, id: number) {
  return api.delete<void>(connectionUrl(id));
}

/** PUT /api/connections/:id/host-key: pins a fingerprint, or null to trust the next key shown (TOFU). */
export function pinHostKey(api: Pick<ApiClient, 'put'>, id: number, input: HostKeyInput) {
  return api.put<Connection>(`${connectionUrl(id)}/host-key`, input);
}

/** PUT /api/connections/:id/my-credential: the caller's own vault item ("credencial de cada pessoa"). */
export function setMyConnectionCredential(
  api: Pick<ApiClient, 'put'>,
  id: number,
  vaultItemId: number | null,
) {
  return api.put<{ vault_item: { id: number; name: string } | null }>(`${connectionUrl(id)}/my-credential`, {
    vault_item_id: vaultItemId,
  });
}

/** Saves a new connection (id null) or changes one; its page shows the answer at once. */
export function useSaveConnection(id: number | null) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConnectionInput | UpdateConnectionInput) =>
      id === null
        ? createConnection(api, input as CreateConnectionInput)
        : updateConnection(api, id, input as UpdateConnectionInput),
    onSuccess: (connection) => queryClient.setQueryData(connectionKeys.detail(connection.id), connection),
  });
}

export function useDeleteConnection() {
  const api = useApiClient();
  return useMutation({ mutationFn: (id: number) => deleteConnection(api, id) });
}

export function usePinHostKey(id: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sha256: string | null) => pinHostKey(api, id, { sha256 }),
    onSuccess: (connection) => queryClient.setQueryData(connectionKeys.detail(connection.id), connection),
  });
}

export function useSetMyConnectionCredential(id: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (vaultItemId: number | null) => setMyConnectionCredential(api, id, vaultItemId),
  });
}
