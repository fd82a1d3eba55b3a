import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { Skeleton } from '../skeleton/skeleton';

/** A column's sort state; the same values TanStack Table's `column.getIsSorted()` returns. */
export type TableSortDirection = 'asc' | 'desc' | false;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export type TableProps = React.ComponentProps<'table'> & {
  /** Names the scrolling region around the table (read when it takes keyboard focus), e.g. "Lista de empresas". */
  label: string;
  /** Keep the header row in view while the rows scroll; give the region a height (`containerClassName="max-h-[60vh]"`). */
  stickyHeader?: boolean;
  containerClassName?: string;
};

/**
 * A data table inside a region that scrolls sideways (and down, with a height) when the table is wider than
 * the screen. The region is focusable and labelled, so keyboard users can scroll it too. Presentational: sort,
 * pagination and selection state come from the app (plain state or TanStack Table).
 */
export function Table({ label, stickyHeader = false, containerClassName, className, ...props }: TableProps) {
  return (
    <div
      data-slot="table-container"
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'relative w-full overflow-auto rounded-xl border bg-card text-card-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
        containerClassName,
      )}
    >
      <table
        data-slot="table"
        data-sticky-header={stickyHeader || undefined}
        className={cn(
          'w-full caption-bottom border-collapse text-left text-sm',
          stickyHeader && '[&_thead_th]:sticky [&_thead_th]:top-0 [&_thead_th]:z-10 [&_thead_th]:bg-card',
          className,
        )}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn(
        'text-xs text-muted-foreground [&_th]:shadow-[inset_0_-1px_0_var(--color-border)]',
        className,
      )}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted/50 font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'border-b transition-colors hover:bg-accent/40 data-[state=selected]:bg-accent data-[state=selected]:text-accent-foreground',
        className,
      )}
      {...props}
    />
  );
}

export type TableHeadProps = React.ComponentProps<'th'> & {
  /** Sortable column: its current direction (`false` when sorted by another column). Sets aria-sort. */
  sort?: TableSortDirection;
};

export function TableHead({ className, sort, scope = 'col', ...props }: TableHeadProps) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      aria-sort={sort === undefined ? undefined : sort ? ARIA_SORT[sort] : 'none'}
      className={cn(
        'h-10 px-3 align-middle font-medium whitespace-nowrap',
        sort !== undefined && 'px-1',
        '[&:has([role=checkbox])]:w-10 [&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  );
}

export type TableSortButtonProps = Omit<React.ComponentProps<'button'>, 'type'> & {
  /** The column's current direction; `false` when it is not the sorted column. */
  direction: TableSortDirection;
};

/**
 * The button inside a sortable TableHead: the column name and an arrow; says the current order to screen
 * readers. With TanStack Table: `direction={column.getIsSorted()}` `onClick={column.getToggleSortingHandler()}`.
 */
export function TableSortButton({ direction, className, children, ...props }: TableSortButtonProps) {
  const messages = useMessages();
  const Icon = direction === 'asc' ? ArrowUpIcon : direction === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <button
      type="button"
      data-slot="table-sort-button"
      data-state={direction || 'none'}
      className={cn(
        'inline-flex h-8 items-center gap-1 rounded-md px-2 whitespace-nowrap outline-none',
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        direction && 'text-foreground',
        className,
      )}
      {...props}
    >
      {children}
      <Icon aria-hidden="true" className={cn('size-3.5', !direction && 'opacity-50')} />
      {direction ? (
        <span className="sr-only">
          , {direction === 'asc' ? messages.table.sortAscending : messages.table.sortDescending}
        </span>
      ) : null}
    </button>
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td
      data-slot="table-cell"
      className={cn('px-3 py-2.5 align-middle [&:has([role=checkbox])]:pr-0', className)}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-3 pb-3 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export type TableEmptyProps = Omit<React.ComponentProps<'tr'>, 'children'> & {
  /** How many columns the message spans. */
  colSpan: number;
  /** Default 'Nenhum resultado'; an EmptyState fits here too. */
  children?: React.ReactNode;
};

/** The one row of a table with no rows. */
export function TableEmpty({ colSpan, children, className, ...props }: TableEmptyProps) {
  const messages = useMessages();
  return (
    <tr data-slot="table-empty" className={cn('hover:bg-transparent', className)} {...props}>
      <td colSpan={colSpan} className="h-24 px-3 text-center text-muted-foreground">
        {children ?? messages.table.empty}
      </td>
    </tr>
  );
}

export interface TableLoadingRowsProps {
  /** How many columns each placeholder row has. */
  columns: number;
  /** How many placeholder rows (default 5; match the page size to keep the layout still). */
  rows?: number;
  /** What screen readers hear (default 'Carregando…'). */
  label?: string;
}

/** Placeholder rows while the first page loads; one status tells screen readers, the bars are hidden from them. */
export function TableLoadingRows({ columns, rows = 5, label }: TableLoadingRowsProps) {
  const messages = useMessages();
  return (
    <>
      <tr data-slot="table-loading-status" className="border-0">
        <td colSpan={columns} className="p-0">
          <span role="status" className="sr-only">
            {label ?? messages.table.loading}
          </span>
        </td>
      </tr>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} data-slot="table-loading-row" aria-hidden="true" className="border-b last:border-0">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column} className="px-3 py-3.5">
              <Skeleton className={cn('h-3 w-full', column === 0 ? 'max-w-16' : 'max-w-32')} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
