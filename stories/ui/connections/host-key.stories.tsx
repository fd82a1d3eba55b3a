import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HostKeyMismatch, HostKeyPrompt } from '@farol/ui/connections';
import { FINGERPRINT_NEW, FINGERPRINT_PINNED } from './connection-fixtures';

const meta = {
  title: 'UI/Connections/HostKey',
  component: HostKeyPrompt,
  args: {
    host: 'srv-db01 (10.0.0.12)',
    fingerprint: FINGERPRINT_NEW,
    algorithm: 'ssh-ed25519',
    onTrust: fn(),
    onCancel: fn(),
  },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof HostKeyPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** First connection: the SHA-256 fingerprint to compare, "Confiar e conectar" or "Cancelar". */
export const Prompt: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const dialog = canvas.getByRole('alertdialog', { name: 'Confirme a chave do servidor' });
    await expect(dialog).toHaveAccessibleDescription(/primeira conexão com srv-db01 \(10\.0\.0\.12\)/);
    await expect(canvas.getByText('Impressão digital (SHA-256)')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot=host-key-fingerprint]')).toHaveTextContent(
      FINGERPRINT_NEW,
    );
    await expect(canvas.getByText('ssh-ed25519')).toBeVisible();
    const trust = canvas.getByRole('button', { name: 'Confiar e conectar' });
    await expect(trust).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancelar' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await userEvent.click(trust);
    await expect(args.onTrust).toHaveBeenCalledOnce();
  },
};

/** While the trust is sent, both buttons wait. */
export const PromptPending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Confiar e conectar' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  },
};

/** A changed key, seen by someone who cannot re-pin: the red warning, both fingerprints, no re-pin button. */
export const Mismatch: Story = {
  render: (args) => (
    <HostKeyMismatch
      host={args.host}
      pinned={FINGERPRINT_PINNED}
      presented={FINGERPRINT_NEW}
      onClose={args.onCancel}
    />
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'A chave do servidor mudou' })).toBeVisible();
    await expect(alert).toHaveTextContent('A conexão foi bloqueada.');
    await expect(canvas.getByText('Chave fixada')).toBeVisible();
    await expect(canvas.getByText('Chave apresentada agora')).toBeVisible();
    const [pinned, presented] = canvasElement.querySelectorAll('[data-slot=host-key-fingerprint]');
    await expect(pinned).toHaveTextContent(FINGERPRINT_PINNED);
    await expect(presented).toHaveTextContent(FINGERPRINT_NEW);
    await expect(alert).toHaveTextContent(/connections\.manage/);
    await expect(canvas.queryByRole('button', { name: 'Fixar a nova chave' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Fechar' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** The same warning for a person with connections.manage: "Fixar a nova chave" shows and reports. */
export const MismatchCanRepin: Story = {
  render: (args) => (
    <HostKeyMismatch
      host={args.host}
      pinned={FINGERPRINT_PINNED}
      presented={FINGERPRINT_NEW}
      algorithm="ssh-ed25519"
      canRepin
      onRepin={args.onTrust}
      onClose={args.onCancel}
    />
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Chave apresentada agora (ssh-ed25519)')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Fixar a nova chave' }));
    await expect(args.onTrust).toHaveBeenCalledOnce();
  },
};

/** On a phone the fingerprints wrap inside the card. */
export const MismatchMobile: Story = {
  ...MismatchCanRepin,
  globals: { viewport: { value: 'phone390' } },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector<HTMLElement>('[data-slot=host-key-mismatch]')!;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await expect(within(canvasElement).getByRole('button', { name: 'Fixar a nova chave' })).toBeVisible();
  },
};
