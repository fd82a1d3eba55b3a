import { isApiError } from '@farol/data';
import { useTicketOptions, useTickets } from '@farol/data/tickets';
import { Button, Spinner, useIsMobile } from '@farol/ui';
import { InboxIcon, PlusIcon, ShieldAlertIcon } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NewTicketDialog } from '../new-ticket/new-ticket-dialog';
import { TicketListFilters, type TicketListFiltersProps } from './ticket-list-filters';
import { TICKET_PAGE_SIZE, TicketListPagination, ticketCountLabel } from './ticket-list-pagination';
import { TicketListStatusNav } from './ticket-list-status-nav';
import { TicketListCards } from './ticket-list-cards';
import { TicketListTable, type TicketListSortState } from './ticket-list-table';
import { useMinuteClock } from './ticket-list-time';
import {
  TICKET_LIST_DEFAULT_ORDER,
  TICKET_LIST_DEFAULT_SORT,
  useTicketListParams,
  type TicketListArea,
} from '../shared/use-ticket-list-params';

/** The staff filters need the assignees and companies (GET /api/tickets/options); clients never ask. */
function StaffFilters(props: Omit<TicketListFiltersProps, 'options'>) {
  const options = useTicketOptions();
  return <TicketListFilters {...props} options={options.data} />;
}

function ListMessage({
  icon,
  title,
  children,
  role,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  role?: 'alert';
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center"
    >
      <span className="text-muted-foreground">{icon}</span>
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

export interface TicketListViewProps {
  area: TicketListArea;
  title: string;
  description: string;
}

/**
 * The chamados list of either area: /support[/:status] for staff, /portal/tickets for clients (the server
 * scopes a client to their company). Every filter, the order and the page live in the URL.
 */
export function TicketListView({ area, title, description }: TicketListViewProps) {
  const { params, unknownStatus, filtered, update, clear, hrefWith } = useTicketListParams(area);
  const [creating, setCreating] = useState(false);
  const now = useMinuteClock();
  const tickets = useTickets({ ...params, limit: TICKET_PAGE_SIZE });
  const page = params.page ?? 1;
  // Below 768 px the chamados are cards, not a table that scrolls sideways.
  const TicketList = useIsMobile() ? TicketListCards : TicketListTable;
  const sort: TicketListSortState = {
    sort: params.sort ?? TICKET_LIST_DEFAULT_SORT,
    order: params.order ?? TICKET_LIST_DEFAULT_ORDER,
  };
  const onSort = useCallback(
    (next: TicketListSortState) => update({ sort: next.sort, order: next.order }),
    [update],
  );
  const onPage = useCallback((next: number) => update({ page: next }), [update]);

  const forbidden = isApiError(tickets.error) && tickets.error.status === 403;
  const data = tickets.data;
  const filterProps = { area, params, update };

  let body: ReactNode;
  if (forbidden) {
    body = (
      <ListMessage
        role="alert"
        icon={<ShieldAlertIcon aria-hidden="true" className="size-8" />}
        title="Você não tem permissão para ver chamados"
      >
        <p className="text-sm text-muted-foreground">Peça a um administrador o acesso a Suporte.</p>
      </ListMessage>
    );
  } else if (tickets.isError && !data) {
    body = (
      <ListMessage
        role="alert"
        icon={<InboxIcon aria-hidden="true" className="size-8" />}
        title="Não foi possível carregar os chamados."
      >
        <Button size="sm" variant="secondary" onClick={() => void tickets.refetch()}>
          Tentar novamente
        </Button>
      </ListMessage>
    );
  } else if (data && data.items.length === 0 && data.total > 0) {
    body = (
      <ListMessage icon={<InboxIcon aria-hidden="true" className="size-8" />} title="Esta página não existe.">
        <Button size="sm" variant="secondary" onClick={() => onPage(1)}>
          Ir para a primeira página
        </Button>
      </ListMessage>
    );
  } else if (data && data.items.length === 0) {
    body = (
      <ListMessage
        icon={<InboxIcon aria-hidden="true" className="size-8" />}
        title="Nenhum chamado encontrado"
      >
        {filtered ? (
          <>
            <p className="text-sm text-muted-foreground">
              Nenhum chamado corresponde aos filtros escolhidos.
            </p>
            <Button size="sm" variant="secondary" onClick={clear}>
              Limpar filtros
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {area === 'client'
              ? 'Precisa de ajuda? Abra um chamado e a equipe de suporte responde por aqui.'
              : 'Os chamados abertos pelos clientes aparecem aqui.'}
          </p>
        )}
      </ListMessage>
    );
  } else {
    body = (
      <>
        {tickets.isPending ? <Spinner label="Carregando chamados…" className="sr-only" /> : null}
        <TicketList
          area={area}
          tickets={data?.items}
          sort={sort}
          onSort={onSort}
          now={now}
          busy={tickets.isPlaceholderData}
        />
        {data ? <TicketListPagination page={page} total={data.total} onPage={onPage} /> : null}
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {forbidden ? null : (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Novo chamado
          </Button>
        )}
      </div>
      {forbidden ? null : (
        <>
          <TicketListStatusNav params={params} hrefWith={hrefWith} />
          {unknownStatus ? (
            <p
              role="status"
              className="rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm"
            >
              Status desconhecido: “{unknownStatus}”. Mostrando todos os chamados.{' '}
              <Link to={hrefWith({ status: undefined })} className="font-medium underline underline-offset-4">
                Ver todos
              </Link>
            </p>
          ) : null}
          {area === 'staff' ? <StaffFilters {...filterProps} /> : <TicketListFilters {...filterProps} />}
          {/* Announced when it changes (a filter, a search), not on every live update: the total holds. */}
          <p aria-live="polite" className="h-5 text-sm text-muted-foreground tabular-nums">
            {data ? ticketCountLabel(data.total) : ''}
          </p>
        </>
      )}
      {body}
      <NewTicketDialog area={area} open={creating} onOpenChange={setCreating} />
    </div>
  );
}
