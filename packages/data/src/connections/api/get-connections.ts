import type { ConnectionFilterOptions, ConnectionList, ConnectionProtocol } from '../../contract/connection';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { listSearch, normalizeListParams } from '../../lib/query-params';
import { useSession } from '../../session/session-provider';
import { connectionKeys } from '../keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONNECTIONS_URL } from './urls';

export interface ConnectionListParams {
  q?: string;
  protocol?: ConnectionProtocol;
  /** A company id, or 'internal' for the MSP's own servers. */
  company_id?: number | 'internal';
  folder?: string;
  tag?: string;
  page?: number;
  limit?: number;
}

const LIST_ORDER = ['q', 'protocol', 'company_id', 'folder', 'tag', 'page', 'limit'] as const;

export const normalizeConnectionListParams = (params: ConnectionListParams): ConnectionListParams => {
  const normalized = normalizeListParams(params, LIST_ORDER);
  if (normalized.page === 1) delete normalized.page;
  return normalized;
};

/** GET /api/connections?… → one page `{items, total}` (never a credential). */
export function getConnections(
  api: Pick<ApiClient, 'get'>,
  params: ConnectionListParams,
  signal?: AbortSignal,
): Promise<ConnectionList> {
  return api.get<ConnectionList>(`${CONNECTIONS_URL}${listSearch(params)}`, { signal });
}

export function connectionsQueryOptions(api: Pick<ApiClient, 'get'>, params: ConnectionListParams = {}) {
  const normalized = normalizeConnectionListParams(params);
  return queryOptions({
    queryKey: connectionKeys.list({ ...normalized }),
    queryFn: ({ signal }) => getConnections(api, normalized, signal),
  });
}

/** A page of connections; the previous page stays on screen while the next filters load. */
export function useConnections(
  params: ConnectionListParams = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...connectionsQueryOptions(api, params),
    enabled: enabled && status === 'authenticated',
    placeholderData: keepPreviousData,
  });
}

/** GET /api/connections/options → the folders, tags and companies the filters and the editor offer. */
export function getConnectionFilterOptions(api: Pick<ApiClient, 'get'>, signal?: AbortSignal) {
  return api.get<ConnectionFilterOptions>(`${CONNECTIONS_URL}/options`, { signal });
}

export function connectionFilterOptionsQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({
    queryKey: connectionKeys.options(),
    queryFn: ({ signal }) => getConnectionFilterOptions(api, signal),
    staleTime: 60_000,
  });
}

export function useConnectionFilterOptions() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...connectionFilterOptionsQueryOptions(api), enabled: status === 'authenticated' });
}
