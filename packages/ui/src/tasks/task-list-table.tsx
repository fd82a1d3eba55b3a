import {
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type * as React from 'react';
import { useTasksMessages } from './messages';
import { cn } from '../lib/cn';
import { Avatar } from '../primitives/avatar/avatar';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
  TableSortButton,
} from '../table/table';
import { parseDueDate } from './due';
import { TaskDueChip, TaskPriorityBadge } from './task-card';
import type { TaskCardView, TaskPriorityView } from './types';

/** A row of the list: a card plus the name (and colour) of the column it is in. */
export interface TaskListRowView extends TaskCardView {
  columnName?: string;
  columnColor?: string | null;
}

export type TaskListSortKey = 'number' | 'title' | 'column' | 'priority' | 'due';

export type TaskListTableProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  rows: readonly TaskListRowView[];
  onOpen?: (taskId: string) => void;
  /** Accessible name of the table's scroll region (default 'Lista de tarefas'). */
  label?: string;
  /** Starting order (default: as given). Sorting is then the table's own. */
  defaultSorting?: { id: TaskListSortKey; desc: boolean } | null;
  today?: Date;
  /** What shows when `rows` is empty (default 'Nenhum resultado'). */
  empty?: React.ReactNode;
  /** Height of the scrolling area (default 'min(70dvh, 48rem)'); only the rows in view are drawn. */
  height?: string;
};

const PRIORITY_RANK: Record<TaskPriorityView, number> = {
  urgente: 0,
  alta: 1,
  média: 2,
  baixa: 3,
  nenhuma: 4,
};

const features = /* @__PURE__ */ tableFeatures({
  rowSortingFeature,
  sortedRowModel: /* @__PURE__ */ createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

const dueValue = (row: TaskListRowView) => {
  const date = row.dueDate ? parseDueDate(row.dueDate) : null;
  return date ? date.getTime() : undefined;
};

const ROW_HEIGHT = 49;

/**
 * Tasks as a sortable table (TanStack Table) that stays fast with thousands of rows: only the rows in view
 * are in the page (react-virtual), with spacer rows above and below, and `aria-rowcount`/`aria-rowindex` so
 * screen readers know the full size. The title opens the task.
 */
export function TaskListTable({
  rows,
  onOpen,
  label,
  defaultSorting = null,
  today,
  empty,
  height = 'min(70dvh, 48rem)',
  className,
  style,
  ...props
}: TaskListTableProps) {
  const t = useTasksMessages();
  const columns = useMemo<Array<ColumnDef<typeof features, TaskListRowView>>>(
    () => [
      {
        id: 'number',
        accessorFn: (row) => row.number,
        header: t.list.number,
        sortFn: 'alphanumeric',
        cell: ({ row }) => (
          <span className="font-mono text-xs whitespace-nowrap text-muted-foreground">
            {row.original.number}
          </span>
        ),
      },
      {
        id: 'title',
        accessorFn: (row) => row.title,
        header: t.list.title,
        sortFn: 'alphanumeric',
        cell: ({ row }) => (
          <button
            type="button"
            className="max-w-[28rem] truncate text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
            title={row.original.title}
            onClick={onOpen ? () => onOpen(row.original.id) : undefined}
          >
            {row.original.title}
          </button>
        ),
      },
      {
        id: 'column',
        accessorFn: (row) => row.columnName ?? '',
        header: t.list.column,
        sortFn: 'alphanumeric',
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <span
              aria-hidden="true"
              className="size-2 rounded-full bg-muted-foreground"
              style={row.original.columnColor ? { backgroundColor: row.original.columnColor } : undefined}
            />
            {row.original.columnName}
          </span>
        ),
      },
      {
        id: 'priority',
        accessorFn: (row) => PRIORITY_RANK[row.priority ?? 'nenhuma'],
        header: t.list.priority,
        sortFn: 'basic',
        sortDescFirst: false,
        cell: ({ row }) =>
          row.original.priority && row.original.priority !== 'nenhuma' ? (
            <TaskPriorityBadge priority={row.original.priority} />
          ) : null,
      },
      {
        id: 'due',
        accessorFn: dueValue,
        header: t.list.due,
        sortFn: 'basic',
        sortDescFirst: false,
        sortUndefined: 'last',
        cell: ({ row }) =>
          row.original.dueDate ? (
            <TaskDueChip dueDate={row.original.dueDate} today={today} completed={row.original.completed} />
          ) : null,
      },
      {
        id: 'assignees',
        header: t.list.assignees,
        enableSorting: false,
        cell: ({ row }) => {
          const people = row.original.assignees ?? [];
          if (people.length === 0) return null;
          return (
            <span className="flex items-center gap-1.5">
              <Avatar
                name={people[0]!.name}
                src={people[0]!.avatarUrl}
                decorative
                className="size-6 text-[0.625rem]"
              />
              <span className="truncate whitespace-nowrap">
                {people[0]!.name}
                {people.length > 1 ? ` +${people.length - 1}` : ''}
              </span>
            </span>
          );
        },
      },
      {
        id: 'labels',
        header: t.list.labels,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            {(row.original.labels ?? []).slice(0, 3).map((item) => (
              <span
                key={item.id}
                className="inline-flex items-center gap-1 rounded-full border px-1.5 text-[0.6875rem] whitespace-nowrap"
              >
                <span
                  aria-hidden="true"
                  className="size-2 rounded-full"
                  style={{ backgroundColor: item.color }}
                />
                {item.name}
              </span>
            ))}
          </span>
        ),
      },
    ],
    [t, onOpen, today],
  );

  const initialSorting: SortingState = defaultSorting ? [defaultSorting] : [];
  const table = useTable({
    features,
    columns,
    data: rows as TaskListRowView[],
    initialState: { sorting: initialSorting },
    getRowId: (row) => row.id,
  });
  const modelRows = table.getRowModel().rows;

  const tableRef = useRef<HTMLTableElement>(null);
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => tableRef.current?.parentElement ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 1024, height: 720 },
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const columnCount = columns.length;

  return (
    <div
      data-slot="task-list"
      className={cn('flex flex-col gap-2', className)}
      style={{ '--task-list-height': height, ...style } as React.CSSProperties}
      {...props}
    >
      <Table
        ref={tableRef}
        label={label ?? t.list.label}
        stickyHeader
        containerClassName="max-h-(--task-list-height)"
        aria-rowcount={modelRows.length + 1}
        className="min-w-[56rem]"
      >
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const column = header.column;
                const canSort = column.getCanSort();
                const direction = column.getIsSorted();
                return (
                  <TableHead key={header.id} sort={canSort ? direction : undefined}>
                    {canSort ? (
                      <TableSortButton direction={direction} onClick={column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                      </TableSortButton>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {modelRows.length === 0 ? (
            <TableEmpty colSpan={columnCount}>{empty}</TableEmpty>
          ) : (
            <>
              {top > 0 ? (
                <tr aria-hidden="true" data-slot="task-list-spacer">
                  <td colSpan={columnCount} style={{ height: top, padding: 0 }} />
                </tr>
              ) : null}
              {items.map((item) => {
                const row = modelRows[item.index]!;
                return (
                  <TableRow
                    key={row.id}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    aria-rowindex={item.index + 2}
                  >
                    {row.getAllCells().map((cell) => (
                      <TableCell key={cell.id} className="py-2">
                        <table.FlexRender cell={cell} />
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
              {bottom > 0 ? (
                <tr aria-hidden="true" data-slot="task-list-spacer">
                  <td colSpan={columnCount} style={{ height: bottom, padding: 0 }} />
                </tr>
              ) : null}
            </>
          )}
        </TableBody>
      </Table>
      <p className="text-xs text-muted-foreground" data-slot="task-list-count">
        {t.list.rows(modelRows.length)}
      </p>
    </div>
  );
}
