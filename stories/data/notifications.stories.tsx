import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { handlers, notificationHandlers } from '@farol/data/mocks';
import { harnessLoader, harnessOf, withHarness } from './harness';
import { NotificationsHarness } from './notifications-harness';

const meta = {
  title: 'Data/Notifications',
  component: NotificationsHarness,
  loaders: [harnessLoader],
  decorators: [withHarness],
  parameters: { msw: { handlers } },
} satisfies Meta<typeof NotificationsHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

// The default list (notificationFixtures.sample()): six notifications, four unread.
const TICKET = 'Chamado #1042 aberto por Acme Logística.';
const MESSAGE = 'Diego Ferreira enviou uma mensagem.';
const TASK_READ = 'Atualizar o firewall da filial Centro.';

const unread = (canvas: Canvas) => canvas.getByRole('status', { name: 'Não lidas' });
const list = (canvas: Canvas) => canvas.getByRole('list', { name: 'Lista de notificações' });
const item = (canvas: Canvas, message: string) =>
  within(list(canvas)).getByRole('listitem', { name: message });
const calls = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: 'Chamadas de escrita' }))
    .getAllByRole('listitem')
    .map((entry) => entry.textContent);

async function listLoaded(canvas: Canvas, unreadCount = '4') {
  await waitFor(() => expect(canvas.getByRole('list', { name: 'Lista de notificações' })).toBeVisible());
  await waitFor(() => expect(unread(canvas)).toHaveTextContent(unreadCount));
}

async function markRead(canvas: Canvas, message: string) {
  await userEvent.click(
    within(item(canvas, message)).getByRole('button', { name: `Marcar como lida — ${message}` }),
  );
}

export const Loading: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.loadingForever() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Carregando…')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Lista de notificações' })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Sem notificações.')).toBeVisible();
    await waitFor(() => expect(unread(canvas)).toHaveTextContent('0'));
    await expect(canvas.queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
  },
};

export const List: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await expect(within(list(canvas)).getAllByRole('listitem')).toHaveLength(6);
    await expect(within(item(canvas, TICKET)).getByText('Não lida')).toBeVisible();
    await expect(within(item(canvas, TASK_READ)).getByText('Lida')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Marcar todas como lidas' })).toBeVisible();
  },
};

export const MarkRead: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.slowWrites(800) } } },
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await markRead(canvas, TICKET);
    // Optimistic: read at once, while the server has not answered yet.
    await waitFor(() => expect(within(item(canvas, TICKET)).getByText('Lida')).toBeVisible());
    await expect(unread(canvas)).toHaveTextContent('3');
    await expect(canvas.getByText('Nenhuma chamada de escrita.')).toBeVisible();
    // Persisted: the server took it and the refetched list agrees.
    await waitFor(() => expect(calls(canvas)).toEqual(['PUT /api/notifications/1/read → ok']));
    await userEvent.click(canvas.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(within(item(canvas, TICKET)).getByText('Lida')).toBeVisible());
    await expect(unread(canvas)).toHaveTextContent('3');
  },
};

export const MarkReadFallsBack: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.markReadFallsBackToMarkRead() } } },
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await markRead(canvas, MESSAGE);
    await waitFor(() =>
      expect(calls(canvas)).toEqual([
        'PUT /api/notifications/2/read → 404',
        'POST /api/notifications/2/mark-read → ok',
      ]),
    );
    await waitFor(() => expect(within(item(canvas, MESSAGE)).getByText('Lida')).toBeVisible());
    await expect(unread(canvas)).toHaveTextContent('3');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const MarkReadFallsBackToPut: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.markReadFallsBackToPut() } } },
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await markRead(canvas, MESSAGE);
    await waitFor(() =>
      expect(calls(canvas)).toEqual([
        'PUT /api/notifications/2/read → 404',
        'POST /api/notifications/2/mark-read → 404',
        'PUT /api/notifications/2 → ok',
      ]),
    );
    await waitFor(() => expect(within(item(canvas, MESSAGE)).getByText('Lida')).toBeVisible());
    await expect(unread(canvas)).toHaveTextContent('3');
  },
};

export const MarkReadFailsEverywhere: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.markReadFailsEverywhere() } } },
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await markRead(canvas, TICKET);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Último erro: Erro interno do servidor');
    await expect(calls(canvas)).toEqual([
      'PUT /api/notifications/1/read → 500',
      'POST /api/notifications/1/mark-read → 500',
      'PUT /api/notifications/1 → 500',
    ]);
    // Rolled back, and the refetched list agrees.
    await waitFor(() => expect(within(item(canvas, TICKET)).getByText('Não lida')).toBeVisible());
    await expect(unread(canvas)).toHaveTextContent('4');
  },
};

export const MarkAllRead: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(unread(canvas)).toHaveTextContent('0'));
    await expect(within(list(canvas)).queryAllByText('Não lida')).toHaveLength(0);
    await expect(canvas.queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
    await waitFor(() => expect(calls(canvas)).toEqual(['PUT /api/notifications/read-all → ok']));
  },
};

export const MarkAllReadFallsBack: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.readAllFallsBack() } } },
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() =>
      expect(calls(canvas)).toEqual([
        'PUT /api/notifications/read-all → 404',
        'POST /api/notifications/mark-all-read → ok',
      ]),
    );
    await waitFor(() => expect(unread(canvas)).toHaveTextContent('0'));
    await expect(within(list(canvas)).queryAllByText('Não lida')).toHaveLength(0);
  },
};

export const Remove: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(
      within(item(canvas, MESSAGE)).getByRole('button', { name: `Remover — ${MESSAGE}` }),
    );
    await waitFor(() => expect(within(list(canvas)).getAllByRole('listitem')).toHaveLength(5));
    await expect(within(list(canvas)).queryByRole('listitem', { name: MESSAGE })).toBeNull();
    await expect(unread(canvas)).toHaveTextContent('3');
    await waitFor(() => expect(calls(canvas)).toEqual(['DELETE /api/notifications/2 → ok']));
  },
};

export const RemoveFails: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.removeFails() } } },
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(
      within(item(canvas, MESSAGE)).getByRole('button', { name: `Remover — ${MESSAGE}` }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Último erro: Erro interno do servidor');
    await waitFor(() => expect(within(list(canvas)).getAllByRole('listitem')).toHaveLength(6));
    await expect(item(canvas, MESSAGE)).toBeVisible();
    await expect(unread(canvas)).toHaveTextContent('4');
  },
};

export const Unauthorized401: Story = {
  parameters: { msw: { handlers: { notifications: notificationHandlers.unauthorized() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Erro ao carregar: Sessão expirada. Entre novamente.',
    );
    // Each notification call that answered 401 asked for one (exact counts are unit-tested; a focus
    // refetch in the browser may add another here).
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Pedidos de renovação de sessão' })).toHaveTextContent(
        /^[1-9]/,
      ),
    );
    await expect(unread(canvas)).toHaveTextContent('—');
  },
};

export const LiveNotificationArrives: Story = {
  play: async (context) => {
    const { canvas } = context;
    await listLoaded(canvas);
    const { realtime } = harnessOf(context);
    await waitFor(() => expect(realtime.status).toBe('connected'));
    realtime.emitServerEvent('notification', {
      __kind: 'notification',
      notification: { id: 500, type: 'ticket', message: 'Chamado #2001 aberto por Globex Comércio.' },
    });
    await waitFor(() => expect(within(list(canvas)).getAllByRole('listitem')).toHaveLength(7));
    await expect(within(list(canvas)).getAllByRole('listitem')[0]).toHaveTextContent(
      'Chamado #2001 aberto por Globex Comércio.',
    );
    await expect(unread(canvas)).toHaveTextContent('5');
  },
};

export const BroadcastFromOtherTab: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    const otherTab = new BroadcastChannel('app:notify');
    otherTab.postMessage({
      kind: 'notification',
      data: { nid: 501, text: 'Backup da filial Norte concluído.' },
    });
    otherTab.close();
    await waitFor(() => expect(within(list(canvas)).getAllByRole('listitem')).toHaveLength(7));
    await expect(item(canvas, 'Backup da filial Norte concluído.')).toBeVisible();
    await expect(unread(canvas)).toHaveTextContent('5');
  },
};
