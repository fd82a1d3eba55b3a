import { createPasswordHandlers, passwordHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Passwords reveal log',
  ...portalMeta,
  args: { path: '/passwords/reveals', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowsOf = async (canvasElement: HTMLElement) => {
  const table = await within(canvasElement).findByRole('table', { name: 'Registro de revelações' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
};

/** Who saw what, when and why: the person, the action and field, the item, the company, the reason or chamado. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(
      await main.findByRole('heading', { level: 1, name: 'Registro de revelações' }),
    ).toBeVisible();
    const rows = await rowsOf(canvasElement);
    await expect(rows).toHaveLength(4);
    await expect(rows[0]).toHaveTextContent('Bruno Lima');
    await expect(rows[0]).toHaveTextContent('Revelou');
    await expect(rows[0]).toHaveTextContent('Troca de regra do firewall');
    await expect(within(rows[0]!).getByRole('link', { name: 'Chamado #1042' })).toHaveAttribute(
      'href',
      '/support/ticket/1042',
    );
    await expect(within(rows[0]!).getByRole('link', { name: 'Firewall Acme (pfSense)' })).toHaveAttribute(
      'href',
      '/passwords/1',
    );
    const breakGlass = rows.find((row) => row.textContent?.includes('Quebra-vidro'))!;
    await expect(breakGlass).toHaveTextContent('Conta do administrador bloqueada');
    await expect(breakGlass).toHaveTextContent('Interno');
    await expect(main.getByText('4 registros')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  },
};

/** A person's name shows only their reveals, with a chip that takes the filter away again. */
export const PerPerson: Story = {
  play: async ({ canvas, canvasElement }) => {
    const rows = await rowsOf(canvasElement);
    await userEvent.click(
      within(rows[0]!).getByRole('button', { name: 'Ver só as revelações de Bruno Lima' }),
    );
    await waitFor(async () => expect(await rowsOf(canvasElement)).toHaveLength(2));
    const chips = canvas.getByRole('list', { name: 'Filtros aplicados' });
    await expect(chips).toHaveTextContent('Pessoa: Bruno Lima');
    for (const row of await rowsOf(canvasElement)) await expect(row).toHaveTextContent('Bruno Lima');
    await userEvent.click(within(chips).getByRole('button', { name: 'Remover filtro Pessoa: Bruno Lima' }));
    await waitFor(async () => expect(await rowsOf(canvasElement)).toHaveLength(4));
  },
};

/** Filters by action (in the URL), and the export downloads what is on screen. */
export const FilteredAndExported: Story = {
  args: { path: '/passwords/reveals?acao=copy' },
  play: async ({ canvas, canvasElement }) => {
    const rows = await rowsOf(canvasElement);
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('Carla Mendes');
    await expect(rows[0]).toHaveTextContent('Copiou');
    await userEvent.click(canvas.getByRole('button', { name: 'Exportar CSV' }));
    const toast = await within(document.body).findByText('Registro exportado em CSV.');
    await waitFor(() => expect(toast).toBeVisible());
  },
};

/** A period with nothing in it says so and offers to clear the filters. */
export const EmptyFiltered: Story = {
  args: { path: '/passwords/reveals?ate=2020-01-01' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma revelação encontrada' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await expect(await rowsOf(canvasElement)).toHaveLength(4);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Ninguém revelou uma senha ainda' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.loading() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Registro de revelações' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Carregando o registro…');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar o registro.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** A technician without passwords.manage never reaches the page: the guard sends them to /403. */
export const Forbidden: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Registro de revelações' })).toBeNull();
  },
};

/** The server refuses although the route let the person in: a clear message and no export. */
export const ForbiddenByServer: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Você não tem permissão para ver o registro de revelações');
    await expect(canvas.queryByRole('button', { name: 'Exportar CSV' })).toBeNull();
  },
};

/** Forty-four entries with long reasons: they wrap in their cell and the log pages by 25. */
export const LongContent: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordHandlers({ extra: 40 }) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await rowsOf(canvasElement)).toHaveLength(25);
    await expect(canvas.getByText('44 registros')).toBeVisible();
    const pages = canvas.getByRole('navigation', { name: 'Paginação' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Página 2' }));
    await waitFor(async () => expect(await rowsOf(canvasElement)).toHaveLength(19));
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(
      await main.findByRole('heading', { level: 1, name: 'Registro de revelações' }),
    ).toBeVisible();
    await expect(await rowsOf(canvasElement)).toHaveLength(4);
    await expect(main.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
  },
};
