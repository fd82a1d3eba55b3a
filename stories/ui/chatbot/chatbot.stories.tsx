import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { isChatbotHiddenOn } from '@farol/data';
import { Button, Chatbot, type ChatbotProps, type ChatMessage } from '@farol/ui';
import { dragBy, dragCentreTo, expectBox, memoryStorage, viewportSize } from './chatbot-story-helpers';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 13, minutes));

const conversation: ChatMessage[] = [
  { id: '1', sender: 'user', text: 'Como abro um chamado?', timestamp: at(2) },
  {
    id: '2',
    sender: 'bot',
    text: 'Vá em Suporte e clique em "Novo chamado". Descreva o problema e anexe prints, se tiver.',
    timestamp: at(2),
  },
  { id: '3', sender: 'user', text: 'E para conectar via SSH?', timestamp: at(3) },
  {
    id: '4',
    sender: 'bot',
    text: 'Em Conexões, escolha o servidor e clique em Conectar. Você também pode copiar o comando ssh.',
    timestamp: at(3),
  },
];

const meta = {
  title: 'UI/Chatbot',
  component: Chatbot,
  tags: ['autodocs'],
  args: {
    messages: [],
    isReplying: false,
    onSend: fn(),
    onStateChange: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          'O assistente flutuante: um botão redondo que se arrasta e encaixa na borda mais próxima e abre uma janela de conversa, minimizada ou maximizada. A conversa entra por props.',
      },
      story: { inline: false, iframeHeight: 720 },
    },
  },
  // A fresh in-memory storage per render keeps stories independent of each other and of localStorage.
  render: function Render(args) {
    const [storage] = useState(() => args.positionStorage ?? memoryStorage());
    return <Chatbot {...args} positionStorage={storage} />;
  },
} satisfies Meta<typeof Chatbot>;
export default meta;
type Story = StoryObj<typeof meta>;

const openButton = () => screen.getByRole('button', { name: 'Abrir assistente' });
/** The open window, once its entrance animation has finished (a half-transparent window is not "seen"). */
async function findDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Assistente Farol' });
  await waitFor(() => expect(getComputedStyle(dialog).opacity).toBe('1'));
  return dialog;
}
const waitDialogGone = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

export const Closed: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async () => {
    const button = openButton();
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.queryByRole('dialog')).toBeNull();
    // Spec §9: 56 px, resting 24 px from the bottom-right corner.
    await expectBox(button, { width: 56, height: 56, right: 24, bottom: 24 });
  },
};

export const OpenMinimized: Story = {
  args: { defaultState: 'minimized', messages: conversation },
  globals: { viewport: { value: 'desktop' } },
  play: async () => {
    const dialog = await findDialog();
    // A non-modal panel: the page stays reachable (only the maximised window is modal).
    await expect(dialog).toHaveAttribute('aria-modal', 'false');
    await expect(screen.getByRole('button', { name: 'Maximizar' })).toBeVisible();
    await expect(screen.queryByRole('textbox')).toBeNull();
    await expect(screen.queryByText('Como abro um chamado?')).toBeNull();
    await expectBox(dialog, { height: 60, width: 384 });
  },
};

export const OpenMaximized: Story = {
  args: { defaultState: 'maximized', messages: conversation },
  globals: { viewport: { value: 'desktop' } },
  play: async () => {
    const dialog = await findDialog();
    // 60 px header + 500 px body, at most 384 px wide.
    await expectBox(dialog, { width: 384, height: 560 });
    await expect(screen.getByText('Como abro um chamado?')).toBeVisible();
    await expect(screen.getByText(/Em Conexões, escolha o servidor/)).toBeVisible();
    const bubbles = dialog.querySelectorAll('[data-slot="chatbot-bubble"] > div');
    const userBg = getComputedStyle(bubbles[0]!).backgroundColor;
    const botBg = getComputedStyle(bubbles[1]!).backgroundColor;
    await expect(userBg).not.toBe(botBg);
    await expect(screen.getByRole('textbox', { name: 'Mensagem para o assistente' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Minimizar' }));
    await expectBox(dialog, { height: 60 });
    await userEvent.click(screen.getByRole('button', { name: 'Maximizar' }));
    await expectBox(dialog, { height: 560 });
  },
};

export const EmptyShowsGreeting: Story = {
  args: { defaultState: 'maximized' },
  play: async () => {
    await findDialog();
    await expect(screen.getByText(/Olá! Sou o Assistente Farol/)).toBeVisible();
  },
};

/** Drags the button from its corner to near `target` and checks it snapped onto that edge. */
function snapStory(edge: 'left' | 'right' | 'top' | 'bottom'): Story {
  return {
    globals: { viewport: { value: 'desktop' } },
    play: async ({ args }) => {
      const button = openButton();
      const { width, height } = viewportSize();
      const targets = {
        left: { x: 70, y: height / 2 },
        right: { x: width - 70, y: height / 2 - 100 },
        top: { x: width / 2, y: 60 },
        bottom: { x: width / 3, y: height - 60 },
      } as const;
      await dragCentreTo(button, targets[edge].x, targets[edge].y);
      const half = 28;
      const expected = {
        left: { left: 24, top: height / 2 - half },
        right: { right: 24, top: height / 2 - 100 - half },
        top: { top: 24, left: width / 2 - half },
        bottom: { bottom: 24, left: width / 3 - half },
      }[edge];
      await expectBox(button, expected);
      // A drag is not a click: the window stays closed.
      await expect(screen.queryByRole('dialog')).toBeNull();
      await expect(args.onStateChange).not.toHaveBeenCalled();
    },
  };
}

export const DraggedSnapsLeft = snapStory('left');
export const DraggedSnapsRight = snapStory('right');
export const DraggedSnapsTop = snapStory('top');
export const DraggedSnapsBottom = snapStory('bottom');

/**
 * Com a moldura do app como margens (um trilho de 88 px, um cabeçalho de 64 px), o botão encaixa dentro da área
 * de conteúdo, e uma janela aberta no meio da borda esquerda abre ao lado do botão, nunca por cima dele.
 */
export const SnapsWithinContentArea: Story = {
  args: { insets: { left: 88, top: 64 } },
  globals: { viewport: { value: 'desktop' } },
  play: async () => {
    const { height } = viewportSize();
    await dragCentreTo(openButton(), 100, 80);
    await expectBox(openButton(), { left: 88 + 24, top: 64 + 24 });
    await dragCentreTo(openButton(), 100, height / 2);
    await expectBox(openButton(), { left: 88 + 24, top: height / 2 - 28 });
    await userEvent.click(openButton());
    const dialog = await findDialog();
    const panel = dialog.getBoundingClientRect();
    const button = screen.getByRole('button', { name: 'Fechar assistente' }).getBoundingClientRect();
    const covers =
      panel.left < button.right &&
      button.left < panel.right &&
      panel.top < button.bottom &&
      button.top < panel.bottom;
    await expect(covers).toBe(false);
    await expect(panel.left).toBeGreaterThanOrEqual(88);
    await expect(panel.top).toBeGreaterThanOrEqual(64);
  },
};

export const DragStoresPositionPerDevice: Story = {
  args: { positionStorage: memoryStorage() },
  globals: { viewport: { value: 'desktop' } },
  play: async ({ args }) => {
    await dragCentreTo(openButton(), 70, 200);
    await expectBox(openButton(), { left: 24, top: 200 - 28 });
    const storage = args.positionStorage as ReturnType<typeof memoryStorage>;
    await expect(JSON.parse(storage.data.get('farol:chatbot-position:desktop') ?? 'null')).toEqual({
      x: 24,
      y: 172,
    });
    await expect(storage.data.has('farol:chatbot-position:mobile')).toBe(false);
  },
};

export const ClickUnderThreshold: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ args }) => {
    const button = openButton();
    const before = button.getBoundingClientRect();
    // 4 px is under the 6 px threshold: still a click, and the button does not move.
    await dragBy(button, 4, 0, 2);
    await findDialog();
    await expect(args.onStateChange).toHaveBeenCalledWith('maximized');
    const after = screen.getByRole('button', { name: 'Fechar assistente' }).getBoundingClientRect();
    await expect(after.left).toBe(before.left);
    await expect(after.top).toBe(before.top);
  },
};

export const PositionRestoredDesktop: Story = {
  args: {
    positionStorage: memoryStorage({
      'farol:chatbot-position:desktop': JSON.stringify({ x: 24, y: 300 }),
      'farol:chatbot-position:mobile': JSON.stringify({ x: 16, y: 16 }),
    }),
  },
  globals: { viewport: { value: 'desktop' } },
  play: async () => {
    await expectBox(openButton(), { left: 24, top: 300, width: 56 });
  },
};

export const PositionRestoredMobile: Story = {
  args: {
    positionStorage: memoryStorage({
      'farol:chatbot-position:desktop': JSON.stringify({ x: 24, y: 300 }),
      'farol:chatbot-position:mobile': JSON.stringify({ x: 120, y: 16 }),
    }),
  },
  globals: { viewport: { value: 'mobile' } },
  play: async () => {
    await expectBox(openButton(), { left: 120, top: 16, width: 48 });
  },
};

export const CorruptStoredPositionIgnored: Story = {
  args: { positionStorage: memoryStorage({ 'farol:chatbot-position:desktop': '{"x":' }) },
  globals: { viewport: { value: 'desktop' } },
  play: async () => {
    await expectBox(openButton(), { right: 24, bottom: 24 });
  },
};

export const KeyboardEscapeCloses: Story = {
  play: async ({ args }) => {
    openButton().focus();
    await userEvent.keyboard('{Enter}');
    await findDialog();
    await userEvent.keyboard('{Escape}');
    await waitDialogGone();
    await expect(args.onStateChange).toHaveBeenLastCalledWith('closed');
  },
};

export const TabTrap: Story = {
  args: { defaultState: 'maximized', messages: conversation },
  play: async () => {
    const dialog = await findDialog();
    const input = screen.getByRole('textbox', { name: 'Mensagem para o assistente' });
    await expect(input).toHaveFocus();
    await userEvent.type(input, 'oi');
    // Forward through every stop: it never leaves the dialog.
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // From the first stop, Shift+Tab wraps to the last one (Enviar).
    screen.getByRole('button', { name: 'Minimizar' }).focus();
    await userEvent.tab({ shift: true });
    await expect(screen.getByRole('button', { name: 'Enviar' })).toHaveFocus();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Minimizar' })).toHaveFocus();
  },
};

/** Minimizada, a janela é um painel ao lado da página: não é modal, e o Tab sai dela para a página. */
export const MinimizedDoesNotTrap: Story = {
  args: { defaultState: 'maximized', messages: conversation },
  render: function Render(args) {
    const [storage] = useState(() => memoryStorage());
    return (
      <div className="p-6">
        <Button>Ação da página</Button>
        <Chatbot {...args} positionStorage={storage} />
      </div>
    );
  },
  play: async () => {
    const dialog = await findDialog();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Minimizar' }));
    // Minimising keeps focus on the toggle, now 'Maximizar'.
    const maximize = screen.getByRole('button', { name: 'Maximizar' });
    await expect(maximize).toHaveFocus();
    await expect(dialog).toHaveAttribute('aria-modal', 'false');
    const page = screen.getByRole('button', { name: 'Ação da página' });
    let left = false;
    for (let i = 0; i < 4 && !left; i += 1) {
      await userEvent.tab();
      left = !dialog.contains(document.activeElement);
    }
    await expect(left).toBe(true);
    page.focus();
    await expect(page).toHaveFocus();
  },
};

export const FocusReturnsToButton: Story = {
  play: async () => {
    await userEvent.click(openButton());
    await findDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitDialogGone();
    await expect(openButton()).toHaveFocus();
  },
};

export const TypingIndicator: Story = {
  args: { defaultState: 'maximized', messages: conversation.slice(0, 1), isReplying: true },
  play: async () => {
    await findDialog();
    await expect(screen.getByRole('status', { name: 'Assistente digitando…' })).toBeVisible();
    await expect(screen.getByRole('textbox', { name: 'Mensagem para o assistente' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  },
};

export const BlankRefused: Story = {
  args: { defaultState: 'maximized' },
  play: async ({ args }) => {
    await findDialog();
    const input = screen.getByRole('textbox', { name: 'Mensagem para o assistente' });
    const send = screen.getByRole('button', { name: 'Enviar' });
    await expect(send).toBeDisabled();
    await userEvent.type(input, '   {Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(send).toBeDisabled();
  },
};

export const EnterSends: Story = {
  args: { defaultState: 'maximized' },
  play: async ({ args }) => {
    await findDialog();
    const input = screen.getByRole('textbox', { name: 'Mensagem para o assistente' });
    await userEvent.type(input, '  Preciso de ajuda com senhas  ');
    await expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(args.onSend).toHaveBeenCalledWith('Preciso de ajuda com senhas');
    await expect(input).toHaveValue('');
  },
};

export const ShiftEnterNewLine: Story = {
  args: { defaultState: 'maximized' },
  play: async ({ args }) => {
    await findDialog();
    const input = screen.getByRole('textbox', { name: 'Mensagem para o assistente' });
    await userEvent.type(input, 'linha 1{Shift>}{Enter}{/Shift}linha 2');
    await expect(input).toHaveValue('linha 1\nlinha 2');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await expect(args.onSend).toHaveBeenCalledWith('linha 1\nlinha 2');
  },
};

/** Oculto (o app o esconde em /login, /auth e /checkout): nada é desenhado, mesmo quando pedem para abrir. */
export const Hidden: Story = {
  args: { hidden: true, defaultState: 'maximized' },
  play: async () => {
    await expect(screen.queryByRole('button', { name: /assistente/ })).toBeNull();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

function RouteHost(props: ChatbotProps) {
  const [pathname, setPathname] = useState('/dashboard');
  return (
    <div className="p-6">
      <p className="text-foreground">Rota atual: {pathname}</p>
      <Button className="mt-2" onClick={() => setPathname('/login')}>
        Sair para /login
      </Button>
      <Button className="mt-2 ml-2" variant="secondary" onClick={() => setPathname('/dashboard')}>
        Voltar para /dashboard
      </Button>
      <Chatbot {...props} hidden={isChatbotHiddenOn(pathname)} positionStorage={memoryStorage()} />
    </div>
  );
}

export const ClosesWhenRouteBecomesLogin: Story = {
  args: { defaultState: 'maximized' },
  render: (args) => <RouteHost {...args} />,
  play: async ({ args }) => {
    await findDialog();
    // Clicking outside the modal window is allowed here (the host's navigation changes the route).
    screen.getByRole('button', { name: 'Sair para /login' }).click();
    await waitDialogGone();
    await expect(screen.queryByRole('button', { name: /assistente/ })).toBeNull();
    await expect(args.onStateChange).toHaveBeenCalledWith('closed');
    // Coming back shows the button again, closed.
    screen.getByRole('button', { name: 'Voltar para /dashboard' }).click();
    await expect(await screen.findByRole('button', { name: 'Abrir assistente' })).toBeVisible();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

export const Mobile: Story = {
  args: { defaultState: 'maximized', messages: conversation },
  globals: { viewport: { value: 'mobile' } },
  play: async () => {
    const dialog = await findDialog();
    const toggle = screen.getByRole('button', { name: 'Fechar assistente' });
    await expectBox(toggle, { width: 48, height: 48, right: 16, bottom: 16 });
    const { width } = viewportSize();
    // 50 px header + 450 px body; as wide as the screen allows inside 16 px margins.
    await expectBox(dialog, { width: Math.min(384, width - 32), height: 500, left: 16 });
    await userEvent.click(screen.getByRole('button', { name: 'Minimizar' }));
    await expectBox(dialog, { height: 50 });
  },
};

/** The host's side of a conversation: append the user's text, then a reply after the spec's 1 s delay. */
function ConversationHost(props: ChatbotProps) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [replying, setReplying] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onSend = (text: string) => {
    props.onSend?.(text);
    setMessages((list) => [...list, { id: `u${list.length}`, sender: 'user', text, timestamp: new Date() }]);
    setReplying(true);
    timer.current = setTimeout(() => {
      setReplying(false);
      setMessages((list) => [
        ...list,
        {
          id: `b${list.length}`,
          sender: 'bot',
          text: 'Posso ajudar com chamados: abra Suporte.',
          timestamp: new Date(),
        },
      ]);
    }, 1000);
  };
  return <Chatbot {...props} messages={messages} isReplying={replying} onSend={onSend} />;
}

export const Conversation: Story = {
  args: { defaultState: 'maximized', positionStorage: memoryStorage() },
  render: (args) => <ConversationHost {...args} />,
  play: async () => {
    await findDialog();
    const input = screen.getByRole('textbox', { name: 'Mensagem para o assistente' });
    await userEvent.type(input, 'Quero abrir um chamado{Enter}');
    await expect(screen.getByText('Quero abrir um chamado')).toBeVisible();
    await expect(screen.getByRole('status', { name: 'Assistente digitando…' })).toBeVisible();
    await expect(input).toBeDisabled();
    await expect(
      await screen.findByText('Posso ajudar com chamados: abra Suporte.', {}, { timeout: 3000 }),
    ).toBeVisible();
    await expect(input).toBeEnabled();
    await waitFor(() => expect(input).toHaveFocus());
  },
};
