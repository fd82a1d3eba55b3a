import type { Ticket } from '@farol/data';
import { useTickets } from '@farol/data/tickets';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Skeleton } from '@farol/ui';
import { InboxIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../lib/ticket-badges';
import { failureMessage } from '../../../lib/form-errors';

/** The first open chamados a staff profile shows; the full list is a link away. */
export const PERSON_TICKETS_SHOWN = 5;

function TicketItem({ ticket }: { ticket: Ticket }) {
  return (
    <li className="relative flex flex-col gap-1.5 py-2.5 sm:flex-row sm:items-center sm:gap-3">
      <span className="font-mono text-xs text-muted-foreground tabular-nums sm:w-14">#{ticket.number}</span>
      <Link
        to={`/support/ticket/${ticket.id}`}
        className="min-w-0 flex-1 font-medium break-words outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
      >
        {ticket.subject}
      </Link>
      <span className="text-sm text-muted-foreground">{ticket.company_name}</span>
      <span className="flex flex-wrap items-center gap-1.5">
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
      </span>
    </li>
  );
}

/** A staff member's open chamados (assigned to them), as the viewer's own scope lets them see. */
export function PersonTickets({ personId }: { personId: number }) {
  const tickets = useTickets({ assignee_id: personId, open: true, limit: PERSON_TICKETS_SHOWN });
  const data = tickets.data;
  return (
    <Card role="region" aria-labelledby="person-tickets-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="person-tickets-title">
            Chamados abertos{data ? ` (${data.total.toLocaleString('pt-BR')})` : ''}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {tickets.isPending ? (
          <div
            role="status"
            aria-busy="true"
            aria-label="Carregando chamados…"
            className="flex flex-col gap-2"
          >
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : tickets.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(tickets.error, 'Não foi possível carregar os chamados.')}
          </p>
        ) : data && data.items.length > 0 ? (
          <>
            <ul className="divide-y">
              {data.items.map((ticket) => (
                <TicketItem key={ticket.id} ticket={ticket} />
              ))}
            </ul>
            {data.total > data.items.length ? (
              <Button asChild size="sm" variant="link" className="mt-2 px-0">
                <Link to={`/support?assignee=${personId}&open=true`}>Ver todos os chamados abertos</Link>
              </Button>
            ) : null}
          </>
        ) : (
          <EmptyState icon={<InboxIcon />} title="Nenhum chamado aberto atribuído." />
        )}
      </CardContent>
    </Card>
  );
}
