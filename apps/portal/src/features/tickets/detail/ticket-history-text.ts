import type { TicketHistoryEntry, TicketPriority, TicketStatus } from '@farol/data';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '../shared/ticket-labels';

const statusLabel = (value: string) => TICKET_STATUS_LABELS[value as TicketStatus] ?? value;
const priorityLabel = (value: string) => TICKET_PRIORITY_LABELS[value as TicketPriority] ?? value;

/** What one history entry changed, as a sentence: 'Status alterado de Aberto para Em andamento'. */
export function ticketHistoryText({
  field,
  from,
  to,
}: Pick<TicketHistoryEntry, 'field' | 'from' | 'to'>): string {
  switch (field) {
    case 'status':
      if (from === null)
        return to === 'aberto' || to === null ? 'Chamado aberto' : `Chamado aberto como ${statusLabel(to)}`;
      return `Status alterado de ${statusLabel(from)} para ${statusLabel(to ?? '')}`;
    case 'priority':
      return from === null
        ? `Prioridade definida como ${priorityLabel(to ?? '')}`
        : `Prioridade alterada de ${priorityLabel(from)} para ${priorityLabel(to ?? '')}`;
    case 'category':
      if (from === null) return `Categoria definida como ${to ?? ''}`;
      if (to === null) return `Categoria ${from} removida`;
      return `Categoria alterada de ${from} para ${to}`;
    case 'assignee':
      if (from === null) return `Atribuído a ${to ?? ''}`;
      if (to === null) return `${from} deixou de ser o responsável`;
      return `Responsável alterado de ${from} para ${to}`;
    case 'branch':
      if (from === null) return `Filial definida como ${to ?? ''}`;
      if (to === null) return `Filial ${from} removida`;
      return `Filial alterada de ${from} para ${to}`;
    case 'connection_session':
      // Conexões (issue 15): the server writes the whole line ("Sessão SSH em srv-db01 por Ana — 23 min").
      return to ?? 'Sessão remota';
    default:
      if (from === null) return `${field} definido como ${to ?? '—'}`;
      return `${field} alterado de ${from} para ${to ?? '—'}`;
  }
}
