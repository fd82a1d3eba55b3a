import type { TicketFormOptions } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { ticketKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TICKETS_URL } from './ticket-urls';

/** GET /api/tickets/options → companies with branches, assignable staff and category suggestions. */
export function getTicketOptions(
  api: Pick<ApiClient, 'get'>,
  signal?: AbortSignal,
): Promise<TicketFormOptions> {
  return api.get<TicketFormOptions>(`${TICKETS_URL}/options`, { signal });
}

export function ticketOptionsQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({
    queryKey: ticketKeys.options(),
    queryFn: ({ signal }) => getTicketOptions(api, signal),
    // Companies and staff change rarely; the forms need not refetch on every open.
    staleTime: 5 * 60_000,
  });
}

export function useTicketOptions() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...ticketOptionsQueryOptions(api), enabled: status === 'authenticated' });
}
