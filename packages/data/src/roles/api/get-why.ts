import type { WhyAnswer, WhyQuery } from '../../contract/role';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { roleKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WHY_URL } from './role-urls';

/** `?user_id=&target=&value=&area=&permission=` for GET /api/roles/why. */
export function whySearch(query: WhyQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return `?${search.toString()}`;
}

/** GET /api/roles/why → the decision chain (account, role, key, company scope, result) for one person. */
export function getWhy(
  api: Pick<ApiClient, 'get'>,
  query: WhyQuery,
  signal?: AbortSignal,
): Promise<WhyAnswer> {
  return api.get<WhyAnswer>(`${WHY_URL}${whySearch(query)}`, { signal });
}

export function whyQueryOptions(api: Pick<ApiClient, 'get'>, query: WhyQuery) {
  return queryOptions({
    queryKey: roleKeys.why({ ...query }),
    queryFn: ({ signal }) => getWhy(api, query, signal),
    retry: false,
  });
}

/** Asks only once a person and a target are chosen (`query` null until then). */
export function useWhy(query: WhyQuery | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...whyQueryOptions(api, query ?? { user_id: 0, target: 'route', value: '/' }),
    enabled: status === 'authenticated' && query !== null,
  });
}
