import { createTicketHandlers, createTicketMock, makeTicket, ticketHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { ticketRowsOf } from './support/ticket-table';
import { portalMeta, realtimeOf } from './support/portal-story';

const meta = {
  title: 'Portal/Support tickets',
  ...portalMeta,
  args: { path: '/support', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const numbersOf = async (canvasElement: HTMLElement) =>
  (await ticketRowsOf(canvasElement)).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

/** Every chamado, newest change first: number, subject link, company, people, badges, overdue mark. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Chamados' })).toBeVisible();
    const rows = await ticketRowsOf(canvasElement);
    await expect(rows).toHaveLength(12);
    await expect(canvas.getByText('12 chamados')).toBeVisible();
    const first = rows[0]!;
    await expect(
      within(first).getByRole('link', { name: 'Sistema de notas fiscais fora do ar' }),
    ).toHaveAttribute('href', '/support/ticket/1');
    await expect(first).toHaveTextContent('#1001');
    await expect(first).toHaveTextContent('Acme Logística Ltda.');
    await expect(first).toHaveTextContent('Em andamento');
    await expect(first).toHaveTextContent('Urgente');
    // #1002 (alta, opened 30 h ago) is past its due time.
    const late = rows.find((row) => row.textContent?.includes('#1002'))!;
    await expect(within(late).getByText('Atrasado')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Todos' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('columnheader', { name: /Atualizado/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(canvas.getByRole('button', { name: 'Novo chamado' })).toBeVisible();
  },
};

/** /support/em-andamento: the status comes from the URL, its tab is current. */
export const FilteredByStatus: Story = {
  args: { path: '/support/em-andamento' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await numbersOf(canvasElement)).toEqual(['#1001', '#1008']);
    await expect(canvas.getByRole('link', { name: 'Em andamento' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('2 chamados')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Abertos' }));
    await waitFor(async () => expect(await numbersOf(canvasElement)).toHaveLength(8));
  },
};

/** An unknown status in the URL says so and lists every chamado. */
export const UnknownStatus: Story = {
  args: { path: '/support/pendente' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(/Status desconhecido: “pendente”/)).toBeVisible();
    await expect(await ticketRowsOf(canvasElement)).toHaveLength(12);
  },
};

/** Typing narrows the list after a short pause; the search lands in the URL. */
export const Search: Story = {
  play: async ({ canvas, canvasElement }) => {
    await ticketRowsOf(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar chamados' }), 'impressora');
    await waitFor(async () => expect(await numbersOf(canvasElement)).toEqual(['#1002', '#1004']));
    await expect(canvas.getByText('2 chamados')).toBeVisible();
  },
};

/**
 * Empresa, then Filial (only the chosen company's branches; none until a company is chosen): the list keeps the
 * chamados of that branch, and another company clears the branch.
 */
export const FilteredByCompanyAndBranch: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await ticketRowsOf(canvasElement)).toHaveLength(12);
    const branch = canvas.getByRole('combobox', { name: 'Filial' });
    await expect(branch).toBeDisabled();
    await expect(branch).toHaveDisplayValue('Escolha a empresa');
    const company = canvas.getByRole('combobox', { name: 'Empresa' });
    await waitFor(() => expect(within(company).getByRole('option', { name: /Acme/ })).toBeInTheDocument());
    await userEvent.selectOptions(company, within(company).getByRole('option', { name: /Acme/ }));
    await waitFor(() => expect(branch).toBeEnabled());
    await expect(
      within(branch)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas', 'Matriz', 'Filial Centro']);
    await userEvent.selectOptions(branch, 'Filial Centro');
    await waitFor(async () => expect(await ticketRowsOf(canvasElement)).toHaveLength(1));
    await expect(canvas.getByText('1 chamado')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Lentidão na rede da Filial Centro' })).toBeVisible();
    await userEvent.selectOptions(company, within(company).getByRole('option', { name: /Globex/ }));
    await waitFor(() => expect(branch).toHaveDisplayValue('Todas'));
    await expect(
      within(branch)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas', 'Sede']);
  },
};

/** A link with ?company=&branch= opens the list already narrowed to that branch. */
export const BranchFromUrl: Story = {
  args: { path: '/support?company=101&branch=3' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Filial' })).toHaveDisplayValue('Sede'));
    const rows = await ticketRowsOf(canvasElement);
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('Backup noturno falhou');
  },
};

/** Column headers sort through the server: Número descending, then ascending. */
export const Sorted: Story = {
  play: async ({ canvas, canvasElement }) => {
    await ticketRowsOf(canvasElement);
    const number = canvas.getByRole('button', { name: /^Número/ });
    await userEvent.click(number);
    await waitFor(async () => expect((await numbersOf(canvasElement))[0]).toBe('#1012'));
    await expect(canvas.getByRole('columnheader', { name: /Número/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(number);
    await waitFor(async () => expect((await numbersOf(canvasElement))[0]).toBe('#1001'));
    await expect(canvas.getByRole('columnheader', { name: /Número/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  },
};

const manyTickets = () =>
  Array.from({ length: 60 }, (_, index) =>
    makeTicket({
      id: index + 1,
      number: 2001 + index,
      subject: `Chamado de teste ${index + 1}`,
      updated_at: new Date(Date.now() - index * 60_000).toISOString(),
    }),
  );

/** 60 chamados: page 2 holds the last 10; "Anterior" goes back to the first 50. */
export const SecondPage: Story = {
  args: { path: '/support?page=2' },
  parameters: { msw: { handlers: { tickets: createTicketHandlers({ tickets: manyTickets }) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await ticketRowsOf(canvasElement)).toHaveLength(10);
    const pages = canvas.getByRole('navigation', { name: 'Paginação' });
    await expect(within(pages).getByText('Página 2 de 2')).toBeVisible();
    await expect(canvas.getByText('60 chamados')).toBeVisible();
    await expect(within(pages).getByRole('button', { name: 'Próxima' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(pages).getByRole('button', { name: 'Anterior' }));
    await waitFor(async () => expect(await ticketRowsOf(canvasElement)).toHaveLength(50));
    await expect(within(pages).getByText('Página 1 de 2')).toBeVisible();
  },
};

/** No chamado at all. */
export const Empty: Story = {
  parameters: { msw: { handlers: { tickets: ticketHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nenhum chamado encontrado')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Limpar filtros' })).not.toBeInTheDocument();
  },
};

/** Filters that match nothing offer to clear them. */
export const EmptyFiltered: Story = {
  args: { path: '/support/fechado?q=nada-disso&priority=urgente' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('Nenhum chamado encontrado')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await expect(await ticketRowsOf(canvasElement)).toHaveLength(12);
    await expect(canvas.getByRole('searchbox', { name: 'Buscar chamados' })).toHaveValue('');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { tickets: ticketHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar os chamados.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** The server refuses (403): a clear message, no filters, no "Novo chamado". */
export const Forbidden: Story = {
  parameters: { msw: { handlers: { tickets: ticketHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Você não tem permissão para ver chamados');
    await expect(canvas.queryByRole('button', { name: 'Novo chamado' })).not.toBeInTheDocument();
  },
};

/** The first page on its way: the table keeps its shape with placeholder rows. */
export const Loading: Story = {
  parameters: { msw: { handlers: { tickets: ticketHandlers.loading() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: /Chamados/ });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status', { name: 'Carregando chamados…' })).toBeInTheDocument();
  },
};

/** The whole row opens the chamado (its subject's link covers it), not only the subject. */
export const WholeRowOpens: Story = {
  play: async ({ canvas, canvasElement }) => {
    const row = (await ticketRowsOf(canvasElement)).find((item) => item.textContent?.includes('#1002'))!;
    // What a pointer lands on over the row's last cell (hit-testing, as a real click does) is the link.
    const cell = within(row).getAllByRole('cell').at(-1)!;
    const box = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const link = hit?.closest('a');
    await expect(link).toHaveAttribute('href', '/support/ticket/2');
    await userEvent.click(link!);
    await expect(await canvas.findByRole('heading', { name: /^#1002/ })).toBeVisible();
  },
};

/** On a phone the chamados are cards (subject, number, status, priority, time, company), each one a link. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Chamados' });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    await expect(canvas.queryByRole('table', { name: 'Chamados' })).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    await expect(cards).toHaveLength(12);
    const card = cards.find((item) => item.textContent?.includes('#1002'))!;
    await expect(card).toHaveTextContent('Impressora do financeiro não imprime');
    await expect(card).toHaveTextContent('Acme');
    await expect(card).toHaveTextContent('Atrasado');
    // Nothing wider than the phone.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    // The whole card is the link.
    card.scrollIntoView({ block: 'center' });
    const box = card.getBoundingClientRect();
    const hit = document.elementFromPoint(box.right - 12, box.bottom - 12);
    await expect(hit?.closest('a')).toHaveAttribute('href', '/support/ticket/2');
    const order = canvas.getByRole('combobox', { name: 'Ordenar' });
    await userEvent.selectOptions(order, 'Mais urgentes primeiro');
    await waitFor(() =>
      expect(
        within(canvas.getByRole('list', { name: 'Chamados' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Urgente'),
    );
    // The re-sorted cards settle before the accessibility check reads their colours (mid-transition, a card's
    // muted number measured 3.5:1 on a busy machine).
    await waitFor(() =>
      expect(document.getAnimations().filter((animation) => animation.playState === 'running')).toEqual([]),
    );
  },
};

// The live stories hold their own tickets mock, so the event and the next refetch agree.
const liveTickets = createTicketMock();

/** Another technician takes #1002: the row changes in place, without a reload. */
export const LiveUpdate: Story = {
  parameters: { msw: { handlers: { tickets: liveTickets.handlers } } },
  play: async (context) => {
    const { canvasElement } = context;
    const row = async () =>
      (await ticketRowsOf(canvasElement)).find((item) => item.textContent?.includes('#1002'))!;
    await expect(await row()).toHaveTextContent('Sem responsável');
    const changed = liveTickets.database.updated(2, {
      status: 'em andamento',
      assignee: { id: 3, name: 'Carla Mendes' },
    });
    realtimeOf(context).emitServerEvent('ticket:updated', changed);
    await waitFor(async () => {
      const updated = await row();
      await expect(updated).toHaveTextContent('Carla Mendes');
      await expect(updated).toHaveTextContent('Em andamento');
      // The brief mark that points the change out.
      await expect(updated.getAnimations().length).toBeGreaterThan(0);
    });
    // The change moved it to the top (newest change first).
    await waitFor(async () => expect((await numbersOf(canvasElement))[0]).toBe('#1002'));
  },
};
