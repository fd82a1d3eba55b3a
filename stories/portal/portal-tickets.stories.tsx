import { ticketHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { ticketRowsOf } from './support/ticket-table';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Portal tickets',
  ...portalMeta,
  args: { path: '/portal/tickets', user: 'clienteAcme' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A client sees their company's chamados only, without the staff filters or the company column. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Meus chamados' })).toBeVisible();
    const rows = await ticketRowsOf(canvasElement);
    // The 7 Acme chamados; Globex's never reach this client.
    await expect(rows).toHaveLength(7);
    await expect(canvas.queryByText('Backup noturno falhou')).not.toBeInTheDocument();
    await expect(
      within(rows[0]!).getByRole('link', { name: 'Sistema de notas fiscais fora do ar' }),
    ).toHaveAttribute('href', '/portal/tickets/1');
    await expect(canvas.queryByRole('columnheader', { name: 'Empresa' })).not.toBeInTheDocument();
    // #1002 is past its due time, but due times are the team's: no overdue mark for a client.
    await expect(rows.some((row) => row.textContent?.includes('#1002'))).toBe(true);
    await expect(canvas.queryByText('Atrasado')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: 'Responsável' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Prioridade' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Novo chamado' })).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Portal do cliente' });
    await expect(within(nav).getByRole('link', { name: 'Chamados' })).toHaveAttribute('aria-current', 'page');
  },
};

/** A client on a staff link (/support/em-andamento) lands on the same filter in the portal. */
export const FromSupportLink: Story = {
  args: { path: '/support/em-andamento' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Meus chamados' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Em andamento' })).toHaveAttribute('aria-current', 'page');
    const rows = await ticketRowsOf(canvasElement);
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('#1001');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { tickets: ticketHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nenhum chamado encontrado')).toBeVisible();
    await expect(canvas.getByText(/Abra um chamado/)).toBeVisible();
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
