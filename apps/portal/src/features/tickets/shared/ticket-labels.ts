import type { TicketPriority, TicketStatus } from '@farol/data';
import { TICKET_STATUSES } from '@farol/data/tickets';

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  aberto: 'Aberto',
  'em andamento': 'Em andamento',
  'aguardando cliente': 'Aguardando cliente',
  resolvido: 'Resolvido',
  fechado: 'Fechado',
};

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  baixa: 'Baixa',
  média: 'Média',
  alta: 'Alta',
  urgente: 'Urgente',
};

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
