import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SessionEnded, Terminal, TerminalFrame } from '@farol/ui/connections';
import { SAMPLE_OUTPUT, staticStream } from './connection-fixtures';

/** Writes its line at every subscription: a terminal that subscribed twice would show it twice. */
const greetOnSubscribe = (listener: (chunk: string) => void) => {
  listener('Bem-vindo ao srv-db01\r\n');
  return () => {};
};

/** The screen's rows as xterm draws them (the DOM renderer), once xterm has loaded. */
const screenText = (root: HTMLElement) => root.querySelector('.xterm-rows')?.textContent ?? '';
const waitForScreen = (root: HTMLElement, text: string) =>
  waitFor(() => expect(screenText(root)).toContain(text), { timeout: 15_000 });

const stream = staticStream(SAMPLE_OUTPUT);

const meta = {
  title: 'UI/Connections/Terminal',
  component: TerminalFrame,
  args: {
    name: 'srv-db01',
    host: '10.0.0.12',
    port: 22,
    protocol: 'ssh',
    state: 'conectado',
    elapsedSeconds: 754,
    bytesIn: 48_213,
    bytesOut: 1_240,
    recording: true,
    onSearch: fn(),
    onDisconnect: fn(),
  },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
  render: function Render(args) {
    const [searchOpen, setSearchOpen] = useState(false);
    return (
      <TerminalFrame
        {...args}
        className="h-[28rem]"
        onSearch={() => {
          args.onSearch?.();
          setSearchOpen(true);
        }}
      >
        <Terminal
          className="flex-1"
          stream={stream}
          searchOpen={searchOpen}
          onSearchOpenChange={setSearchOpen}
          onData={fn()}
        />
      </TerminalFrame>
    );
  },
} satisfies Meta<typeof TerminalFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Connected: the header (name, host, SSH, state, time, bytes, "Gravando") and the session's output. */
export const Connected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const frame = canvas.getByRole('region', { name: 'Sessão em srv-db01' });
    await expect(within(frame).getByRole('heading', { name: 'srv-db01' })).toBeVisible();
    await expect(canvas.getByText('10.0.0.12:22')).toBeVisible();
    await expect(canvas.getByText('Protocolo SSH')).toBeInTheDocument();
    await expect(canvas.getByText('Conectado')).toBeVisible();
    await expect(canvas.getByText('12:34')).toBeVisible();
    await expect(canvas.getByText('47 KB')).toBeVisible();
    await expect(canvas.getByText('1,2 KB')).toBeVisible();
    await expect(canvas.getByText('Gravando')).toBeVisible();
    await waitForScreen(canvasElement, 'active (running)');
    await expect(screenText(canvasElement)).toContain('connect() failed');
    await userEvent.click(canvas.getByRole('button', { name: 'Desconectar' }));
    await expect(args.onDisconnect).toHaveBeenCalledOnce();
  },
};

/**
 * Typing reaches `onData`; every fit to the container is reported through `onResize` (the frame's spies
 * `onSearch` and `onDisconnect` stand in for the terminal's here, so the meta keeps the frame's own args).
 */
export const Typing: Story = {
  args: { recording: false },
  render: (args) => (
    <TerminalFrame {...args} className="h-80">
      <Terminal
        className="flex-1"
        stream={stream}
        onData={args.onSearch}
        onResize={args.onDisconnect}
        autoFocus
      />
    </TerminalFrame>
  ),
  play: async ({ canvasElement, args }) => {
    await waitForScreen(canvasElement, 'nginx.service');
    await expect(within(canvasElement).queryByText('Gravando')).toBeNull();
    const input = within(canvasElement).getByRole('textbox', { name: 'Terminal' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('ls');
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('s'));
    await expect(args.onSearch).toHaveBeenCalledWith('l');
    await waitFor(() =>
      expect(args.onDisconnect).toHaveBeenCalledWith({ cols: expect.any(Number), rows: expect.any(Number) }),
    );
    const [size] = (args.onDisconnect as ReturnType<typeof fn>).mock.lastCall as [
      { cols: number; rows: number },
    ];
    await expect(size.cols).toBeGreaterThan(40);
    await expect(size.rows).toBeGreaterThan(5);
  },
};

/** "Buscar" opens the search box; typing finds the matches, Enter moves to the next, Escape closes it. */
export const SearchOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitForScreen(canvasElement, 'nginx.service');
    await userEvent.click(canvas.getByRole('button', { name: 'Buscar' }));
    await expect(args.onSearch).toHaveBeenCalledOnce();
    const box = await canvas.findByRole('searchbox', { name: 'Buscar no terminal' });
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.type(box, 'nginx');
    await waitFor(() => expect(canvas.getByText(/^\d+ de \d+$/)).toBeVisible());
    const count = canvas.getByText(/^\d+ de \d+$/).textContent!;
    await expect(Number(count.split(' de ')[1])).toBeGreaterThanOrEqual(4);
    await userEvent.click(canvas.getByRole('button', { name: 'Próximo resultado' }));
    await expect(canvas.getByRole('button', { name: 'Resultado anterior' })).toBeVisible();
    await userEvent.type(box, 'xyz');
    await waitFor(() => expect(canvas.getByText('Nenhum resultado')).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('searchbox')).toBeNull();
  },
};

/** Ctrl+F in the terminal opens the search box too. */
export const SearchWithCtrlF: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForScreen(canvasElement, 'nginx.service');
    await userEvent.click(canvasElement.querySelector('[data-slot=terminal-screen]')!);
    await userEvent.keyboard('{Control>}f{/Control}');
    await expect(await canvas.findByRole('searchbox', { name: 'Buscar no terminal' })).toBeVisible();
  },
};

/** A page re-rendering with a new `{ subscribe }` object each time does not subscribe again. */
export const StreamAcrossRenders: Story = {
  render: function Render(args) {
    const [seconds, setSeconds] = useState(10);
    return (
      <TerminalFrame {...args} elapsedSeconds={seconds} className="h-64">
        <button type="button" className="self-start px-2 text-xs" onClick={() => setSeconds((s) => s + 1)}>
          Avançar o relógio
        </button>
        <Terminal className="flex-1" stream={{ subscribe: greetOnSubscribe }} />
      </TerminalFrame>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForScreen(canvasElement, 'Bem-vindo ao srv-db01');
    for (let i = 0; i < 3; i += 1)
      await userEvent.click(canvas.getByRole('button', { name: 'Avançar o relógio' }));
    await expect(canvas.getByText('00:13')).toBeVisible();
    await expect(screenText(canvasElement).split('Bem-vindo').length - 1).toBe(1);
  },
};

/** Live oversight: an admin watches read-only; keys go nowhere, the button ends the session. */
export const ReadOnlyWatching: Story = {
  args: { watching: true, elapsedSeconds: 3_725 },
  render: (args) => (
    <TerminalFrame {...args} className="h-80">
      <Terminal className="flex-1" stream={stream} readOnly onData={args.onSearch} />
    </TerminalFrame>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Acompanhando (somente leitura)')).toBeVisible();
    await expect(canvas.getByText('1:02:05')).toBeVisible();
    await waitForScreen(canvasElement, 'nginx.service');
    const input = canvas.getByRole('textbox', { name: 'Terminal (Somente leitura)' });
    await userEvent.click(canvasElement.querySelector('[data-slot=terminal-screen]')!);
    await userEvent.keyboard('rm -rf /');
    await expect(args.onSearch).not.toHaveBeenCalled();
    await expect(input).toHaveAttribute('aria-readonly', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Encerrar sessão' }));
    await expect(args.onDisconnect).toHaveBeenCalledOnce();
  },
};

/** Connecting: the state says so, no timer yet, search is not available. */
export const Connecting: Story = {
  args: { state: 'conectando', elapsedSeconds: undefined, bytesIn: undefined, bytesOut: undefined },
  render: (args) => (
    <TerminalFrame {...args} className="h-64">
      <Terminal className="flex-1" />
    </TerminalFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Conectando…')).toBeVisible();
    await expect(canvas.queryByText(/^\d\d:\d\d$/)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Desconectar' })).toBeEnabled();
  },
};

/** A failed connection: "Erro" in the header, the server's message, no Desconectar. */
export const ConnectionError: Story = {
  args: { state: 'erro', error: 'Não foi possível conectar ao servidor.', recording: false },
  render: (args) => <TerminalFrame {...args} className="h-48" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Erro')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Não foi possível conectar ao servidor.');
    await expect(canvas.queryByRole('button', { name: 'Desconectar' })).toBeNull();
  },
};

/** Ended: the frame says "Encerrado" and holds the ended panel. */
export const Ended: Story = {
  args: { state: 'encerrado', recording: true, elapsedSeconds: 1_380 },
  render: (args) => (
    <TerminalFrame {...args} className="h-80">
      <div className="flex flex-1 items-center p-4">
        <SessionEnded reason="usuario" durationSeconds={1_380} onReconnect={args.onSearch} />
      </div>
    </TerminalFrame>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Encerrado')).toBeVisible();
    // A finished session is no longer being recorded.
    await expect(canvas.queryByText('Gravando')).toBeNull();
    await expect(canvas.getByText('Você encerrou a sessão.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reconectar' }));
    await expect(args.onSearch).toHaveBeenCalledOnce();
  },
};

/** Long names and hosts (on a phone) are cut with an ellipsis and kept whole in the title; the buttons stay in reach. */
export const LongNames: Story = {
  globals: { viewport: { value: 'phone390' } },
  args: {
    name: 'servidor-de-banco-de-dados-principal-da-filial-campinas-producao-01',
    host: 'db-principal-01.campinas.filial.cliente-com-nome-bem-comprido.example.com.br',
    port: 2222,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', {
      name: 'servidor-de-banco-de-dados-principal-da-filial-campinas-producao-01',
    });
    await expect(heading).toHaveAttribute('title', heading.textContent);
    await expect(heading.scrollWidth).toBeGreaterThan(heading.clientWidth);
    const frame = canvasElement.querySelector('[data-slot=terminal-frame]')!;
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    await expect(canvas.getByRole('button', { name: 'Desconectar' })).toBeVisible();
  },
};

/** On a phone the header wraps, the buttons keep only their icons (named for screen readers). */
export const Mobile: Story = {
  globals: { viewport: { value: 'phone390' } },
  parameters: { layout: 'fullscreen' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForScreen(canvasElement, 'nginx');
    const disconnect = canvas.getByRole('button', { name: 'Desconectar' });
    await expect(disconnect).toBeVisible();
    await expect(canvas.getByText('Desconectar')).toHaveClass('max-sm:sr-only');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
