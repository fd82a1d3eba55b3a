import { isTicketOpen } from '@farol/data/tickets';
import { TicketComposer } from './ticket-composer';
import { TicketDetailsList } from './ticket-details-list';
import { TicketHeader } from './ticket-header';
import { TicketBackLink } from './ticket-page-states';
import { TicketThread } from './ticket-thread';
import { TICKET_STATUS_LABELS } from '../shared/ticket-labels';
import { useRoutedTicket } from './use-routed-ticket';

const BACK = { backTo: '/portal/tickets', backLabel: 'Voltar para meus chamados' };

/** /portal/tickets/:id — the client's view: the thread (the server leaves internal notes out) and a reply box. */
export function ClientTicketPage() {
  const { detail, fallback } = useRoutedTicket(BACK);
  if (!detail) return fallback;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <TicketBackLink to={BACK.backTo} label={BACK.backLabel} />
      <TicketHeader ticket={detail} area="client" />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <TicketThread ticket={detail} />
          {isTicketOpen(detail.status) ? null : (
            <p className="rounded-md border bg-card px-3 py-2 text-sm">
              Este chamado está {TICKET_STATUS_LABELS[detail.status].toLowerCase()}. Se o problema continuar,
              responda abaixo.
            </p>
          )}
          <TicketComposer ticketId={detail.id} area="client" />
        </div>
        <aside aria-label="Sobre o chamado" className="flex min-w-0 flex-col gap-4">
          <TicketDetailsList ticket={detail} area="client" />
        </aside>
      </div>
    </div>
  );
}
