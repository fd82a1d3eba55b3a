import type { Connection } from '../../contract/connection';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { connectionKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { connectionUrl } from './urls';

/** GET /api/connections/:id → the connection (its credential's name only). */
export function getConnection(api: Pick<ApiClient, 'get'>, id: number, signal?: AbortSignal) {
  return api.get<Connection>(connectionUrl(id), { signal });
}

export function connectionQueryOptions(api: Pick<ApiClient, 'get'>, id: number) {
  return queryOptions({
    queryKey: connectionKeys.detail(id),
    queryFn: ({ signal }) => getConnection(api, id, signal),
  });
}

export function useConnection(id: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...connectionQueryOptions(api, id ?? 0),
    enabled: id !== null && status === 'authenticated',
  });
}
