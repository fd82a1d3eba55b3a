import type { Ticket, TicketSort } from '@farol/data';
import { isTicketOverdue } from '@farol/data/tickets';
import { cn } from '@farol/ui';
import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../lib/ticket-badges';
import { ticketDetailsPath, ticketNumberLabel } from '../shared/ticket-labels';
import type { TicketListArea } from '../shared/use-ticket-list-params';
import { absoluteTime, relativeTime } from '../shared/ticket-time';
import { TicketOverdueMark } from './ticket-list-row';
import type { TicketListTableProps } from './ticket-list-table';

const SORT_CHOICES: ReadonlyArray<{ value: string; label: string; sort: TicketSort; order: 'asc' | 'desc' }> =
  [
    { value: 'updated_at:desc', label: 'Atualizados primeiro', sort: 'updated_at', order: 'desc' },
    { value: 'priority:desc', label: 'Mais urgentes primeiro', sort: 'priority', order: 'desc' },
    { value: 'number:desc', label: 'Mais novos primeiro', sort: 'number', order: 'desc' },
    { value: 'number:asc', label: 'Mais antigos primeiro', sort: 'number', order: 'asc' },
    { value: 'status:asc', label: 'Por status', sort: 'status', order: 'asc' },
  ];

const TicketCard = memo(function TicketCard({
  ticket,
  area,
  now,
}: {
  ticket: Ticket;
  area: TicketListArea;
  now: number;
}) {
  const overdue = area === 'staff' && isTicketOverdue(ticket, now);
  return (
    // The subject's link covers the card: a tap anywhere opens the chamado.
    <li
      data-ticket-id={ticket.id}
      className="relative flex flex-col gap-2 rounded-xl border bg-card p-3 hover:border-primary"
    >
      <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span className="font-mono tabular-nums">{ticketNumberLabel(ticket)}</span>
        <time dateTime={ticket.updated_at} title={absoluteTime(ticket.updated_at)}>
          {relativeTime(ticket.updated_at, Math.max(now, Date.parse(ticket.updated_at) || now))}
        </time>
      </div>
      <Link
        to={ticketDetailsPath(ticket.id, area)}
        className="font-medium break-words outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:ring-2 focus-visible:after:ring-ring"
      >
        {ticket.subject}
      </Link>
      {area === 'staff' ? <p className="text-sm text-muted-foreground">{ticket.company_name}</p> : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
        {overdue ? <TicketOverdueMark /> : null}
      </div>
    </li>
  );
});

/**
 * The chamados on a phone (below 768 px): one card each — subject, number, status, priority, time, and the
 * company for staff — the whole card a link, and the order chosen from a list instead of column headers.
 */
export function TicketListCards({ area, tickets, sort, onSort, now, busy = false }: TicketListTableProps) {
  const sortId = useId();
  const current = `${sort.sort}:${sort.order}`;
  const choices = SORT_CHOICES.some((choice) => choice.value === current)
    ? SORT_CHOICES
    : [{ value: current, label: 'Ordem atual', sort: sort.sort, order: sort.order }, ...SORT_CHOICES];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-end gap-2 text-sm">
        <label htmlFor={sortId} className="text-muted-foreground">
          Ordenar
        </label>
        <select
          id={sortId}
          value={current}
          onChange={(event) => {
            const choice = choices.find((item) => item.value === event.target.value);
            if (choice) onSort({ sort: choice.sort, order: choice.order });
          }}
          className="h-10 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <ul
        aria-label="Chamados"
        aria-busy={tickets === undefined || busy}
        className={cn('flex flex-col gap-2', busy && 'opacity-70 transition-opacity')}
      >
        {tickets === undefined
          ? Array.from({ length: 6 }, (_, index) => (
              <li
                key={index}
                aria-hidden="true"
                className="h-28 animate-pulse rounded-xl border bg-muted/40"
              />
            ))
          : tickets.map((ticket) => <TicketCard key={ticket.id} ticket={ticket} area={area} now={now} />)}
      </ul>
    </div>
  );
}
