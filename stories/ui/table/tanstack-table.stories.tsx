import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { expect, userEvent, within } from 'storybook/test';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
  TableSortButton,
} from '@farol/ui';
import { companyRows, type CompanyRow } from './table-fixtures';

// TanStack Table v9 lives in the app, not in the kit: the kit's parts take its state as plain props.
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

const columns: Array<ColumnDef<typeof features, CompanyRow>> = [
  { accessorKey: 'name', header: 'Razão social', sortFn: 'alphanumeric' },
  { accessorKey: 'cnpj', header: 'CNPJ', enableSorting: false },
  { accessorKey: 'city', header: 'Cidade', sortFn: 'alphanumeric' },
  { accessorKey: 'openTickets', header: 'Chamados abertos', sortFn: 'basic', sortDescFirst: true },
];

function TanStackCompanies({ rows }: { rows: CompanyRow[] }) {
  const table = useTable({ features, columns, data: rows });
  return (
    <Table label="Lista de empresas">
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
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
        {table.getRowModel().rows.length === 0 ? (
          <TableEmpty colSpan={columns.length} />
        ) : (
          table.getRowModel().rows.map((row) => (
            <TableRow key={row.id}>
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

const meta = {
  title: 'UI/Table/With TanStack Table',
  component: TanStackCompanies,
  tags: ['autodocs'],
  args: { rows: companyRows(6) },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: 'A tabela do kit guiada pelo TanStack Table: o estado de ordenação comanda os cabeçalhos.',
      },
    },
  },
} satisfies Meta<typeof TanStackCompanies>;
export default meta;
type Story = StoryObj<typeof meta>;

const column = (table: HTMLElement, index: number) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent);

/** O estado de ordenação do TanStack comanda os botões de ordenar do kit e o aria-sort. */
export const Sorting: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    const name = canvas.getByRole('columnheader', { name: 'Razão social' });
    const tickets = canvas.getByRole('columnheader', { name: 'Chamados abertos' });
    await expect(name).toHaveAttribute('aria-sort', 'none');
    await expect(canvas.getByRole('columnheader', { name: 'CNPJ' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(name).getByRole('button'));
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    const names = column(table, 0);
    await expect(names).toEqual([...names].sort((a, b) => a!.localeCompare(b!)));
    // This column starts descending (most open tickets first).
    await userEvent.click(within(tickets).getByRole('button'));
    await expect(tickets).toHaveAttribute('aria-sort', 'descending');
    await expect(name).toHaveAttribute('aria-sort', 'none');
    const counts = column(table, 3).map(Number);
    await expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await expect(within(tickets).getByRole('button')).toHaveAccessibleName(
      /^Chamados abertos ?, ordem decrescente$/,
    );
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('cell', { name: 'Nenhum resultado' })).toBeVisible();
  },
};
