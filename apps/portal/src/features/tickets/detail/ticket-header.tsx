import type { TicketDetail } from '@farol/data';
import { isTicketOverdue } from '@farol/data/tickets';
import { Badge } from '@farol/ui';
import { ClockAlertIcon } from 'lucide-react';
import { ticketNumberLabel } from '../shared/ticket-labels';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../lib/ticket-badges';
import { absoluteTime } from '../shared/ticket-time';

export interface TicketHeaderProps {
  ticket: TicketDetail;
  /** Staff see where the chamado comes from (company, branch, requester). */
  area: 'staff' | 'client';
  branchName?: string | null | undefined;
}

/** Number, subject, status and priority, the overdue mark and, for staff, who and where it comes from. */
export function TicketHeader({ ticket, area, branchName }: TicketHeaderProps) {
  // Due times are the team's: a client never sees the overdue mark.
  const overdue = area === 'staff' && isTicketOverdue(ticket);
  const due = absoluteTime(ticket.due_at);
  return (
    <header className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold break-words md:text-2xl">
        <span className="text-muted-foreground tabular-nums">{ticketNumberLabel(ticket)}</span>{' '}
        {ticket.subject}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
        {overdue ? (
          <Badge variant="destructive" className="gap-1">
            <ClockAlertIcon aria-hidden="true" className="size-3" />
            Atrasado
          </Badge>
        ) : null}
        {ticket.category ? <Badge variant="outline">{ticket.category}</Badge> : null}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
        {area === 'staff' ? (
          <>
            <span>
              {ticket.company_name}
              {branchName ? ` · ${branchName}` : ''}
            </span>
            <span>Solicitante: {ticket.requester.name}</span>
          </>
        ) : null}
        {due && area === 'staff' ? (
          <span className={overdue ? 'font-medium text-destructive' : undefined}>
            {overdue ? 'Venceu em' : 'Prazo:'} {due}
          </span>
        ) : null}
      </p>
    </header>
  );
}
