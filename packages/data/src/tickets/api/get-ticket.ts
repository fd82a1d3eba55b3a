import type { TicketDetail } from '../../contract';
import { isApiError } from '../../http/api-error';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { ticketKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketUrl } from './ticket-urls';

/** GET /api/tickets/:id → the ticket with its history and opening attachments. */
export function getTicket(
  api: Pick<ApiClient, 'get'>,
  ticketId: number,
  signal?: AbortSignal,
): Promise<TicketDetail> {
  return api.get<TicketDetail>(ticketUrl(ticketId), { signal });
}

export function ticketQueryOptions(api: Pick<ApiClient, 'get'>, ticketId: number) {
  return queryOptions({
    queryKey: ticketKeys.detail(ticketId),
    queryFn: ({ signal }) => getTicket(api, ticketId, signal),
  });
}

export function useTicket(ticketId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...ticketQueryOptions(api, ticketId ?? 0),
    enabled: status === 'authenticated' && ticketId !== null,
    // 'Not found' and 'no access' are answers, not hiccups: show them at once instead of asking again.
    retry: (failures, error) => !(isApiError(error) && [403, 404].includes(error.status)) && failures < 1,
  });
}
