import type { TicketEvent } from '../contract/realtime';
import type { LiveHandler } from '../realtime/live-handler';
import { parseWholeTicket } from '../realtime/validate';
import { ticketKeys } from './keys';
import { applyTicketToCaches, createTicketListRefresher } from './ticket-cache';

/**
 * ticket:created and ticket:updated. Tickets change often (10 a second on a busy desk): rows are patched in
 * place and the lists, whose membership and order may have moved, refetch at most once per window instead
 * of once per event.
 */
export const ticketsLive: LiveHandler = ({ realtime, queryClient, options }) => {
  const listRefresher = createTicketListRefresher(queryClient, options.ticketLists);
  const onTicket = (event: TicketEvent, created: boolean) => {
    const ticket = parseWholeTicket(event);
    if (ticket) applyTicketToCaches(queryClient, ticket, { seedDetail: created });
    // A partial payload only names the ticket: its own queries refetch.
    else void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(event.id) });
    listRefresher.schedule();
  };
  const subscriptions = [
    realtime.on('ticket:created', (event) => onTicket(event, true)),
    realtime.on('ticket:updated', (event) => onTicket(event, false)),
  ];
  return () => {
    listRefresher.cancel();
    for (const unsubscribe of subscriptions) unsubscribe();
  };
};
