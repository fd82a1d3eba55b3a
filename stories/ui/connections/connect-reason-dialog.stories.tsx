import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ConnectReasonDialog } from '@farol/ui/connections';

const meta = {
  title: 'UI/Connections/ConnectReasonDialog',
  component: ConnectReasonDialog,
  args: { open: true, onOpenChange: fn(), name: 'srv-db01', onSubmit: fn() },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof ConnectReasonDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A reason is optional on this connection: Conectar goes straight through. */
export const OptionalReason: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Conectar a srv-db01' });
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo' });
    await expect(reason).not.toBeRequired();
    await expect(within(dialog).getByText('Opcional nesta conexão.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: '' });
  },
};

/** Recording is "opcional": "Gravar esta sessão" is offered, checked at first, and the choice goes with the request. */
export const OfferRecording: Story = {
  args: { offerRecording: true },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Conectar a srv-db01' });
    const record = within(dialog).getByRole('checkbox', { name: 'Gravar esta sessão' });
    await expect(record).toBeChecked();
    await expect(
      within(dialog).getByText('A gravação fica cifrada e só quem audita conexões pode assisti-la.'),
    ).toBeVisible();
    await userEvent.click(record);
    await expect(record).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: '', record: false });
  },
};

/** The connection requires a reason: an empty one is refused in Portuguese, a written one goes with the chamado slot. */
export const RequiredReason: Story = {
  args: {
    requireReason: true,
    ticketSlot: (
      <p className="text-sm">
        Chamado: <strong>#482 — Backup noturno falhou</strong>
      </p>
    ),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Conectar a srv-db01' });
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo' });
    await expect(reason).toBeRequired();
    await expect(within(dialog).getByText('#482 — Backup noturno falhou')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    await expect(within(dialog).getByText('Informe o motivo: esta conexão exige um.')).toBeVisible();
    await expect(reason).toBeInvalid();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(reason, '  Reiniciar o serviço de backup  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: 'Reiniciar o serviço de backup' });
  },
};

/** "Pedir ao conectar": username and password (or a private key), for this session only. */
export const AskCredential: Story = {
  args: { askCredential: true, defaultUsername: 'root' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Conectar a srv-db01' });
    const d = within(dialog);
    await expect(d.getByRole('group', { name: 'Credencial' })).toBeVisible();
    await expect(d.getByText('Usada só nesta sessão e nunca guardada.')).toBeVisible();
    await expect(d.getByRole('textbox', { name: 'Usuário' })).toHaveValue('root');
    await userEvent.click(d.getByRole('button', { name: 'Conectar' }));
    await expect(d.getByText('Informe a senha.')).toBeVisible();
    // The field's label reads "Senha*" (required); the radio's is plain "Senha".
    const password = d.getByLabelText('Senha*');
    await expect(password).toHaveAttribute('type', 'password');
    await userEvent.type(password, 's3nh@');
    await userEvent.click(d.getByRole('button', { name: 'Conectar' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      reason: '',
      credential: { username: 'root', password: 's3nh@' },
    });
  },
};

/** Choosing "Chave privada" swaps the password for a key field. */
export const AskCredentialPrivateKey: Story = {
  args: { askCredential: true },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Conectar a srv-db01' });
    const d = within(dialog);
    await userEvent.click(d.getByRole('radio', { name: 'Chave privada' }));
    const key = d.getByRole('textbox', { name: 'Chave privada' });
    await userEvent.click(d.getByRole('button', { name: 'Conectar' }));
    await expect(d.getByText('Informe o usuário.')).toBeVisible();
    await expect(d.getByText('Cole a chave privada.')).toBeVisible();
    await userEvent.type(d.getByRole('textbox', { name: 'Usuário' }), 'deploy');
    await userEvent.type(key, '-----BEGIN OPENSSH PRIVATE KEY-----');
    await userEvent.click(d.getByRole('button', { name: 'Conectar' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      reason: '',
      credential: { username: 'deploy', privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----' },
    });
  },
};

/** While the ticket is asked for, and when the server refuses. */
export const PendingAndRefused: Story = {
  args: { pending: true, error: 'Limite de sessões simultâneas desta conexão atingido.' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Conectar a srv-db01' });
    await expect(within(dialog).getByRole('button', { name: 'Conectando…' })).toBeDisabled();
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Limite de sessões simultâneas');
  },
};

/** Cancelar closes through `onOpenChange`. */
export const Cancel: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Conectar a srv-db01' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};
