import type { TicketMessageList } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { ticketKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketMessagesUrl } from './ticket-urls';

/** GET /api/tickets/:id/messages → the thread, oldest first (a client never receives internal notes). */
export function getTicketMessages(
  api: Pick<ApiClient, 'get'>,
  ticketId: number,
  signal?: AbortSignal,
): Promise<TicketMessageList> {
  return api.get<TicketMessageList>(ticketMessagesUrl(ticketId), { signal });
}

export function ticketMessagesQueryOptions(api: Pick<ApiClient, 'get'>, ticketId: number) {
  return queryOptions({
    queryKey: ticketKeys.messages(ticketId),
    queryFn: ({ signal }) => getTicketMessages(api, ticketId, signal),
  });
}

export function useTicketMessages(ticketId: number | null) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...ticketMessagesQueryOptions(api, ticketId ?? 0),
    enabled: status === 'authenticated' && ticketId !== null,
  });
}
