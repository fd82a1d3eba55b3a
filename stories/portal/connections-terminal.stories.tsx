import { createFakeTerminalTransport, type FakeTerminalTransport } from '@farol/data/connections';
import { OTHER_KEY, PINNED_KEY } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { TerminalTransportOverride } from '../../apps/portal/src/features/connections/shared/terminal-transport';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Connections terminal',
  ...portalMeta,
  // srv-web01: nothing to ask, so the page connects as it opens.
  args: { path: '/connections/2/terminal', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The screen's rows as xterm draws them, once xterm has loaded. */
const screenText = (root: HTMLElement) => root.querySelector('.xterm-rows')?.textContent ?? '';
const waitForScreen = (root: HTMLElement, text: string) =>
  waitFor(() => expect(screenText(root)).toContain(text), { timeout: 15_000 });

/** Each story's in-memory shell, under the app's screens. */
const withShell = (transport: FakeTerminalTransport) => [
  (Story: () => React.JSX.Element) => (
    <TerminalTransportOverride transport={transport}>
      <Story />
    </TerminalTransportOverride>
  ),
];

const hanging = createFakeTerminalTransport({ hang: true });
/** The ticket is issued and the stream opening: the frame says "Conectando". */
export const Connecting: Story = {
  decorators: withShell(hanging),
  play: async ({ canvas }) => {
    const frame = await canvas.findByRole('region', { name: 'Sessão em srv-web01' });
    await expect(frame).toHaveTextContent('Conectando…');
    await waitFor(() => expect(hanging.opened.length).toBeGreaterThan(0));
  },
};

const shell = createFakeTerminalTransport({ recording: true });
/** Connected: the terminal takes keys, the shell answers; the frame says Gravando. */
export const Connected: Story = {
  decorators: withShell(shell),
  play: async ({ canvas, canvasElement }) => {
    const frame = await canvas.findByRole('region', { name: 'Sessão em srv-web01' });
    await waitFor(() => expect(frame).toHaveTextContent('Conectado'));
    await expect(within(frame).getByText('Gravando')).toBeVisible();
    await waitForScreen(canvasElement, 'ana@srv-db01:~$');
    const input = within(frame).getAllByRole('textbox')[0]!;
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('whoami{Enter}');
    await waitFor(() => expect(shell.opened.at(-1)?.inputs.join('')).toContain('whoami'));
    await expect(within(frame).getByRole('button', { name: 'Desconectar' })).toBeVisible();
  },
};

const trusting = createFakeTerminalTransport({ hostKey: { sha256: OTHER_KEY, state: 'new', pinned: null } });
/** First connection: the fingerprint is shown to confirm; trusting it goes on to the shell. */
export const HostKeyPrompt: Story = {
  decorators: withShell(trusting),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('button', { name: 'Confiar e conectar' });
    const shown = canvasElement.querySelector('[data-slot="host-key-fingerprint"]');
    await expect(shown?.textContent?.replace(/\s/g, '')).toBe(OTHER_KEY);
    await userEvent.click(canvas.getByRole('button', { name: 'Confiar e conectar' }));
    const frame = await canvas.findByRole('region', { name: 'Sessão em srv-web01' });
    await waitFor(() => expect(frame).toHaveTextContent('Conectado'));
  },
};

const changed = createFakeTerminalTransport({
  hostKey: { sha256: OTHER_KEY, state: 'mismatch', pinned: PINNED_KEY },
});
/** The key changed: a red block with both fingerprints; an admin is offered to re-pin. */
export const KeyMismatch: Story = {
  decorators: withShell(changed),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(PINNED_KEY);
    await expect(alert).toHaveTextContent(OTHER_KEY);
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

const ending = createFakeTerminalTransport();
/** The session ends from the server (an admin, here): why, and Reconectar asks for a new ticket. */
export const Ended: Story = {
  decorators: withShell(ending),
  play: async ({ canvas }) => {
    const frame = await canvas.findByRole('region', { name: 'Sessão em srv-web01' });
    await waitFor(() => expect(frame).toHaveTextContent('Conectado'));
    ending.endFromServer('encerrada_por_admin');
    await expect(await canvas.findByText('Um administrador encerrou esta sessão.')).toBeVisible();
    const before = ending.opened.length;
    await userEvent.click(canvas.getByRole('button', { name: 'Reconectar' }));
    await waitFor(() => expect(ending.opened.length).toBe(before + 1));
  },
};

const reasoned = createFakeTerminalTransport();
/** srv-db01 requires a reason: asked first, with the chamado of `?ticket_id=`. */
export const AsksReason: Story = {
  args: { path: '/connections/1/terminal?ticket_id=1' },
  decorators: withShell(reasoned),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog');
    await expect(dialog).toHaveTextContent('Chamado: #1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Reiniciar o serviço');
    await userEvent.click(within(dialog).getByRole('button', { name: /Conectar/ }));
    await waitFor(() => expect(reasoned.opened.length).toBe(1));
  },
};

const chosen = createFakeTerminalTransport();
/** bastion leaves recording to the person ("opcional"): asked first, "Gravar esta sessão" checked at first. */
export const AsksWhetherToRecord: Story = {
  args: { path: '/connections/5/terminal' },
  decorators: withShell(chosen),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Conectar a bastion' });
    await expect(within(dialog).getByRole('checkbox', { name: 'Gravar esta sessão' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(chosen.opened.length).toBe(1));
  },
};

/** A technician without connections.connect never reaches the terminal: the guard sends them to /403. */
export const NoPermission: Story = {
  args: { user: 'tecnico' },
  decorators: withShell(createFakeTerminalTransport()),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Sessão em srv-web01' })).toBeNull());
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  },
};
