import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { NotificationCenter, type NotificationItem } from '@farol/ui';
import { widthOf } from '../primitives/story-fixtures';
import {
  ago,
  DAY,
  HOUR,
  manyUnread,
  MESSAGE_READ,
  MIN,
  NOW,
  PASSWORD_WARNING,
  SYSTEM_ERROR_READ,
  TICKET_UNREAD,
} from './fixtures';

const meta = {
  title: 'UI/NotificationCenter',
  component: NotificationCenter,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'O sino do cabeçalho e o seu popover de notificações: lista, badge de não lidas, marcar como lida, remover e abrir.',
      },
    },
  },
  args: {
    items: [TICKET_UNREAD, MESSAGE_READ, PASSWORD_WARNING, SYSTEM_ERROR_READ],
    now: NOW,
    onRefresh: fn(),
    onRetry: fn(),
    onMarkAllRead: fn(),
    onMarkRead: fn(),
    onRemove: fn(),
    onOpen: fn(),
    onSelect: fn(),
    onOpenChange: fn(),
  },
  globals: { viewport: { value: 'desktop' } },
  decorators: [
    (Story) => (
      <div className="flex justify-end p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NotificationCenter>;
export default meta;
type Story = StoryObj<typeof meta>;

const panel = () => screen.getByRole('dialog', { name: 'Notificações' });
const list = () => within(panel()).getByRole('list', { name: 'Notificações' });
const rows = () => within(list()).getAllByRole('listitem');
const rowOf = (text: string) => rows().find((row) => row.textContent?.includes(text)) as HTMLElement;

/** Opens the centre the way a person does: a click on the bell. */
async function openCenter(bellName: string | RegExp = /^Notificações/) {
  await userEvent.click(screen.getByRole('button', { name: bellName }));
  return screen.findByRole('dialog', { name: 'Notificações' });
}

export const Empty: Story = {
  args: { items: [] },
  play: async () => {
    const bell = screen.getByRole('button', { name: 'Notificações' });
    await expect(bell.querySelector('[data-slot="count-badge"]')).toBeNull();
    const dialog = await openCenter('Notificações');
    await expect(within(dialog).getByRole('heading', { name: 'Notificações' })).toBeVisible();
    await expect(within(dialog).getByText('Sem notificações.')).toBeVisible();
    await expect(within(dialog).getByText('0 não lidas')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Atualizar' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { items: [], loading: true },
  play: async () => {
    const dialog = await openCenter();
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Carregando…');
    await expect(within(dialog).queryByText('Sem notificações.')).toBeNull();
  },
};

export const ErrorWithRetry: Story = {
  args: { items: [], error: true },
  play: async ({ args }) => {
    const dialog = await openCenter();
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Não foi possível carregar as notificações.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await expect(args.onRefresh).not.toHaveBeenCalled();
  },
};

export const ErrorWithServerMessage: Story = {
  args: { items: [], error: 'Sessão expirada. Entre novamente.', onRetry: undefined },
  play: async ({ args }) => {
    const dialog = await openCenter();
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Sessão expirada. Entre novamente.');
    // Without onRetry the retry button refreshes.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    await expect(args.onRefresh).toHaveBeenCalledOnce();
  },
};

export const OneUnread: Story = {
  args: { items: [TICKET_UNREAD] },
  play: async ({ args }) => {
    const bell = screen.getByRole('button', { name: 'Notificações, 1 não lida' });
    await expect(bell).toHaveTextContent('1');
    const dialog = await openCenter('Notificações, 1 não lida');
    await expect(within(dialog).getByText('1 não lida')).toBeVisible();
    const row = rowOf('Chamado #5 atualizado');
    await expect(row).toHaveAttribute('data-state', 'unread');
    await expect(within(row).getByText('Não lida')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    await expect(args.onRefresh).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar todas como lidas' }));
    await expect(args.onMarkAllRead).toHaveBeenCalledOnce();
  },
};

/** 30 itens não lidos e 120 pela contagem do servidor: o badge mostra 99+ e a lista rola dentro do popover. */
export const ManyUnreadScrolls: Story = {
  args: { items: manyUnread(30), unreadCount: 120 },
  play: async () => {
    const bell = screen.getByRole('button', { name: 'Notificações, 120 não lidas' });
    await expect(bell).toHaveTextContent('99+');
    const dialog = await openCenter();
    await expect(within(dialog).getByText('120 não lidas')).toBeVisible();
    const scroller = list();
    await expect(rows()).toHaveLength(30);
    await expect(scroller.scrollHeight).toBeGreaterThan(scroller.clientHeight);
    await expect(scroller.clientHeight).toBeLessThanOrEqual(26 * 16);
    // The popover itself stays on screen.
    await expect(dialog.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    scroller.scrollTop = scroller.scrollHeight;
    await waitFor(() =>
      expect(within(rowOf('Aviso 30')).getByText('Evento número 30 aguardando sua atenção.')).toBeVisible(),
    );
  },
};

export const AllRead: Story = {
  args: { items: [MESSAGE_READ, SYSTEM_ERROR_READ] },
  play: async () => {
    const bell = screen.getByRole('button', { name: 'Notificações' });
    await expect(bell.querySelector('[data-slot="count-badge"]')).toBeNull();
    const dialog = await openCenter('Notificações');
    await expect(within(dialog).getByText('0 não lidas')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: 'Marcar como lida' })).toBeNull();
    await expect(within(dialog).getAllByRole('button', { name: 'Remover' })).toHaveLength(2);
  },
};

/** Título e link são opcionais: sem título, sem a linha de título; sem link, sem o botão de abrir. */
export const WithAndWithoutTitleAndLink: Story = {
  args: {
    items: [
      { ...TICKET_UNREAD, id: 11, title: 'Com título e link', message: 'Mensagem A', link: '/tickets/11' },
      { ...TICKET_UNREAD, id: 12, title: 'Com título sem link', message: 'Mensagem B', link: null },
      { ...TICKET_UNREAD, id: 13, title: null, message: 'Mensagem C sem título com link', link: '/messages' },
      {
        ...TICKET_UNREAD,
        id: 14,
        title: undefined,
        message: 'Mensagem D sem título nem link',
        link: undefined,
      },
    ],
  },
  play: async ({ args }) => {
    await openCenter();
    const openButtons = (text: string) => within(rowOf(text)).queryAllByRole('button', { name: 'Abrir' });
    await expect(within(rowOf('Mensagem A')).getByText('Com título e link')).toBeVisible();
    await expect(openButtons('Mensagem A')).toHaveLength(1);
    await expect(within(rowOf('Mensagem B')).getByText('Com título sem link')).toBeVisible();
    await expect(openButtons('Mensagem B')).toHaveLength(0);
    await expect(rowOf('Mensagem C').querySelector('.font-semibold')).toBeNull();
    await expect(openButtons('Mensagem C')).toHaveLength(1);
    await expect(openButtons('Mensagem D')).toHaveLength(0);
    for (const text of ['Mensagem A', 'Mensagem B', 'Mensagem C', 'Mensagem D']) {
      await expect(within(rowOf(text)).getByRole('button', { name: 'Marcar como lida' })).toBeVisible();
      await expect(within(rowOf(text)).getByRole('button', { name: 'Remover' })).toBeVisible();
    }
    await userEvent.click(openButtons('Mensagem C')[0]!);
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 13, link: '/messages' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

const TYPE_ICONS: Array<[type: string, icon: string]> = [
  ['ticket', 'lucide-ticket'],
  ['message', 'lucide-message-square'],
  ['task', 'lucide-list-checks'],
  ['connection', 'lucide-monitor-smartphone'],
  ['password', 'lucide-key-round'],
  ['company', 'lucide-building-2'],
  ['user', 'lucide-user'],
  ['system', 'lucide-server-cog'],
  ['lembrete', 'lucide-bell'],
];

/** Um item por tipo; um tipo desconhecido recebe o sino. */
export const TypeIcons: Story = {
  args: {
    items: TYPE_ICONS.map(([type], i) => ({
      id: 200 + i,
      type,
      title: `Tipo ${type}`,
      message: `Notificação do tipo ${type}.`,
      createdAt: ago(i * MIN),
      readAt: ago(0),
      severity: 'info' as const,
    })),
  },
  play: async () => {
    await openCenter();
    for (const [type, icon] of TYPE_ICONS) {
      const svg = rowOf(`Tipo ${type}`).querySelector('svg[data-icon]');
      await expect(svg).toHaveClass(icon);
      await expect(svg).toBeVisible();
    }
  },
};

const severityItem = (severity: NotificationItem['severity'], i: number): NotificationItem => ({
  id: 300 + i,
  type: 'system',
  title: `Gravidade ${severity}`,
  message: `Mensagem de gravidade ${severity}.`,
  createdAt: ago(i * HOUR),
  readAt: null,
  severity,
});

const hexToRgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.trim().slice(i, i + 2), 16)).join(', ')})`;

/** A cor do ícone segue a gravidade (informação, sucesso, aviso, erro) pelos tokens do tema. */
export const Severities: Story = {
  args: { items: (['info', 'success', 'warning', 'error'] as const).map(severityItem) },
  play: async () => {
    await openCenter();
    const tokens = getComputedStyle(document.documentElement);
    const expected = { info: '--info', success: '--success', warning: '--warning', error: '--destructive' };
    for (const [severity, token] of Object.entries(expected)) {
      const row = rowOf(`Gravidade ${severity}`);
      await expect(row).toHaveAttribute('data-severity', severity);
      const bubble = row.querySelector('svg[data-icon]')!.parentElement!;
      await expect(getComputedStyle(bubble).color).toBe(hexToRgb(tokens.getPropertyValue(token)));
    }
    // Warnings and errors say so in words too, not only in colour.
    await expect(within(rowOf('Gravidade warning')).getByText('Aviso:')).toBeInTheDocument();
    await expect(within(rowOf('Gravidade error')).getByText('Erro:')).toBeInTheDocument();
  },
};

const BUCKETS: Array<[elapsed: number, text: string]> = [
  [30_000, 'agora'],
  [5 * MIN, '5 min'],
  [59 * MIN, '59 min'],
  [3 * HOUR, '3 h'],
  [23 * HOUR, '23 h'],
  [2 * DAY, '2 d'],
];

/** Faixas de tempo relativo: 'agora' < 1 min, 'n min' < 60 min, 'n h' < 24 h, senão 'n d'. */
export const RelativeTimeBuckets: Story = {
  args: {
    items: BUCKETS.map(([elapsed, text], i) => ({
      id: 400 + i,
      type: 'task',
      title: `Há ${text}`,
      message: `Criada ${elapsed} ms antes.`,
      createdAt: ago(elapsed),
      readAt: ago(0),
      severity: 'info' as const,
    })),
  },
  play: async () => {
    await openCenter();
    for (const [, text] of BUCKETS) {
      const time = rowOf(`Há ${text}`).querySelector('time');
      await expect(time).toHaveTextContent(new RegExp(`^${text}$`));
    }
  },
};

/** Clicar num item não lido o escolhe, fecha o popover e o marca como lido; o foco volta para o sino. */
export const ClickItemClosesAndMarksRead: Story = {
  play: async ({ args }) => {
    await openCenter();
    await userEvent.click(
      within(rowOf('Chamado #5 atualizado')).getByRole('button', { name: /Chamado #5 atualizado/ }),
    );
    await expect(args.onSelect).toHaveBeenCalledWith(TICKET_UNREAD);
    await expect(args.onMarkRead).toHaveBeenCalledOnce();
    await expect(args.onMarkRead).toHaveBeenCalledWith(TICKET_UNREAD);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notificações/ })).toHaveFocus());
  },
};

/** Um item lido é escolhido e fecha o popover, mas não é marcado como lido de novo. */
export const ClickReadItemOnlySelects: Story = {
  play: async ({ args }) => {
    await openCenter();
    await userEvent.click(
      within(rowOf('Nova mensagem de Paulo')).getByRole('button', { name: /Nova mensagem de Paulo/ }),
    );
    await expect(args.onSelect).toHaveBeenCalledWith(MESSAGE_READ);
    await expect(args.onMarkRead).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Marcar como lida e remover agem sobre um item e mantêm o popover aberto. */
export const ItemActions: Story = {
  play: async ({ args }) => {
    await openCenter();
    await userEvent.click(within(rowOf('Senha expirando')).getByRole('button', { name: 'Marcar como lida' }));
    await expect(args.onMarkRead).toHaveBeenCalledOnce();
    await expect(args.onMarkRead).toHaveBeenCalledWith(PASSWORD_WARNING);
    await userEvent.click(within(rowOf('Falha no backup')).getByRole('button', { name: 'Remover' }));
    await expect(args.onRemove).toHaveBeenCalledOnce();
    await expect(args.onRemove).toHaveBeenCalledWith(SYSTEM_ERROR_READ);
    await expect(args.onSelect).not.toHaveBeenCalled();
    await expect(panel()).toBeVisible();
    // Removing hands focus to the neighbouring item, so a keyboard user stays in the list.
    await expect(
      within(rowOf('Senha expirando')).getByRole('button', { name: /Senha expirando/ }),
    ).toHaveFocus();
  },
};

/** Só teclado: Enter/Espaço abrem, Tab percorre os itens, Enter ou Espaço escolhem, Escape fecha; o foco volta para o sino. */
export const KeyboardUse: Story = {
  play: async ({ args }) => {
    const bell = screen.getByRole('button', { name: /^Notificações/ });
    const itemButton = (text: string) => within(rowOf(text)).getByRole('button', { name: new RegExp(text) });
    const tabTo = async (target: () => HTMLElement) => {
      for (let i = 0; i < 12 && document.activeElement !== target(); i++) await userEvent.tab();
      await expect(target()).toHaveFocus();
    };

    bell.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Notificações' });
    await tabTo(() => itemButton('Chamado #5 atualizado'));
    // The item's own buttons come next in the Tab order.
    await userEvent.tab();
    await expect(within(rowOf('Chamado #5 atualizado')).getByRole('button', { name: 'Abrir' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenLastCalledWith(TICKET_UNREAD);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(bell).toHaveFocus());

    await userEvent.keyboard(' ');
    await screen.findByRole('dialog', { name: 'Notificações' });
    await tabTo(() => itemButton('Senha expirando'));
    await userEvent.keyboard(' ');
    await expect(args.onSelect).toHaveBeenLastCalledWith(PASSWORD_WARNING);
    await expect(args.onMarkRead).toHaveBeenLastCalledWith(PASSWORD_WARNING);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(bell).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Notificações' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(bell).toHaveFocus();
  },
};

/** Num celular de 375 px o popover cabe na tela. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async () => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    const dialog = await openCenter();
    const box = dialog.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(375);
    await expect(widthOf(dialog)).toBeGreaterThanOrEqual(340);
  },
};
