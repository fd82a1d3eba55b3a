import type { TicketSummary } from '@farol/data';
import { TICKET_OPEN_STATUSES, useTicketSummary } from '@farol/data/tickets';
import { cn } from '@farol/ui';
import { Link } from 'react-router-dom';
import { WidgetCard, WidgetEmpty, WidgetError, WidgetLoading } from '../../../lib/widget-card';
import { TicketStatusBadge } from '../../../lib/ticket-badges';
import { ticketListHref } from '../shared/use-ticket-list-params';

interface Highlight {
  id: keyof Pick<TicketSummary, 'open' | 'mine' | 'urgent' | 'overdue'>;
  label: string;
  href: string;
  /** Counts that call for attention are tinted when not zero. */
  alert?: boolean;
}

/** The four counts, each a link to the list that shows them. */
export const TICKET_SUMMARY_HIGHLIGHTS: readonly Highlight[] = [
  { id: 'open', label: 'Em aberto', href: ticketListHref('staff', { open: true }) },
  { id: 'mine', label: 'Meus chamados', href: ticketListHref('staff', { assignee_id: 'me', open: true }) },
  {
    id: 'urgent',
    label: 'Urgentes',
    href: ticketListHref('staff', { priority: 'urgente', open: true }),
    alert: true,
  },
  { id: 'overdue', label: 'Atrasados', href: ticketListHref('staff', { overdue: true }), alert: true },
];

const LINK =
  'rounded-lg border bg-background outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring';

function SummaryContent({ summary }: { summary: TicketSummary }) {
  if (summary.open === 0) return <WidgetEmpty>Nenhum chamado em aberto.</WidgetEmpty>;
  return (
    <div className="flex flex-col gap-4 p-4">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {TICKET_SUMMARY_HIGHLIGHTS.map((item) => {
          const count = summary[item.id];
          return (
            <li key={item.id}>
              <Link to={item.href} className={cn(LINK, 'flex flex-col-reverse gap-0.5 px-4 py-3')}>
                <span className="text-sm text-muted-foreground">{item.label}</span>{' '}
                <span
                  className={cn(
                    'text-2xl font-semibold tabular-nums',
                    item.alert && count > 0 && 'text-destructive',
                  )}
                >
                  {count.toLocaleString('pt-BR')}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div>
        <h3 className="mb-2 text-sm font-medium text-muted-foreground">Em aberto por status</h3>
        <ul className="flex flex-wrap gap-2">
          {TICKET_OPEN_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={ticketListHref('staff', { status })}
                className={cn(LINK, 'flex items-center gap-2 px-3 py-1.5 text-sm')}
              >
                <TicketStatusBadge status={status} className="border-0 px-0" />{' '}
                <span className="font-semibold tabular-nums">
                  {(summary.by_status[status] ?? 0).toLocaleString('pt-BR')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The staff dashboard's chamados: open ones in total, mine, urgent, overdue, and by status. */
export function TicketSummaryWidget() {
  const summary = useTicketSummary();
  return (
    <WidgetCard
      title="Chamados"
      action={
        <Link to="/support" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Ver todos
        </Link>
      }
    >
      {summary.data ? (
        <SummaryContent summary={summary.data} />
      ) : summary.isError ? (
        <WidgetError
          message="Não foi possível carregar os chamados."
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <WidgetLoading label="Carregando chamados…" />
      )}
    </WidgetCard>
  );
}
