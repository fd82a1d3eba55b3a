import { createMessagesHandlers, notificationHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
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
