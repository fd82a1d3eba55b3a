import { createVaultRequestMock, vaultRequestHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

/** /credencial/:token: the public page where a client contact types the credential the team asked for. */
const meta = {
  title: 'Portal/Senhas/Pedido de credencial (link)',
  ...portalMeta,
  args: { path: '/credencial/um-token-qualquer', user: null },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const answered = createVaultRequestMock();

/** The form: what was asked, by whom, for which company; the contact types it and it is sent. */
export const RequestLinkForm: Story = {
  parameters: { msw: { handlers: { passwordRequests: answered.handlers } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Wi-Fi da recepção' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(
      canvas.getByText(/Ana Souza pediu esta credencial \(wi-fi\) para Acme Logística/),
    ).toBeVisible();
    await expect(canvas.getByText(/rede de visitantes/)).toBeVisible();
    await expect(canvas.getByText(/só pode ser usado uma vez/)).toBeVisible();
    // Wi-Fi asks for the network's name and password, no address.
    await expect(canvas.queryByRole('textbox', { name: /Endereço/ })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Seu nome' }), 'Diego Ferreira');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nome da rede (SSID)' }), 'ACME-VISITANTES');
    await userEvent.type(canvas.getByLabelText('Senha da rede'), 'visitantes-2027');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar com segurança' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Credencial enviada' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('guardada criptografada no cofre');
    await expect(answered.database.answers.at(-1)?.input).toEqual({
      sent_by: 'Diego Ferreira',
      username: 'ACME-VISITANTES',
      password: 'visitantes-2027',
    });
  },
};

/** Nothing typed: refused under the secret's field, nothing sent. */
export const RequestLinkEmpty: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.default() } } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Wi-Fi da recepção' }, { timeout: 15_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar com segurança' }));
    await expect(await canvas.findByText('Informe a senha, a chave ou as observações')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Wi-Fi da recepção');
  },
};

export const LinkUsed: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.linkUsed() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Link já usado' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Este link já foi usado');
    await expect(canvas.queryByRole('button', { name: 'Enviar com segurança' })).toBeNull();
  },
};

export const LinkExpired: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.linkExpired() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Link expirado' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('ele vale por 72 horas');
  },
};

export const LinkCancelled: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.linkCancelled() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Pedido cancelado' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('cancelado pela equipe');
  },
};

export const LinkInvalid: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.linkInvalid() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Link inválido' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Confira se ele foi copiado inteiro');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Carregando pedido…', {}, { timeout: 15_000 })).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.failing() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Pedido indisponível' }, { timeout: 15_000 }),
    ).toBeVisible();
    // The server's own message when it has one.
    await expect(canvas.getByRole('alert')).toHaveTextContent('Erro interno do servidor');
  },
};

export const Phone: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.default() } } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Wi-Fi da recepção' }, { timeout: 15_000 });
    const button = canvas.getByRole('button', { name: 'Enviar com segurança' });
    await waitFor(() =>
      expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(
        canvasElement.ownerDocument.documentElement.clientWidth,
      ),
    );
  },
};
