import type { TicketSummary } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { ticketKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TICKETS_URL } from './ticket-urls';

/** GET /api/tickets/summary → the dashboard's counts (staff with tickets.view). */
export function getTicketSummary(api: Pick<ApiClient, 'get'>, signal?: AbortSignal): Promise<TicketSummary> {
  return api.get<TicketSummary>(`${TICKETS_URL}/summary`, { signal });
}

export function ticketSummaryQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({
    queryKey: ticketKeys.summary(),
    queryFn: ({ signal }) => getTicketSummary(api, signal),
  });
}

export function useTicketSummary({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...ticketSummaryQueryOptions(api), enabled: enabled && status === 'authenticated' });
}
