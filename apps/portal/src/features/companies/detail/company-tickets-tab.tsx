import type { CompanyDetail, Ticket } from '@farol/data';
import { isTicketOverdue, useTickets } from '@farol/data/tickets';
import {
  Badge,
  EmptyState,
  Pagination,
  RadioGroup,
  RadioGroupItem,
  Skeleton,
  cn,
  formatRelativeTime,
} from '@farol/ui';
import { InboxIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../lib/ticket-badges';
import { formatDateTime } from '../shared/company-format';
import { TabError, TabSection } from './tab-section';

/** The tab shows a short page; the full list (filters, search) is a link away. */
export const COMPANY_TICKETS_PAGE_SIZE = 10;

type Scope = 'open' | 'all';

const LINK_CLASS =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

function TicketItem({ ticket, now }: { ticket: Ticket; now: number }) {
  const updated = Date.parse(ticket.updated_at);
  const ago = formatRelativeTime(updated, Math.max(now, updated));
  return (
    // The subject's link covers the item: a click anywhere opens the chamado.
    <li className="relative flex flex-col gap-1.5 px-4 py-3 hover:shadow-[inset_3px_0_0_var(--primary)] sm:flex-row sm:items-center sm:gap-3">
      <span className="font-mono text-xs text-muted-foreground tabular-nums sm:w-14">#{ticket.number}</span>
      <Link
        to={`/support/ticket/${ticket.id}`}
        className="min-w-0 flex-1 font-medium break-words outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
      >
        {ticket.subject}
      </Link>
      <span className="flex flex-wrap items-center gap-1.5">
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
        {isTicketOverdue(ticket, now) ? (
          <Badge variant="outline" className="border-destructive/60">
            Atrasado
          </Badge>
        ) : null}
      </span>
      <time
        dateTime={ticket.updated_at}
        title={formatDateTime(ticket.updated_at)}
        className="text-xs whitespace-nowrap text-muted-foreground sm:w-20 sm:text-right"
      >
        {ago === 'agora' ? ago : `há ${ago}`}
      </time>
    </li>
  );
}

/** Chamados: this company's, open ones first choice, newest change first, with a link to the full list. */
export function CompanyTicketsTab({ company }: { company: CompanyDetail }) {
  const id = useId();
  const [scope, setScope] = useState<Scope>('open');
  const [page, setPage] = useState(1);
  const tickets = useTickets({
    company_id: company.id,
    open: scope === 'open' || undefined,
    sort: 'updated_at',
    order: 'desc',
    page,
    limit: COMPANY_TICKETS_PAGE_SIZE,
  });
  const data = tickets.data;
  const [now] = useState(() => Date.now());

  let body;
  if (tickets.isError && !data) {
    body = <TabError what="os chamados" onRetry={() => void tickets.refetch()} />;
  } else if (!data) {
    body = (
      <div className="flex flex-col gap-2">
        <p role="status" className="sr-only">
          Carregando chamados…
        </p>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-12 rounded-lg" />
        ))}
      </div>
    );
  } else if (data.items.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        size="compact"
        titleAs="h3"
        icon={<InboxIcon />}
        title={scope === 'open' ? 'Nenhum chamado aberto' : 'Nenhum chamado'}
        description={
          scope === 'open'
            ? 'Os chamados resolvidos e fechados estão em “Todos”.'
            : 'Esta empresa ainda não abriu chamados.'
        }
      />
    );
  } else {
    body = (
      <>
        <ul
          aria-label={`Chamados de ${company.name}`}
          aria-busy={tickets.isPlaceholderData}
          className={cn(
            'divide-y overflow-hidden rounded-xl border bg-card',
            tickets.isPlaceholderData && 'opacity-70 transition-opacity',
          )}
        >
          {data.items.map((ticket) => (
            <TicketItem key={ticket.id} ticket={ticket} now={now} />
          ))}
        </ul>
        {data.total > COMPANY_TICKETS_PAGE_SIZE ? (
          <Pagination
            page={page}
            total={data.total}
            pageSize={COMPANY_TICKETS_PAGE_SIZE}
            onPageChange={setPage}
          />
        ) : null}
      </>
    );
  }

  return (
    <TabSection
      title="Chamados"
      action={
        <Link to={`/support?company=${company.id}`} className={LINK_CLASS}>
          Abrir na lista de chamados
        </Link>
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RadioGroup
          aria-labelledby={`${id}-scope`}
          value={scope}
          onValueChange={(value) => {
            setScope(value as Scope);
            setPage(1);
          }}
          className="flex flex-wrap items-center gap-4"
        >
          <span id={`${id}-scope`} className="text-sm text-muted-foreground">
            Mostrar
          </span>
          <label className="flex items-center gap-2 text-sm">
            <RadioGroupItem value="open" />
            Abertos
          </label>
          <label className="flex items-center gap-2 text-sm">
            <RadioGroupItem value="all" />
            Todos
          </label>
        </RadioGroup>
        <p aria-live="polite" className="text-sm text-muted-foreground tabular-nums">
          {data ? `${data.total.toLocaleString('pt-BR')} ${data.total === 1 ? 'chamado' : 'chamados'}` : ''}
        </p>
      </div>
      {body}
    </TabSection>
  );
}
