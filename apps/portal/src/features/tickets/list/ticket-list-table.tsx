import type { Ticket, TicketSort } from '@farol/data';
import { cn } from '@farol/ui';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { TicketListRow, WIDE_COLUMN_CLASS } from './ticket-list-row';
import type { TicketListArea } from '../shared/use-ticket-list-params';

export interface TicketListSortState {
  sort: TicketSort;
  order: 'asc' | 'desc';
}

interface Column {
  label: string;
  /** The server's sort key, when the column can be sorted (the API sorts by these only). */
  sort?: TicketSort;
  staffOnly?: boolean;
  /** Hidden on phones, so a row there keeps number, subject, status, priority and time without scrolling. */
  wide?: boolean;
}

const COLUMNS: readonly Column[] = [
  { label: 'Número', sort: 'number' },
  { label: 'Assunto' },
  { label: 'Empresa', staffOnly: true, wide: true },
  { label: 'Solicitante', wide: true },
  { label: 'Responsável', wide: true },
  { label: 'Status', sort: 'status' },
  { label: 'Prioridade', sort: 'priority' },
  { label: 'Atualizado', sort: 'updated_at' },
];

const columnsFor = (area: TicketListArea) =>
  COLUMNS.filter((column) => area === 'staff' || !column.staffOnly);

/** A click on the sorted column flips the order; another column starts descending (newest, most urgent). */
export function nextTicketSort(current: TicketListSortState, column: TicketSort): TicketListSortState {
  if (current.sort === column) return { sort: column, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { sort: column, order: 'desc' };
}

const SORT_LABEL: Record<TicketListSortState['order'], string> = {
  asc: 'crescente',
  desc: 'decrescente',
};

function SortHeader({
  column,
  sort,
  current,
  onSort,
}: {
  column: Column;
  sort: TicketSort;
  current: TicketListSortState;
  onSort: (next: TicketListSortState) => void;
}) {
  const active = current.sort === sort;
  const Icon = !active ? ArrowUpDownIcon : current.order === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <th
      scope="col"
      aria-sort={active ? (current.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="px-1 py-1 font-medium"
    >
      <button
        type="button"
        onClick={() => onSort(nextTicketSort(current, sort))}
        className={cn(
          'inline-flex h-8 items-center gap-1 rounded-md px-2 whitespace-nowrap outline-none',
          'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
          active && 'text-foreground',
        )}
      >
        {column.label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
        {active ? <span className="sr-only">, ordem {SORT_LABEL[current.order]}</span> : null}
      </button>
    </th>
  );
}

const SKELETON_ROWS = 8;

function SkeletonRows({ columns }: { columns: readonly Column[] }) {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <tr key={row} aria-hidden="true" className="border-b last:border-b-0">
          {columns.map((column) => (
            <td key={column.label} className={cn('px-3 py-3.5', column.wide && WIDE_COLUMN_CLASS)}>
              <span className="block h-3 w-full max-w-32 animate-pulse rounded bg-muted" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export interface TicketListTableProps {
  area: TicketListArea;
  /** Undefined while the first page loads (skeleton rows keep the table's size). */
  tickets: readonly Ticket[] | undefined;
  sort: TicketListSortState;
  onSort: (next: TicketListSortState) => void;
  now: number;
  /** Another page or filter is loading while the previous one stays on screen. */
  busy?: boolean;
}

/**
 * The chamados as a table with sortable headers. On narrow screens it scrolls sideways inside a labelled,
 * focusable region (keyboard users can scroll it too); the region is `relative` so the visually hidden texts,
 * absolutely placed, scroll with the table instead of widening the page.
 */
export function TicketListTable({ area, tickets, sort, onSort, now, busy = false }: TicketListTableProps) {
  const columns = columnsFor(area);
  return (
    <div
      role="region"
      aria-label="Lista de chamados"
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table
        aria-busy={tickets === undefined || busy}
        className={cn('w-full border-collapse text-left text-sm', busy && 'opacity-70 transition-opacity')}
      >
        <caption className="sr-only">
          Chamados
          {tickets === undefined ? ' (carregando)' : ''}
        </caption>
        <thead className="border-b bg-muted/40 text-xs text-muted-foreground">
          <tr>
            {columns.map((column) =>
              column.sort ? (
                <SortHeader
                  key={column.label}
                  column={column}
                  sort={column.sort}
                  current={sort}
                  onSort={onSort}
                />
              ) : (
                <th
                  key={column.label}
                  scope="col"
                  className={cn('px-3 py-2 font-medium whitespace-nowrap', column.wide && WIDE_COLUMN_CLASS)}
                >
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {tickets === undefined ? (
            <SkeletonRows columns={columns} />
          ) : (
            tickets.map((ticket) => <TicketListRow key={ticket.id} ticket={ticket} area={area} now={now} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
