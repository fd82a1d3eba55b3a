import { MOCK_LINK_TOKENS } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Account links',
  ...portalMeta,
  args: { path: `/convite/${MOCK_LINK_TOKENS.valid}`, user: null },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The invitation's page: whose it is, the new password with its strength meter. */
export const InvitationAccept: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Bem-vindo(a), Iara Convidada' },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Nova senha/), 'senha12345');
    await userEvent.type(canvas.getByLabelText(/^Confirme a nova senha/), 'senha12345');
    await userEvent.click(canvas.getByRole('button', { name: 'Criar senha' }));
    await expect(await canvas.findByText(/Esta senha é muito comum/)).toBeVisible();
    const password = canvas.getByLabelText(/^Nova senha/);
    await userEvent.clear(password);
    await userEvent.type(password, 'cavalo-correto-bateria-grampo');
    const confirm = canvas.getByLabelText(/^Confirme a nova senha/);
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'cavalo-correto-bateria-grampo');
    await expect(await canvas.findByRole('meter')).toHaveAttribute('aria-valuetext', 'Forte');
    await userEvent.click(canvas.getByRole('button', { name: 'Criar senha' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Senha criada' }, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

export const InvitationExpired: Story = {
  args: { path: `/convite/${MOCK_LINK_TOKENS.expired}` },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Convite expirado' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Peça um novo convite');
  },
};

export const ForgotPassword: Story = {
  args: { path: '/esqueci-senha' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Esqueci minha senha' }, { timeout: 15_000 }),
    ).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), 'alguem@farol.dev');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar link' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Se houver uma conta com este e-mail');
    await expect(canvas.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
  },
};

export const ResetPassword: Story = {
  args: { path: `/redefinir-senha/${MOCK_LINK_TOKENS.valid}` },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Crie uma nova senha para iara@acme.com.br.', {}, { timeout: 15_000 }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Nova senha/), 'curta');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar nova senha' }));
    await expect(await canvas.findByText('A senha deve ter pelo menos 10 caracteres')).toBeVisible();
  },
};

export const ResetLinkExpired: Story = {
  args: { path: `/redefinir-senha/${MOCK_LINK_TOKENS.expired}` },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Link expirado' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(
      within(canvas.getByRole('main')).getByRole('link', { name: 'Pedir outro link' }),
    ).toBeVisible();
  },
};

/** Signed in with a temporary password: Trocar senha before anything else. */
export const ChangeTemporaryPassword: Story = {
  args: { path: '/trocar-senha', user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Trocar senha' }, { timeout: 15_000 }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Senha temporária/), 'errada');
    await userEvent.type(canvas.getByLabelText(/^Nova senha/), 'cavalo-correto-bateria-grampo');
    await userEvent.type(canvas.getByLabelText(/^Confirme a nova senha/), 'cavalo-correto-bateria-grampo');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar e continuar' }));
    await expect(await canvas.findByText('Senha atual incorreta')).toBeVisible();
  },
};
