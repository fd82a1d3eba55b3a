import { createMessagesHandlers, fixtures, notificationHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Dashboard',
  ...portalMeta,
  args: { path: '/dashboard', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const widget = async (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('region', { name });

export const WithData: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(/, Ana!$/)).toBeVisible();
    const notifications = await widget(canvasElement, 'Notificações não lidas');
    const unread = await within(notifications).findAllByRole('listitem');
    await expect(unread.length).toBeGreaterThan(0);
    await expect(unread[0]).toHaveTextContent(/não lida/);
    const conversations = await widget(canvasElement, 'Conversas recentes');
    await expect(await within(conversations).findByText(/Sistema de notas fiscais/)).toBeVisible();
    const shortcuts = await widget(canvasElement, 'Atalhos');
    await expect(within(shortcuts).getAllByRole('link').length).toBeGreaterThan(0);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.loadingForever() } } },
  play: async ({ canvasElement }) => {
    const notifications = await widget(canvasElement, 'Notificações não lidas');
    await expect(within(notifications).getByRole('status')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        notifications: notificationHandlers.empty(),
        messages: createMessagesHandlers({ unreadCount: 0, conversations: () => [] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const notifications = await widget(canvasElement, 'Notificações não lidas');
    await expect(await within(notifications).findByText('Nenhuma notificação não lida.')).toBeVisible();
    const conversations = await widget(canvasElement, 'Conversas recentes');
    await expect(await within(conversations).findByText(/Nenhuma conversa/)).toBeVisible();
  },
};

export const Error: Story = {
  parameters: {
    msw: {
      handlers: {
        notifications: notificationHandlers.serverError(),
        messages: createMessagesHandlers({ failing: true }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const notifications = await widget(canvasElement, 'Notificações não lidas');
    await expect(await within(notifications).findByRole('alert', {}, { timeout: 5000 })).toBeVisible();
    await expect(within(notifications).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    const conversations = await widget(canvasElement, 'Conversas recentes');
    await expect(await within(conversations).findByRole('alert', {}, { timeout: 5000 })).toBeVisible();
  },
};

/** Staff with tickets.view: open chamados in total, mine, urgent, overdue and by status, each a link. */
export const TicketWidget: Story = {
  play: async ({ canvasElement }) => {
    const tickets = await widget(canvasElement, 'Chamados');
    const link = async (name: RegExp) => within(tickets).findByRole('link', { name });
    // The fixtures: 8 open, 2 assigned to Ana, 2 urgent, 1 overdue.
    await expect(await link(/^Em aberto 8$/)).toHaveAttribute('href', '/support?open=true');
    await expect(await link(/^Meus chamados 2$/)).toHaveAttribute('href', '/support?assignee=me&open=true');
    await expect(await link(/^Urgentes 2$/)).toHaveAttribute('href', '/support?priority=urgente&open=true');
    await expect(await link(/^Atrasados 1$/)).toHaveAttribute('href', '/support?overdue=true');
    await expect(await link(/^Em andamento 2$/)).toHaveAttribute('href', '/support/em-andamento');
    await expect(within(tickets).getByRole('link', { name: 'Ver todos' })).toHaveAttribute(
      'href',
      '/support',
    );
  },
};

/** Staff without tickets.view get no chamados widget (and no Suporte shortcut). */
export const WithoutTicketsPermission: Story = {
  args: { user: 'tecnico' },
  parameters: {
    msw: {
      handlers: {
        profile: [
          http.get('*/api/profile', () =>
            HttpResponse.json({ ...fixtures.users.tecnico, permissions: ['tasks.view'] }),
          ),
        ],
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const shortcuts = await widget(canvasElement, 'Atalhos');
    await expect(within(shortcuts).queryByRole('link', { name: 'Suporte' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Chamados' })).not.toBeInTheDocument();
  },
};
