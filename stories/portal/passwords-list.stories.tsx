import { createPasswordHandlers, passwordHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Passwords list',
  ...portalMeta,
  args: { path: '/passwords', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowsOf = async (canvasElement: HTMLElement) => {
  const table = await within(canvasElement).findByRole('table', { name: 'Itens do cofre' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
};

/** Every item the person reaches: name, tipo, empresa, usuário, pasta, acesso — and never a secret. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { level: 1, name: 'Senhas' })).toBeVisible();
    const rows = await rowsOf(canvasElement);
    await expect(rows).toHaveLength(5);
    const firewall = rows.find((row) => row.textContent?.includes('Firewall Acme'))!;
    await expect(within(firewall).getByRole('link', { name: 'Firewall Acme (pfSense)' })).toHaveAttribute(
      'href',
      '/passwords/1',
    );
    await expect(firewall).toHaveTextContent('Acme Logística Ltda.');
    await expect(firewall).toHaveTextContent('Infraestrutura Acme');
    await expect(canvasElement).not.toHaveTextContent('Acme#Firewall-2024');
    // The overdue rotation shows on its row.
    await expect(rows.find((row) => row.textContent?.includes('Servidor de arquivos'))).toHaveTextContent(
      'Troca vencida',
    );
    await expect(main.getByRole('button', { name: 'Novo item' })).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(within(nav).getByRole('link', { name: 'Senhas' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The search ignores accents and case, and filters land in the URL. */
export const Search: Story = {
  play: async ({ canvas, canvasElement }) => {
    await rowsOf(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar' }), 'MICROSOFT');
    await waitFor(async () => expect(await rowsOf(canvasElement)).toHaveLength(1));
    await expect((await rowsOf(canvasElement))[0]).toHaveTextContent('Microsoft 365 Farol');
  },
};

/** "Troca vencida": the items whose password is past its rotation. */
export const DueRotation: Story = {
  args: { path: '/passwords?troca=vencida' },
  play: async ({ canvasElement }) => {
    const rows = await rowsOf(canvasElement);
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('Servidor de arquivos Acme (SSH)');
    await expect(rows[0]).toHaveTextContent('Troca vencida');
  },
};

/** Filters that match nothing say so and offer to clear them. */
export const EmptyFiltered: Story = {
  args: { path: '/passwords?q=nada-disso' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nenhum item encontrado' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await expect(await rowsOf(canvasElement)).toHaveLength(5);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.empty() } } },
  play: async ({ canvas }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { name: 'Nenhuma credencial guardada' })).toBeVisible();
    await expect(main.getAllByRole('button', { name: 'Novo item' })).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.loading() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Itens do cofre' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Carregando o cofre…');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar o cofre.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** A technician without passwords.view never reaches the page: the guard sends them to /403. */
export const Forbidden: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Itens do cofre' })).toBeNull();
  },
};

/** The server refuses although the menu let the person in: a clear message and no actions. */
export const ForbiddenByServer: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Você não tem permissão para ver o cofre de senhas');
    await expect(canvas.queryByRole('button', { name: 'Novo item' })).toBeNull();
  },
};

/** The vault's key is missing on the server: the list still shows, creating is off and the reason is said. */
export const VaultUnavailable: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.unavailable() } } },
  play: async ({ canvas, canvasElement }) => {
    await rowsOf(canvasElement);
    await expect(await canvas.findByText(/defina FAROL_VAULT_KEY/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Novo item' })).toBeDisabled();
  },
};

/** Forty-five items with long names: they wrap in their cell and the list pages by 25. */
export const LongContent: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordHandlers({ extra: 40 }) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await rowsOf(canvasElement)).toHaveLength(25);
    const pages = canvas.getByRole('navigation', { name: 'Paginação' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Página 2' }));
    await waitFor(async () => expect(await rowsOf(canvasElement)).toHaveLength(20));
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { level: 1, name: 'Senhas' })).toBeVisible();
    await expect(await rowsOf(canvasElement)).toHaveLength(5);
    await expect(canvas.getByRole('button', { name: 'Novo item' })).toBeVisible();
  },
};
