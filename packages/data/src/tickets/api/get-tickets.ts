import type { TicketList } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { ticketKeys } from '../keys';
import { normalizeTicketListParams, ticketListSearch, type TicketListParams } from '../ticket-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TICKETS_URL } from './ticket-urls';

/** GET /api/tickets?… → one page `{items, total}`; the server applies the client's company scope. */
export function getTickets(
  api: Pick<ApiClient, 'get'>,
  params: TicketListParams,
  signal?: AbortSignal,
): Promise<TicketList> {
  return api.get<TicketList>(`${TICKETS_URL}${ticketListSearch(params)}`, { signal });
}

export function ticketsQueryOptions(api: Pick<ApiClient, 'get'>, params: TicketListParams = {}) {
  const normalized = normalizeTicketListParams(params);
  return queryOptions({
    queryKey: ticketKeys.list({ ...normalized }),
    queryFn: ({ signal }) => getTickets(api, normalized, signal),
  });
}

/** A page of tickets; the previous page stays on screen while the next filters load. */
export function useTickets(params: TicketListParams = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...ticketsQueryOptions(api, params),
    enabled: status === 'authenticated',
    placeholderData: keepPreviousData,
  });
}
