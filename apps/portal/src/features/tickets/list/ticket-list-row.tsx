import type { Ticket } from '@farol/data';
import { isTicketOverdue } from '@farol/data/tickets';
import { Badge } from '@farol/ui';
import { AlarmClockIcon } from 'lucide-react';
import { memo, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../lib/ticket-badges';
import { ticketDetailsPath, ticketNumberLabel } from '../shared/ticket-labels';
import type { TicketListArea } from '../shared/use-ticket-list-params';
import { absoluteTime, relativeTime } from '../shared/ticket-time';

/** The class of a wide column's header and cells: hidden on phones, where a row keeps what matters most. */
export const WIDE_COLUMN_CLASS = 'max-md:hidden';
const WIDE_CELL = `px-3 py-2.5 whitespace-nowrap ${WIDE_COLUMN_CLASS}`;

export interface TicketListRowProps {
  ticket: Ticket;
  area: TicketListArea;
  /** The list's minute clock (relative time, overdue mark). */
  now: number;
}

// A brief mark on a row a live event just changed: a bar at its start edge that fades (the Web Animations API
// needs no stylesheet and no re-render). Not a background tint: that would dim the row's muted text below AA.
const CHANGED_KEYFRAMES: Keyframe[] = [
  { boxShadow: 'inset 4px 0 0 var(--primary)' },
  { boxShadow: 'inset 4px 0 0 transparent' },
];

function useChangedHighlight(version: string) {
  const ref = useRef<HTMLTableRowElement>(null);
  const shown = useRef(version);
  useEffect(() => {
    if (shown.current === version) return;
    shown.current = version;
    ref.current?.animate?.(CHANGED_KEYFRAMES, { duration: 1600, easing: 'ease-out' });
  }, [version]);
  return ref;
}

/** The overdue mark: an icon and the word, so colour is never the only signal. */
export function TicketOverdueMark() {
  return (
    <Badge variant="outline" className="gap-1 border-destructive/60 font-medium text-foreground">
      <AlarmClockIcon aria-hidden="true" className="size-3 text-destructive" />
      Atrasado
    </Badge>
  );
}

/**
 * One chamado in the list. Memoised on its props: a live update replaces one ticket object in the cached
 * page (the others keep their identity), so only that row renders again.
 */
export const TicketListRow = memo(function TicketListRow({ ticket, area, now }: TicketListRowProps) {
  const ref = useChangedHighlight(ticket.updated_at);
  // Due times are the team's: a client never sees the overdue mark.
  const overdue = area === 'staff' && isTicketOverdue(ticket, now);
  return (
    // The subject's link stretches over the whole row (its ::after), so a click anywhere opens the chamado
    // and middle-click or Ctrl+click still open it in a new tab, as links do.
    <tr
      ref={ref}
      data-ticket-id={ticket.id}
      className="relative cursor-pointer border-b last:border-b-0 hover:bg-accent/40"
    >
      <td className="px-3 py-2.5 font-mono text-xs whitespace-nowrap text-muted-foreground tabular-nums">
        {ticketNumberLabel(ticket)}
      </td>
      <td className="max-w-[22rem] min-w-[9rem] px-3 py-2.5 md:min-w-[12rem]">
        <Link
          to={ticketDetailsPath(ticket.id, area)}
          className="line-clamp-2 font-medium underline-offset-4 outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
        >
          {ticket.subject}
        </Link>
      </td>
      {area === 'staff' ? <td className={WIDE_CELL}>{ticket.company_name}</td> : null}
      <td className={WIDE_CELL}>{ticket.requester.name}</td>
      <td className={WIDE_CELL}>
        {ticket.assignee ? (
          ticket.assignee.name
        ) : (
          <span className="text-muted-foreground">Sem responsável</span>
        )}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <TicketStatusBadge status={ticket.status} />
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <span className="flex items-center gap-1.5">
          <TicketPriorityBadge priority={ticket.priority} />
          {overdue ? <TicketOverdueMark /> : null}
        </span>
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap text-muted-foreground">
        <time dateTime={ticket.updated_at} title={absoluteTime(ticket.updated_at)}>
          {/* The minute clock may lag a change that just arrived: never "em 1 min" for the past. */}
          {relativeTime(ticket.updated_at, Math.max(now, Date.parse(ticket.updated_at) || now))}
        </time>
      </td>
    </tr>
  );
});
