import { Button } from '@farol/ui';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';

export const TICKET_PAGE_SIZE = 50;

/** How many pages `total` chamados take (at least 1, so an empty list reads "Página 1 de 1"). */
export const ticketPageCount = (total: number, pageSize = TICKET_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

/** "1 chamado", "1.234 chamados". */
export const ticketCountLabel = (total: number) =>
  `${total.toLocaleString('pt-BR')} ${total === 1 ? 'chamado' : 'chamados'}`;

// aria-disabled rather than disabled: a button that turns disabled under the keyboard would drop its focus.
const EDGE = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent';

export function TicketListPagination({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = ticketPageCount(total);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Paginação" className="flex items-center justify-end gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-disabled={page <= 1}
        className={EDGE}
        onClick={() => page > 1 && onPage(Math.min(page - 1, pages))}
      >
        <ChevronLeftIcon aria-hidden="true" />
        Anterior
      </Button>
      <p className="px-1 text-sm text-muted-foreground tabular-nums">
        Página {page.toLocaleString('pt-BR')} de {pages.toLocaleString('pt-BR')}
      </p>
      <Button
        variant="outline"
        size="sm"
        aria-disabled={page >= pages}
        className={EDGE}
        onClick={() => page < pages && onPage(page + 1)}
      >
        Próxima
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
