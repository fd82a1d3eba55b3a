import { conversationFixtures, createMessagesHandlers, makeChatMessage } from '@farol/data/mocks';
import type { ChatMessage } from '@farol/data';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { realtimeOf, portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Messages',
  ...portalMeta,
  args: { path: '/messages', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ListEmpty: Story = {
  parameters: {
    msw: { handlers: { messages: createMessagesHandlers({ unreadCount: 0, conversations: () => [] }) } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Nenhuma conversa ainda/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nova conversa' })).toBeVisible();
    await expect(canvas.getByText('Escolha uma conversa para ler e responder.')).toBeVisible();
  },
};

export const ListWithUnread: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Conversas' });
    const first = within(list).getByRole('link', { name: /Sistema de notas fiscais/ });
    await expect(first).toHaveTextContent('2 não lidas');
    const team = within(list).getByRole('link', { name: /Equipe técnica/ });
    await expect(team).not.toHaveTextContent(/não lida/);
    // A group gets the group's mark, not one member's initials.
    await expect(team.querySelector('[data-slot="group-avatar"]')).not.toBeNull();
    await expect(first.querySelector('[data-slot="group-avatar"]')).toBeNull();
    // On a /messages path the header's counter is reset (spec §4).
    await expect(await canvas.findByRole('link', { name: 'Mensagens' })).toBeVisible();
  },
};

export const ConversationLoading: Story = {
  args: { path: '/messages/1' },
  parameters: {
    msw: {
      handlers: {
        messages: [
          http.get('*/api/messages/conversations/:id', () => delay('infinite')),
          ...createMessagesHandlers(),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: 'Conversas' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Mensagem' })).toBeDisabled();
  },
};

export const ConversationWithMessages: Story = {
  args: { path: '/messages/1' },
  play: async ({ canvas }) => {
    const log = await canvas.findByRole('log', { name: /^Mensagens com / });
    for (const message of conversationFixtures.messages(1)) {
      await expect(await within(log).findByText(message.text)).toBeVisible();
    }
    await expect(canvas.getByRole('textbox', { name: 'Mensagem' })).toBeEnabled();
  },
};

/** Messages of different days sit under their day ('Ontem', 'Hoje', '23 de novembro'); the history scrolls by keyboard. */
export const ConversationAcrossDays: Story = {
  args: { path: '/messages/3' },
  play: async ({ canvas, canvasElement }) => {
    const log = await canvas.findByRole('log', { name: 'Mensagens com Equipe técnica' });
    await expect(await within(log).findByText('Backup da filial Norte concluído.')).toBeVisible();
    const separators = [...canvasElement.querySelectorAll('[data-slot="day-separator"]')];
    await expect(separators).toHaveLength(2);
    for (const separator of separators) {
      await expect(separator.textContent).toMatch(/^(Hoje|Ontem|\d{1,2} de [a-zç]+( de \d{4})?)$/);
    }
    const history = canvas.getByRole('region', { name: 'Histórico de mensagens' });
    await expect(history).toHaveAttribute('tabindex', '0');
  },
};

/** The other side writes and types while the conversation is open: both show without a reload. */
export const LiveMessageArrives: Story = {
  args: { path: '/messages/1' },
  play: async (context) => {
    await ConversationWithMessages.play?.(context);
    const { canvas } = context;
    const log = canvas.getByRole('log', { name: /^Mensagens com / });
    const realtime = realtimeOf(context);
    realtime.emitServerEvent('typing', {
      conversationId: 1,
      typing: true,
      userId: 10,
      name: 'Diego Ferreira',
    });
    await expect(await canvas.findByText('Diego Ferreira está digitando…')).toBeVisible();
    realtime.emitServerEvent('message:new', {
      conversationId: 1,
      message: makeChatMessage({
        id: 501,
        conversation_id: 1,
        text: 'Voltou a funcionar, obrigado!',
        created_at: new Date().toISOString(),
      }),
    });
    await expect(await within(log).findByText('Voltou a funcionar, obrigado!')).toBeVisible();
  },
};

const sendHello = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const input = await canvas.findByRole('textbox', { name: 'Mensagem' });
  await waitFor(() => expect(input).toBeEnabled());
  await userEvent.type(input, 'Alguma novidade?{Enter}');
  return canvas.findByRole('log', { name: /^Mensagens com / });
};

/** Sent and not yet acknowledged: the bubble says so. */
export const SendPending: Story = {
  args: { path: '/messages/1' },
  parameters: { realtimeOnSend: () => new Promise<ChatMessage>(() => undefined) },
  play: async ({ canvasElement }) => {
    const log = await sendHello(canvasElement);
    await expect(await within(log).findByText('Alguma novidade?')).toBeVisible();
    await expect(await within(log).findByText('Enviando…')).toBeVisible();
  },
};

/** The server refused the message: the bubble shows the failure and offers to try again. */
export const SendFailed: Story = {
  args: { path: '/messages/1' },
  parameters: {
    realtimeOnSend: () => Promise.reject(new Error('Conversa não encontrada')),
    msw: {
      handlers: {
        conversationWrites: [
          http.put('*/api/messages/conversations/:id/read', () => HttpResponse.json({})),
          http.post('*/api/messages/conversations/:id', () =>
            HttpResponse.json({ error: 'not_found', message: 'Conversa não encontrada' }, { status: 404 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const log = await sendHello(canvasElement);
    const failure = await within(log).findByRole('alert', {}, { timeout: 5000 });
    await expect(failure).toBeVisible();
    await expect(within(failure).getByRole('button', { name: /Tentar/ })).toBeVisible();
  },
};

/** On a phone the composer keeps clear of the assistant's floating button: the send button is never under it. */
export const PhoneComposerClearOfAssistant: Story = {
  args: { path: '/messages/1' },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('log', { name: /^Mensagens com / });
    // The assistant joins once the shell is idle.
    const assistant = await canvas.findByRole('button', { name: 'Abrir assistente' }, { timeout: 5000 });
    const send = canvas.getByRole('button', { name: 'Enviar' });
    await waitFor(() => {
      const a = assistant.getBoundingClientRect();
      const b = send.getBoundingClientRect();
      expect(b.width).toBeGreaterThan(0);
      const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlaps).toBe(false);
    });
    await expect(send.getBoundingClientRect().right).toBeLessThanOrEqual(
      assistant.getBoundingClientRect().left,
    );
  },
};

export const ClientConversation: Story = {
  args: { path: '/portal/messages/1', user: 'clienteAcme' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('navigation', { name: 'Portal do cliente' })).toBeVisible();
    await expect(await canvas.findByRole('log', { name: /^Mensagens com / })).toBeInTheDocument();
  },
};

const openNewConversation = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Nova conversa' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nova conversa' });
  return { dialog, people: await within(dialog).findByRole('list', { name: 'Pessoas' }) };
};

/** Staff pick anyone but themselves from the contacts endpoint; the search box narrows the list. */
export const NewConversationStaff: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, people } = await openNewConversation(canvasElement);
    for (const name of ['Bruno Lima', 'Carla Mendes', 'Diego Ferreira', 'Elisa Rocha']) {
      await expect(within(people).getByRole('button', { name: new RegExp(name) })).toBeVisible();
    }
    await expect(within(people).queryByRole('button', { name: /Ana Souza/ })).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Buscar pessoa' }), 'globex');
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    await expect(within(dialog).getByRole('button', { name: /Elisa Rocha/ })).toBeVisible();
  },
};

/** A client sees the staff and their own company, never another company. */
export const NewConversationClient: Story = {
  args: { path: '/portal/messages', user: 'clienteAcme' },
  play: async ({ canvasElement }) => {
    const { dialog, people } = await openNewConversation(canvasElement);
    for (const name of ['Ana Souza', 'Bruno Lima', 'Carla Mendes']) {
      await expect(within(people).getByRole('button', { name: new RegExp(name) })).toBeVisible();
    }
    await expect(within(people).queryByRole('button', { name: /Elisa Rocha/ })).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Buscar pessoa' }), 'Elisa');
    await expect(await within(dialog).findByText('Ninguém encontrado.')).toBeVisible();
  },
};
