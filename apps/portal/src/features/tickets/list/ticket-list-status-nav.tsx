import type { TicketStatus } from '@farol/data';
import { TICKET_STATUSES } from '@farol/data/tickets';
import { cn } from '@farol/ui';
import { Link } from 'react-router-dom';
import { TICKET_STATUS_LABELS } from '../shared/ticket-labels';
import type { TicketListUrlParams } from '../shared/use-ticket-list-params';

interface StatusTab {
  id: string;
  label: string;
  changes: Pick<TicketListUrlParams, 'status' | 'open'>;
}

/** Todos, Abertos (every status still being worked), then each status. */
export const TICKET_STATUS_TABS: readonly StatusTab[] = [
  { id: 'todos', label: 'Todos', changes: { status: undefined, open: undefined } },
  { id: 'abertos', label: 'Abertos', changes: { status: undefined, open: true } },
  ...TICKET_STATUSES.map((status: TicketStatus) => ({
    id: status,
    label: TICKET_STATUS_LABELS[status],
    changes: { status, open: undefined },
  })),
];

/** The tab a list's params select (a status wins over "Abertos"). */
export function activeStatusTab({ status, open }: TicketListUrlParams): string {
  return status ?? (open ? 'abertos' : 'todos');
}

/**
 * The status filter as links (each a URL of its own: /support/em-andamento, /portal/tickets?status=…);
 * the other filters stay, the page starts again at 1.
 */
export function TicketListStatusNav({
  params,
  hrefWith,
}: {
  params: TicketListUrlParams;
  hrefWith: (changes: Partial<TicketListUrlParams>) => string;
}) {
  const active = activeStatusTab(params);
  return (
    <nav aria-label="Filtrar por status" className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex min-w-max gap-1 border-b">
        {TICKET_STATUS_TABS.map((tab) => {
          const current = tab.id === active;
          return (
            <li key={tab.id}>
              <Link
                to={hrefWith(tab.changes)}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  '-mb-px flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap outline-none',
                  'rounded-t-md hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  current
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
