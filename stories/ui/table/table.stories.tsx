import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  EmptyState,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  TableSortButton,
  type TableSortDirection,
} from '@farol/ui';
import { companyRows, type CompanyRow } from './table-fixtures';

type SortKey = 'name' | 'openTickets';

/** A company list as a module would draw it, with sorting kept in plain React state. */
function CompanyTable({
  rows,
  loading = false,
  stickyHeader = false,
  containerClassName,
}: {
  rows: CompanyRow[];
  loading?: boolean;
  stickyHeader?: boolean;
  containerClassName?: string;
}) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'asc' | 'desc' }>({
    key: 'name',
    direction: 'asc',
  });
  const sorted = [...rows].sort((a, b) => {
    const order = sort.key === 'name' ? a.name.localeCompare(b.name, 'pt-BR') : a.openTickets - b.openTickets;
    return sort.direction === 'asc' ? order : -order;
  });
  const directionOf = (key: SortKey): TableSortDirection => (sort.key === key ? sort.direction : false);
  const toggle = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
  return (
    <Table
      label="Lista de empresas"
      stickyHeader={stickyHeader}
      containerClassName={containerClassName}
      aria-busy={loading || undefined}
    >
      <TableCaption className="sr-only">Empresas</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead sort={directionOf('name')}>
            <TableSortButton direction={directionOf('name')} onClick={() => toggle('name')}>
              Razão social
            </TableSortButton>
          </TableHead>
          <TableHead>CNPJ</TableHead>
          <TableHead>Cidade</TableHead>
          <TableHead sort={directionOf('openTickets')} className="text-right">
            <TableSortButton direction={directionOf('openTickets')} onClick={() => toggle('openTickets')}>
              Chamados abertos
            </TableSortButton>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          <TableLoadingRows columns={4} rows={5} />
        ) : sorted.length === 0 ? (
          <TableEmpty colSpan={4} />
        ) : (
          sorted.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="font-medium whitespace-nowrap">{row.name}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{row.cnpj}</TableCell>
              <TableCell className="whitespace-nowrap">{row.city}</TableCell>
              <TableCell className="text-right tabular-nums">{row.openTickets}</TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

const meta = {
  title: 'UI/Table',
  component: CompanyTable,
  tags: ['autodocs'],
  args: { rows: companyRows(5) },
  globals: { viewport: { value: 'desktop' } },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'A tabela do kit: cabeçalhos ordenáveis, estado vazio, carregando, cabeçalho fixo e rolagem lateral numa região rotulada no celular.',
      },
    },
  },
} satisfies Meta<typeof CompanyTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const firstColumn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

/** Cabeçalhos ordenáveis dizem a ordem (aria-sort) e a invertem no segundo clique. */
export const Sortable: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Empresas' });
    const name = canvas.getByRole('columnheader', { name: /Razão social/ });
    const tickets = canvas.getByRole('columnheader', { name: /Chamados abertos/ });
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(tickets).toHaveAttribute('aria-sort', 'none');
    await expect(canvas.getByRole('columnheader', { name: 'CNPJ' })).not.toHaveAttribute('aria-sort');
    await expect(firstColumn(table)[0]).toBe('Acme Indústria Ltda');
    // The button says the order too (for people who reach it with Tab rather than by table navigation).
    await userEvent.click(within(name).getByRole('button', { name: /^Razão social ?, ordem crescente$/ }));
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(firstColumn(table)[0]).toBe('Umbrella Farmacêutica Ltda');
    await userEvent.click(within(tickets).getByRole('button', { name: 'Chamados abertos' }));
    await expect(tickets).toHaveAttribute('aria-sort', 'ascending');
    await expect(name).toHaveAttribute('aria-sort', 'none');
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    const cell = canvas.getByRole('cell', { name: 'Nenhum resultado' });
    await expect(cell).toHaveAttribute('colspan', '4');
    await expect(cell).toBeVisible();
  },
};

/** A linha vazia pode conter um EmptyState com um próximo passo. */
export const EmptyWithAction: Story = {
  args: { rows: [] },
  render: () => (
    <Table label="Lista de empresas">
      <TableHeader>
        <TableRow>
          <TableHead>Razão social</TableHead>
          <TableHead>CNPJ</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableEmpty colSpan={2}>
          <EmptyState
            size="compact"
            titleAs="p"
            title="Nenhuma empresa encontrada"
            description="Tente outra busca."
          />
        </TableEmpty>
      </TableBody>
    </Table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nenhuma empresa encontrada')).toBeVisible();
    await expect(canvas.queryByText('Nenhum resultado')).toBeNull();
  },
};

/** Linhas provisórias mantêm o tamanho da tabela; leitores de tela ouvem 'Carregando…' uma vez. */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Carregando…');
    const placeholders = canvasElement.querySelectorAll('[data-slot="table-loading-row"]');
    await expect(placeholders).toHaveLength(5);
    for (const row of placeholders) await expect(row).toHaveAttribute('aria-hidden', 'true');
  },
};

/** A linha de cabeçalho fica à vista enquanto as linhas rolam dentro da região. */
export const StickyHeader: Story = {
  args: { rows: companyRows(40), stickyHeader: true, containerClassName: 'max-h-80' },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Lista de empresas' });
    const header = canvas.getByRole('columnheader', { name: /Razão social/ });
    const top = region.getBoundingClientRect().top;
    region.scrollTop = 600;
    await waitFor(() => expect(region.scrollTop).toBeGreaterThan(0));
    await expect(Math.abs(header.getBoundingClientRect().top - top)).toBeLessThanOrEqual(2);
    // The header is opaque: the rows underneath do not show through.
    await expect(getComputedStyle(header).backgroundColor).toBe('rgb(30, 41, 59)');
  },
};

/** No celular a tabela rola para o lado dentro de uma região rotulada que o Tab alcança (as setas a rolam). */
export const PhoneScrollsInsideRegion: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { rows: companyRows(8) },
  play: async ({ canvas }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    const region = canvas.getByRole('region', { name: 'Lista de empresas' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    await userEvent.tab();
    await expect(region).toHaveFocus();
    region.scrollLeft = 200;
    await waitFor(() => expect(region.scrollLeft).toBeGreaterThan(0));
    await expect(document.documentElement.scrollLeft).toBe(0);
  },
};

/** Conteúdo longo de célula quebra a linha onde pode; a região rola para o resto. */
export const LongContent: Story = {
  args: {
    rows: [
      {
        id: 1,
        name: 'Companhia Brasileira de Distribuição e Logística Integrada do Sudeste S.A.',
        cnpj: '12.ABC.345/01DE-35',
        city: 'São José dos Campos/SP',
        openTickets: 1234,
      },
    ],
  },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Lista de empresas' });
    await expect(canvas.getByRole('cell', { name: /Companhia Brasileira/ })).toBeVisible();
    await expect(region.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
