import { Button } from '@farol/ui';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { WidgetCard, WidgetEmpty, WidgetError, WidgetLoading } from '../../../lib/widget-card';
import { useTickets } from '@farol/data/tickets';
import { NewTicketDialog } from '../new-ticket/new-ticket-dialog';
import { TicketStatusBadge } from '../../../lib/ticket-badges';
import { ticketDetailsPath, ticketNumberLabel } from '../shared/ticket-labels';
import { absoluteTime, relativeTime } from '../shared/ticket-time';

/** How many open chamados the portal home shows; "Ver todos" opens the rest. */
export const OPEN_TICKETS_SHOWN = 5;

/** The client's open chamados on the portal home, latest change first, with "Novo chamado" at hand. */
export function OpenTicketsWidget() {
  const [creating, setCreating] = useState(false);
  const tickets = useTickets({ open: true, limit: OPEN_TICKETS_SHOWN, sort: 'updated_at' });
  const now = Date.now();
  const items = tickets.data?.items;
  const more = (tickets.data?.total ?? 0) - (items?.length ?? 0);

  return (
    <WidgetCard
      title="Chamados em aberto"
      action={
        <div className="flex items-center gap-3">
          <Link
            to="/portal/tickets"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Ver todos
          </Link>
          <Button size="sm" onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Novo chamado
          </Button>
        </div>
      }
    >
      {items ? (
        items.length === 0 ? (
          <WidgetEmpty>Nenhum chamado em aberto. Precisa de ajuda? Abra um novo chamado.</WidgetEmpty>
        ) : (
          <>
            <ul aria-label="Chamados em aberto">
              {items.map((ticket) => (
                <li key={ticket.id} className="border-b last:border-b-0">
                  <Link
                    to={ticketDetailsPath(ticket.id, 'client')}
                    className="flex flex-col gap-1 px-4 py-3 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                  >
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate text-sm font-medium">{ticket.subject}</span>
                      <time
                        dateTime={ticket.updated_at}
                        title={absoluteTime(ticket.updated_at)}
                        className="shrink-0 text-xs text-muted-foreground"
                      >
                        {relativeTime(ticket.updated_at, now)}
                      </time>
                    </span>
                    <span className="flex items-center gap-2 text-xs text-muted-foreground">
                      <span className="font-mono">{ticketNumberLabel(ticket)}</span>
                      <TicketStatusBadge status={ticket.status} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <p className="border-t px-4 py-2 text-xs text-muted-foreground">
                {more === 1 ? 'Mais 1 chamado em aberto.' : `Mais ${more} chamados em aberto.`}
              </p>
            ) : null}
          </>
        )
      ) : tickets.isError ? (
        <WidgetError
          message="Não foi possível carregar os chamados."
          onRetry={() => void tickets.refetch()}
        />
      ) : (
        <WidgetLoading label="Carregando chamados…" />
      )}
      <NewTicketDialog area="client" open={creating} onOpenChange={setCreating} />
    </WidgetCard>
  );
}
