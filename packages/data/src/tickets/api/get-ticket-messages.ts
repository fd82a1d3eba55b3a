import { ticketKeys, useApiClient, useSession, type ApiClient, type TicketMessageList } from '@farol/data';
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
