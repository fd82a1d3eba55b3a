import type {
  ConnectSessionAnswer,
  ConnectSessionInput,
  ConnectionLaunch,
  ConnectionLaunchInput,
} from '../../contract/connection';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useMutation } from '@tanstack/react-query';
import { connectionUrl } from './urls';

/**
 * POST /api/connections/:id/sessions → a one-time ticket (30 s, single use, bound to this login session) the
 * terminal opens the gateway's stream with. The credential stays on the server.
 */
export function openConnectionSession(
  api: Pick<ApiClient, 'post'>,
  id: number,
  input: ConnectSessionInput,
): Promise<ConnectSessionAnswer> {
  return api.post<ConnectSessionAnswer>(`${connectionUrl(id)}/sessions`, input);
}

export function useOpenConnectionSession(id: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: ConnectSessionInput) => openConnectionSession(api, id, input) });
}

/** POST /api/connections/:id/launch → the link, .rdp file or URL for the native client, recorded as a session. */
export function launchConnection(
  api: Pick<ApiClient, 'post'>,
  id: number,
  input: ConnectionLaunchInput = {},
): Promise<ConnectionLaunch> {
  return api.post<ConnectionLaunch>(`${connectionUrl(id)}/launch`, input);
}

export function useLaunchConnection(id: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: ConnectionLaunchInput) => launchConnection(api, id, input) });
}
