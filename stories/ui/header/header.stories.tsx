import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Header, Sidebar } from '@farol/ui';
import { MESSAGE_READ, NOW, TICKET_UNREAD } from '../notification-center/fixtures';
import {
  SAMPLE_AVATAR_URL,
  storyRenderLink,
  ADMIN_SUBJECT,
  sidebarItemsFor,
} from '../primitives/story-fixtures';

const meta = {
  title: 'UI/Header',
  component: Header,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'O cabeçalho do app: título da página, mensagens com contador, o sino das notificações e o perfil. No celular mostra o botão que abre o menu.',
      },
    },
  },
  args: {
    title: 'Dashboard',
    messagesUnread: 7,
    renderLink: storyRenderLink,
    onMenuClick: fn(),
    user: { name: 'Ana Souza', avatarUrl: SAMPLE_AVATAR_URL },
    notifications: { items: [TICKET_UNREAD, MESSAGE_READ], now: NOW, onSelect: fn(), onMarkRead: fn() },
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

const messagesLink = () => screen.getByRole('link', { name: /^Mensagens/ });

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(window.innerWidth).toBe(1280));
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Mensagens, 7 não lidas' })).toHaveAttribute(
      'href',
      '/messages',
    );
    await expect(canvas.getByRole('button', { name: 'Notificações, 1 não lida' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Perfil de Ana Souza' })).toHaveAttribute(
      'href',
      '/profile',
    );
    // The menu button belongs to phones.
    await expect(canvasElement.querySelector('[data-slot="header-menu"]')).not.toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Abrir menu' })).toBeNull();
  },
};

/** O sino do cabeçalho abre a central de notificações. */
export const OpensNotificationCenter: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Notificações, 1 não lida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notificações' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Chamado #5 atualizado/ }));
    await expect(args.notifications?.onSelect).toHaveBeenCalledWith(TICKET_UNREAD);
    await expect(args.notifications?.onMarkRead).toHaveBeenCalledWith(TICKET_UNREAD);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

const SPEC_TITLES = [
  'Suporte',
  'Tarefas',
  'Estatísticas',
  'Conexões',
  'Senhas',
  'Empresas',
  'Gerenciar Usuários',
  'Usuários',
  'Configurações',
  'Dashboard',
];

/** Todos os títulos que o app mostra (spec §2, escolhidos pelo início do caminho). */
export const Titles: Story = {
  render: (args) => (
    <div className="flex flex-col gap-2">
      {/* Each in its own section, so the page holds one banner landmark per region. */}
      {SPEC_TITLES.map((title) => (
        <section key={title} aria-label={title}>
          <Header {...args} title={title} notifications={undefined} />
        </section>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const headings = canvas.getAllByRole('heading', { level: 1 }).map((h) => h.textContent);
    await expect(headings).toEqual(SPEC_TITLES);
  },
};

/** Um título longo demais para o celular termina em reticências em vez de empurrar os botões para fora. */
export const LongTitleMobile: Story = {
  args: { title: 'Gerenciar Usuários da filial Centro e de todas as outras filiais' },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading.scrollWidth).toBeGreaterThan(heading.clientWidth);
    await expect(
      canvas.getByRole('link', { name: 'Perfil de Ana Souza' }).getBoundingClientRect().right,
    ).toBeLessThanOrEqual(375);
  },
};

/** Messages badge for a count: no badge for 0, the number up to 99, '99+' above. */
function messagesBadgeStory(count: number, badge: string | null, name: string): Story {
  return {
    args: { messagesUnread: count },
    play: async () => {
      const link = messagesLink();
      await expect(link).toHaveAccessibleName(name);
      const element = link.querySelector('[data-slot="count-badge"]');
      if (badge === null) {
        await expect(element).toBeNull();
      } else {
        await expect(element).toHaveTextContent(new RegExp(`^${badge.replace('+', '\\+')}$`));
        await expect(element).toBeVisible();
      }
    },
  };
}

export const MessagesBadge0 = messagesBadgeStory(0, null, 'Mensagens');
export const MessagesBadge7 = messagesBadgeStory(7, '7', 'Mensagens, 7 não lidas');
export const MessagesBadge99 = messagesBadgeStory(99, '99', 'Mensagens, 99 não lidas');
export const MessagesBadge100 = messagesBadgeStory(100, '99+', 'Mensagens, 100 não lidas');
export const MessagesBadge5000 = messagesBadgeStory(5000, '99+', 'Mensagens, 5000 não lidas');

/** O sino segue a mesma regra. */
export const NotificationBadge5000: Story = {
  args: { notifications: { items: [TICKET_UNREAD], unreadCount: 5000, now: NOW } },
  play: async ({ canvas }) => {
    const bell = canvas.getByRole('button', { name: 'Notificações, 5000 não lidas' });
    await expect(bell.querySelector('[data-slot="count-badge"]')).toHaveTextContent(/^99\+$/);
  },
};

export const WithoutUserPicture: Story = {
  args: { user: { name: 'Bruno Lima', avatarUrl: null } },
  play: async ({ canvas }) => {
    await expect(
      within(canvas.getByRole('link', { name: 'Perfil de Bruno Lima' })).getByText('BL'),
    ).toBeVisible();
  },
};

/** Celular: o botão de menu aparece e pede para abrir a barra lateral. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, args }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menu' }));
    await expect(args.onMenuClick).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  },
};

/** Cabeçalho e barra lateral juntos no celular: o botão de menu abre a sobreposição; ao fechar, o foco volta para ele. */
export const MobileMenuOpensSidebar: Story = {
  globals: { viewport: { value: 'mobile' } },
  render: function Render(args) {
    const [open, setOpen] = useState(false);
    return (
      <div className="flex min-h-svh">
        <Sidebar
          items={sidebarItemsFor(ADMIN_SUBJECT, '/dashboard')}
          logoHref="/dashboard"
          user={{ name: 'Ana Souza', role: 'Administradora', avatarUrl: SAMPLE_AVATAR_URL }}
          renderLink={storyRenderLink}
          mobileOpen={open}
          onMobileOpenChange={setOpen}
        />
        <div className="min-w-0 flex-1">
          <Header {...args} onMenuClick={() => setOpen(true)} />
        </div>
      </div>
    );
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    const menu = canvas.getByRole('button', { name: 'Abrir menu' });
    await userEvent.click(menu);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await expect(within(dialog).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menu).toHaveFocus());
  },
};
