import type { Account, AccountAction, AccountSort } from '@farol/data/contract';
import {
  Avatar,
  Badge,
  Checkbox,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  TableSortButton,
} from '@farol/ui';
import {
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { MoreHorizontalIcon } from 'lucide-react';
import { useMemo } from 'react';
import { invitationLabel, lastAccessLabel, roleLabel, STATUS_LABELS } from '../shared/account-labels';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

export type AccountRowAction = AccountAction | 'invitation' | 'offboarding';

export interface AccountTableProps {
  rows: readonly Account[];
  loading: boolean;
  sort: { sort: AccountSort; order: 'asc' | 'desc' };
  onSort: (sort: { sort: AccountSort; order: 'asc' | 'desc' }) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  onAction: (account: Account, action: AccountRowAction) => void;
  /** The signed-in person's id: their own row offers no suspension. */
  selfId: number | null;
  /** Staff may deactivate and offboard; a client gestor only suspends, reactivates and re-invites. */
  staff: boolean;
  empty: React.ReactNode;
}

const statusVariant = (status: Account['status']) =>
  status === 'ativo' ? 'secondary' : status === 'suspenso' ? 'outline' : 'destructive';

/**
 * The accounts as a TanStack table: the server sorts and pages (manual sorting), the table keeps the
 * selection for the bulk actions.
 */
export function AccountTable({
  rows,
  loading,
  sort,
  onSort,
  selection,
  onSelectionChange,
  onAction,
  selfId,
  staff,
  empty,
}: AccountTableProps) {
  const columns = useMemo<Array<ColumnDef<typeof features, Account>>>(
    () => [
      {
        id: 'select',
        enableSorting: false,
        header: ({ table }) => (
          <Checkbox
            aria-label="Selecionar todas as contas da página"
            checked={
              table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false
            }
            onCheckedChange={(value) => table.toggleAllRowsSelected(value === true)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Selecionar ${row.original.name}`}
            checked={row.getIsSelected()}
            disabled={!row.getCanSelect()}
            onCheckedChange={(value) => row.toggleSelected(value === true)}
          />
        ),
      },
      {
        id: 'name',
        header: 'Nome',
        cell: ({ row }) => (
          <span className="flex items-center gap-2">
            <Avatar
              name={row.original.name}
              src={row.original.profile_picture}
              decorative
              className="size-8"
            />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{row.original.name}</span>
              <span className="truncate text-xs text-muted-foreground">{row.original.email}</span>
            </span>
          </span>
        ),
      },
      {
        id: 'role',
        header: 'Função',
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {roleLabel(row.original.role)}
            {row.original.company_manager ? (
              <span className="block text-xs text-muted-foreground">Gestor da empresa</span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'company',
        header: 'Empresa',
        cell: ({ row }) => row.original.company_name ?? <span className="text-muted-foreground">Equipe</span>,
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => {
          const invitation = invitationLabel(row.original);
          return (
            <span className="flex flex-col items-start gap-1">
              <Badge variant={statusVariant(row.original.status)}>{STATUS_LABELS[row.original.status]}</Badge>
              {invitation ? <span className="text-xs text-muted-foreground">{invitation}</span> : null}
            </span>
          );
        },
      },
      {
        id: 'last_access',
        header: 'Último acesso',
        cell: ({ row }) => <span className="whitespace-nowrap">{lastAccessLabel(row.original)}</span>,
      },
      {
        id: 'two_factor',
        header: '2FA',
        enableSorting: false,
        cell: ({ row }) => (row.original.two_factor_enabled ? 'Ativo' : 'Inativo'),
      },
      {
        id: 'actions',
        enableSorting: false,
        header: () => <span className="sr-only">Ações</span>,
        cell: ({ row }) => {
          const account = row.original;
          const self = account.id === selfId;
          return (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <IconButton label={`Ações de ${account.name}`} variant="ghost" size="sm">
                  <MoreHorizontalIcon />
                </IconButton>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {account.invitation_expires_at ? (
                  <DropdownMenuItem onSelect={() => onAction(account, 'invitation')}>
                    Gerar novo convite
                  </DropdownMenuItem>
                ) : null}
                {account.status === 'ativo' && !self ? (
                  <DropdownMenuItem onSelect={() => onAction(account, 'suspend')}>Suspender</DropdownMenuItem>
                ) : null}
                {account.status !== 'ativo' ? (
                  <DropdownMenuItem onSelect={() => onAction(account, 'reactivate')}>
                    Reativar
                  </DropdownMenuItem>
                ) : null}
                {staff && account.status !== 'desativado' && !self ? (
                  <DropdownMenuItem onSelect={() => onAction(account, 'offboarding')}>
                    Desligar (offboarding)…
                  </DropdownMenuItem>
                ) : null}
              </DropdownMenuContent>
            </DropdownMenu>
          );
        },
      },
    ],
    [onAction, selfId, staff],
  );

  const sorting: SortingState = [{ id: sort.sort, desc: sort.order === 'desc' }];
  const table = useTable({
    features,
    columns,
    data: rows as Account[],
    getRowId: (row) => String(row.id),
    manualSorting: true,
    state: { sorting, rowSelection: selection },
    enableRowSelection: (row) => row.original.id !== selfId,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) onSort({ sort: first.id as AccountSort, order: first.desc ? 'desc' : 'asc' });
    },
    onRowSelectionChange: (updater) =>
      onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
  });

  return (
    <Table label="Contas de usuário" className="min-w-[56rem]">
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              const column = header.column;
              const canSort = column.getCanSort();
              const direction = sort.sort === column.id ? (sort.order === 'desc' ? 'desc' : 'asc') : false;
              return (
                <TableHead key={header.id} sort={canSort ? direction : undefined}>
                  {canSort ? (
                    <TableSortButton
                      direction={direction}
                      onClick={() =>
                        onSort({
                          sort: column.id as AccountSort,
                          order: direction === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
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
        {loading && rows.length === 0 ? (
          <TableLoadingRows columns={columns.length} rows={8} />
        ) : rows.length === 0 ? (
          <TableEmpty colSpan={columns.length}>{empty}</TableEmpty>
        ) : (
          table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
              {row.getAllCells().map((cell) => (
                <TableCell key={cell.id}>
                  <table.FlexRender cell={cell} />
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
