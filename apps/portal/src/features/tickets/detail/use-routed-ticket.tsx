import type { TicketDetail } from '@farol/data';
import { useTicket } from '@farol/data/tickets';
import type { ReactElement } from 'react';
import { TicketNotFound, TicketQueryState } from './ticket-page-states';
import { useTicketRouteId } from './use-ticket-route-id';

export interface TicketBackTarget {
  backTo: string;
  backLabel: string;
}

/**
 * The chamado the route's `:id` names, or the page to show instead (invalid id, loading, not found,
 * forbidden, failed with a retry), for the staff and the client details pages alike.
 */
export function useRoutedTicket(
  back: TicketBackTarget,
): { detail: TicketDetail; fallback: null } | { detail: null; fallback: ReactElement } {
  const ticketId = useTicketRouteId();
  const ticket = useTicket(ticketId);
  if (ticketId === null) return { detail: null, fallback: <TicketNotFound {...back} /> };
  if (ticket.data) return { detail: ticket.data, fallback: null };
  return {
    detail: null,
    fallback: (
      <TicketQueryState
        {...back}
        isPending={ticket.isPending}
        error={ticket.error}
        onRetry={() => void ticket.refetch()}
      />
    ),
  };
}
