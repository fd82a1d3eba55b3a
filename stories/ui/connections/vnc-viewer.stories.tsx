import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TerminalFrame, VncViewer } from '@farol/ui/connections';

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

/**
 * The gateway cannot be reached (nothing listens on that port, as in Storybook): noVNC gives up, the viewer
 * says so and offers to try again.
 */
export const Failed: Story = {
  args: { url: 'ws://127.0.0.1:9/api/connections/vnc?ticket=expirado' },
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

/** On a phone the state still shows centred in the frame. */
export const Mobile: Story = {
  globals: { viewport: { value: 'phone390' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Conectando à tela remota…')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
