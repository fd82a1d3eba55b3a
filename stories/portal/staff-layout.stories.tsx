import {
  createMessagesHandlers,
  createProfileHandlers,
  makeNotification,
  notificationHandlers,
} from '@farol/data/mocks';
import { http } from 'msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { realtimeOf, portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/StaffLayout',
  ...portalMeta,
  args: { path: '/dashboard', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const ALL_ENTRIES = ['Dashboard', 'Configurações'];

export const Admin: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    for (const label of ALL_ENTRIES)
      await expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: 'Mensagens, 3 não lidas' })).toHaveAttribute(
      'href',
      '/messages',
    );
    await expect(await canvas.findByRole('button', { name: /^Notificações, \d+ não lidas?$/ })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Perfil de Ana Souza' })).toHaveAttribute(
      'href',
      '/profile',
    );
    // The assistant joins once the shell is idle.
    await expect(
      await canvas.findByRole('button', { name: 'Abrir assistente' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** A technician sees only the entries their permissions open; /passwords is not one. */
export const TecnicoSubset: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await expect(within(nav).queryByRole('link', { name: 'Senhas' })).toBeNull();
    await expect(within(nav).queryByRole('link', { name: 'Gerenciar Usuários' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Perfil de Carla Mendes' })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const menuButton = canvas.getByRole('button', { name: 'Abrir menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // The touch size: 44 px.
    await expect(Math.round(menuButton.getBoundingClientRect().width)).toBe(44);
    await userEvent.click(menuButton);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(within(menu).getByRole('link', { name: 'Configurações' })).toBeVisible();
    await userEvent.click(within(menu).getByRole('button', { name: 'Fechar menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    // The assistant's button floats over the bottom right: the page ends above it, so its last item stays
    // reachable and visible once scrolled to the end.
    const assistant = await canvas.findByRole('button', { name: 'Abrir assistente' }, { timeout: 5000 });
    const button = assistant.getBoundingClientRect();
    const main = canvas.getByRole('main');
    await expect(Number.parseFloat(getComputedStyle(main).paddingBottom)).toBeGreaterThanOrEqual(
      window.innerHeight - button.top,
    );
  },
};

/** Following a link moves focus to the new page's main heading and announces it (as a page load would). */
export const RouteChangeMovesFocus: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const sidebar = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Suporte' }));
    // The list's own heading (the dashboard, now gone, had a "Chamados" card of its own).
    await waitFor(() => expect(canvas.queryByText('Atalhos')).toBeNull());
    await waitFor(() => {
      const focused = document.activeElement as HTMLElement;
      expect(focused.matches('main h1, main h2')).toBe(true);
      expect(focused).toHaveTextContent('Chamados');
    });
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="route-announcer"]')).toHaveTextContent(
        'Página: Chamados',
      ),
    );
  },
};

/** The server pushes a notification: the bell's count rises and the item is on top of the list. */
export const LiveNotificationArrives: Story = {
  play: async (context) => {
    const { canvas } = context;
    const bell = await canvas.findByRole('button', { name: /^Notificações, \d+ não lidas?$/ });
    const before = Number(/(\d+)/.exec(bell.getAttribute('aria-label') ?? '')?.[1]);
    realtimeOf(context).emitServerEvent('notification', {
      __kind: 'notification',
      notification: makeNotification({
        id: 9001,
        type: 'ticket',
        title: 'Chamado #3001',
        message: 'Chamado urgente aberto pela Globex.',
        read_at: null,
        created_at: new Date().toISOString(),
      }),
    });
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /^Notificações/ })).toHaveAccessibleName(
        `Notificações, ${before + 1} não lidas`,
      ),
    );
    // The person is here: a toast shows it too, with a link that opens the chamado.
    const toasts = await canvas.findByRole('region', { name: /Avisos/ });
    const toastItem = (await within(toasts).findByText('Chamado #3001')).closest('li')!;
    await expect(toastItem).toHaveTextContent('Chamado urgente aberto pela Globex.');
    await expect(within(toastItem).getByRole('link', { name: 'Abrir' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/support|^\/tickets/),
    );
    await userEvent.click(canvas.getByRole('button', { name: /^Notificações/ }));
    const center = await screen.findByRole('dialog', { name: 'Notificações' });
    await expect(within(center).getAllByRole('listitem')[0]).toHaveTextContent(
      'Chamado urgente aberto pela Globex.',
    );
  },
};

/** A new message in a conversation that is not open raises the header's messages counter. */
export const MessageArrivesRaisesCounter: Story = {
  play: async (context) => {
    const { canvas } = context;
    await expect(await canvas.findByRole('link', { name: 'Mensagens, 3 não lidas' })).toBeVisible();
    realtimeOf(context).emitServerEvent('message:new', {
      conversationId: 2,
      message: {
        id: 777,
        conversation_id: 2,
        sender_id: 11,
        sender_name: 'Elisa Rocha',
        text: 'Conseguiram ver a VPN?',
        created_at: new Date().toISOString(),
        client_id: null,
      },
    });
    await expect(await canvas.findByRole('link', { name: 'Mensagens, 4 não lidas' })).toBeVisible();
  },
};

/** Over 99 unread messages, the badge caps at 99+ while the name says the number. */
export const UnreadCountersCap: Story = {
  parameters: { msw: { handlers: { messages: createMessagesHandlers({ unreadCount: 150 }) } } },
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: /^Mensagens, 150 não lidas$/ });
    await expect(link).toHaveTextContent('99+');
  },
};

/** The stored session is no longer valid: the profile answers 401 and the person is back at /login. */
export const Unauthorized401: Story = {
  parameters: { msw: { handlers: { profile: createProfileHandlers({ failWith: 401 }) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Entrar no Farol' }, { timeout: 5000 }),
    ).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('farol:token')).toBeNull());
  },
};

let profileReads = 0;

/** The notification calls answer 401: the app asks for a session refresh, i.e. reads the profile again. */
export const NotificationsUnauthorizedRefreshSession: Story = {
  parameters: {
    msw: {
      handlers: {
        notifications: notificationHandlers.unauthorized(),
        profile: [
          // Counts, then falls through to the fixture profile.
          http.get('*/api/profile', () => {
            profileReads += 1;
          }),
          ...createProfileHandlers(),
        ],
      },
    },
  },
  loaders: [
    () => {
      profileReads = 0;
    },
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Once when the session loads, then again for the refresh the 401 asked for.
    await waitFor(() => expect(profileReads).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    // Still signed in: the profile answered, so the session stays.
    await expect(canvas.getByRole('link', { name: 'Perfil de Ana Souza' })).toBeVisible();
  },
};

export const Forbidden403: Story = {
  args: { user: 'tecnico', path: '/passwords' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  },
};
