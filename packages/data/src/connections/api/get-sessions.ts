import type { ConnectionSession, ConnectionSessionList } from '../../contract/connection';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { listSearch, normalizeListParams } from '../../lib/query-params';
import { useSession } from '../../session/session-provider';
import { connectionKeys } from '../keys';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CONNECTION_SESSIONS_URL, connectionSessionUrl } from './urls';

export interface ConnectionSessionListParams {
  state?: 'active' | 'ended';
  connection_id?: number;
  company_id?: number;
  ticket_id?: number;
  page?: number;
  limit?: number;
}

const SESSION_ORDER = ['state', 'connection_id', 'company_id', 'ticket_id', 'page', 'limit'] as const;

/** How often the open-sessions view asks again: sessions start and end without a write of the viewer's. */
export const ACTIVE_SESSIONS_REFRESH_MS = 10_000;

/** GET /api/connections/sessions?… → sessions, newest first (oversight and history). */
export function getConnectionSessions(
  api: Pick<ApiClient, 'get'>,
  params: ConnectionSessionListParams,
  signal?: AbortSignal,
): Promise<ConnectionSessionList> {
  return api.get<ConnectionSessionList>(`${CONNECTION_SESSIONS_URL}${listSearch(params)}`, { signal });
}

export function connectionSessionsQueryOptions(
  api: Pick<ApiClient, 'get'>,
  params: ConnectionSessionListParams = {},
) {
  const normalized = normalizeListParams(params, SESSION_ORDER);
  return queryOptions({
    queryKey: connectionKeys.sessions({ ...normalized }),
    queryFn: ({ signal }) => getConnectionSessions(api, normalized, signal),
  });
}

/** Sessions; the active ones are asked again every 10 s while shown. */
export function useConnectionSessions(
  params: ConnectionSessionListParams = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...connectionSessionsQueryOptions(api, params),
    enabled: enabled && status === 'authenticated',
    placeholderData: keepPreviousData,
    refetchInterval: params.state === 'active' ? ACTIVE_SESSIONS_REFRESH_MS : false,
  });
}

/** GET /api/connections/sessions/:id → one session's record. */
export function getConnectionSession(api: Pick<ApiClient, 'get'>, id: number, signal?: AbortSignal) {
  return api.get<ConnectionSession>(connectionSessionUrl(id), { signal });
}

export function useConnectionSessionRecord(id: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: connectionKeys.session(id ?? 0),
    queryFn: ({ signal }) => getConnectionSession(api, id ?? 0, signal),
    enabled: id !== null && status === 'authenticated',
  });
}

/** POST /api/connections/sessions/:id/end: an admin ends a live session (audited, with a reason). */
export function endConnectionSession(api: Pick<ApiClient, 'post'>, id: number, reason?: string) {
  return api.post<ConnectionSession>(`${connectionSessionUrl(id)}/end`, reason ? { reason } : {});
}

export function useEndConnectionSession() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => endConnectionSession(api, id, reason),
  });
}
