import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { handlers, makeChatMessage, messagesHandlers } from '@farol/data/mocks';
import { harnessLoader, harnessOf, withHarness } from './harness';
import { MessagesHarness } from './messages-harness';

const meta = {
  title: 'Data/Messages',
  component: MessagesHarness,
  loaders: [harnessLoader],
  decorators: [withHarness],
  parameters: { msw: { handlers } },
} satisfies Meta<typeof MessagesHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

const newMessage = (conversationId: number, id: number) => ({
  conversationId,
  message: makeChatMessage({ id, conversation_id: conversationId }),
});

export const MessagesUnreadCount: Story = {
  parameters: { msw: { handlers: { messages: messagesHandlers.unreadCount(3) } } },
  play: async (context) => {
    const { canvas } = context;
    const { realtime } = harnessOf(context);
    const badge = () => canvas.getByRole('status', { name: 'Mensagens não lidas' });
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await waitFor(() => expect(realtime.status).toBe('connected'));

    realtime.emitServerEvent('message:new', newMessage(1, 900));
    await waitFor(() => expect(badge()).toHaveTextContent('4'));

    await userEvent.click(canvas.getByRole('button', { name: 'Abrir mensagens' }));
    await waitFor(() => expect(badge()).toHaveTextContent('0'));
    realtime.emitServerEvent('msg:new', newMessage(1, 901));
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar ao painel' }));
    await expect(badge()).toHaveTextContent('0');

    realtime.emitServerEvent('conversation:message', newMessage(2, 902));
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
  },
};

export const OpenConversation: Story = {
  args: { openConversationId: 2 },
  parameters: { msw: { handlers: { messages: messagesHandlers.unreadCount(1) } } },
  play: async (context) => {
    const { canvas } = context;
    const { realtime } = harnessOf(context);
    const badge = () => canvas.getByRole('status', { name: 'Mensagens não lidas' });
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    await waitFor(() => expect(realtime.status).toBe('connected'));
    realtime.emitServerEvent('message:new', newMessage(2, 910));
    realtime.emitServerEvent('message:new', newMessage(3, 911));
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
  },
};

export const ServerFails: Story = {
  parameters: { msw: { handlers: { messages: messagesHandlers.failing() } } },
  play: async (context) => {
    const { canvas } = context;
    const { realtime } = harnessOf(context);
    const badge = () => canvas.getByRole('status', { name: 'Mensagens não lidas' });
    await expect(await canvas.findByText('Sessão: autenticada')).toBeVisible();
    await waitFor(() => expect(realtime.status).toBe('connected'));
    await expect(badge()).toHaveTextContent('0');
    // The count stays usable: live messages still add up from where it was.
    realtime.emitServerEvent('message:new', newMessage(4, 920));
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
  },
};
