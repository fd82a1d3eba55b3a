import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TerminalFrame, VncViewer } from '@farol/ui/connections';
import { FakeRfbChannel } from './fake-rfb-server';

const meta = {
  title: 'UI/Connections/VncViewer',
  component: VncViewer,
  args: { name: 'estacao-recepcao', url: null, onStateChange: fn(), onRetry: fn() },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
  render: (args) => (
    <TerminalFrame
      name={args.name}
      host="10.0.5.20"
      port={5900}
      protocol="vnc"
      state="conectando"
      className="h-96"
    >
      <VncViewer {...args} />
    </TerminalFrame>
  ),
} satisfies Meta<typeof VncViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the ticket (no URL yet): "Conectando à tela remota…". */
export const Connecting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Conectando à tela remota…')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot=vnc-viewer]')).toHaveAttribute(
      'data-state',
      'conectando',
    );
    await expect(canvas.queryByRole('button', { name: 'Enviar Ctrl+Alt+Del' })).toBeNull();
  },
};

/** The gateway hangs up before the handshake (an expired ticket): the viewer says so and offers to try again. */
export const Failed: Story = {
  render: function Render(args) {
    const [channel] = useState(() => new FakeRfbChannel('estacao-recepcao', true));
    return (
      <TerminalFrame
        name={args.name}
        host="10.0.5.20"
        port={5900}
        protocol="vnc"
        state="erro"
        className="h-96"
      >
        <VncViewer {...args} url={channel as unknown as WebSocket} />
      </TerminalFrame>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(
      () => expect(canvas.getByRole('alert')).toHaveTextContent('Não foi possível conectar à tela remota.'),
      {
        timeout: 15_000,
      },
    );
    await expect(args.onStateChange).toHaveBeenLastCalledWith('erro', 'falha');
    await userEvent.click(canvas.getByRole('button', { name: 'Tentar de novo' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

let lastChannel: FakeRfbChannel | undefined;

/**
 * Connected (to a VNC server inside the page, since no gateway runs here): the remote screen, scaled to fit,
 * and "Enviar Ctrl+Alt+Del".
 */
export const Connected: Story = {
  render: function Render(args) {
    const [channel] = useState(() => (lastChannel = new FakeRfbChannel()));
    return (
      <TerminalFrame
        name={args.name}
        host="10.0.5.20"
        port={5900}
        protocol="vnc"
        state="conectado"
        className="h-96"
      >
        <VncViewer {...args} url={channel as unknown as WebSocket} />
      </TerminalFrame>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(args.onStateChange).toHaveBeenLastCalledWith('conectado', undefined), {
      timeout: 15_000,
    });
    await expect(canvasElement.querySelector('[data-slot=vnc-viewer]')).toHaveAttribute(
      'data-state',
      'conectado',
    );
    await expect(canvas.getByRole('img', { name: 'Tela remota de estacao-recepcao' })).toBeVisible();
    await expect(canvas.queryByText('Conectando à tela remota…')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar Ctrl+Alt+Del' }));
    // RFB KeyEvents (message type 4) for Control_L (0xffe3) reach the server.
    const keyEvents = () =>
      lastChannel!.received
        .flatMap((message) =>
          Array.from({ length: message.length / 8 }, (_, i) => message.slice(i * 8, i * 8 + 8)),
        )
        .filter((event) => event[0] === 4);
    await waitFor(() =>
      expect(keyEvents().some((event) => new DataView(event.buffer).getUint32(4) === 0xffe3)).toBe(true),
    );
  },
};

/** Watching only: no Ctrl+Alt+Del, "Somente visualização" instead. */
export const ConnectedViewOnly: Story = {
  ...Connected,
  args: { viewOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('Somente visualização')).toBeVisible(), { timeout: 15_000 });
    await expect(canvas.queryByRole('button', { name: 'Enviar Ctrl+Alt+Del' })).toBeNull();
  },
};

/** On a phone the state still shows centred in the frame. */
export const Mobile: Story = {
  globals: { viewport: { value: 'phone390' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Conectando à tela remota…')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
