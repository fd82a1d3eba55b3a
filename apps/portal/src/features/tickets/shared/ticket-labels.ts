import type { TicketStatus } from '@farol/data';
import { TICKET_STATUSES } from '@farol/data/tickets';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '../../../lib/ticket-badges';

export { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS };

/** A status as a URL segment or query value: 'em andamento' ↔ 'em-andamento' (no encoded spaces). */
export const ticketStatusSlug = (status: TicketStatus): string => status.replaceAll(' ', '-');

/** The status a URL names (slug or the plain value), or null for anything else. */
export function parseTicketStatus(value: string | null | undefined): TicketStatus | null {
  if (!value) return null;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null; // a malformed escape ('%E0%A4%A') names no status
  }
  const plain = decoded.replaceAll('-', ' ').trim().toLowerCase();
  return TICKET_STATUSES.find((status) => status === plain) ?? null;
}

/** "#1042" — how people quote a chamado. */
export const ticketNumberLabel = (ticket: { number: number }) => `#${ticket.number}`;

/** Where a ticket opens: the staff details page or the client portal's. */
export const ticketDetailsPath = (ticketId: number, area: 'staff' | 'client') =>
  area === 'client' ? `/portal/tickets/${ticketId}` : `/support/ticket/${ticketId}`;
