import { createVaultRequestMock, vaultRequestHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalHandlers } from './support/portal-handlers';
import { portalMeta } from './support/portal-story';

/** /portal/passwords: a client's items flagged visível ao cliente and the team's requests to answer. */
const meta = {
  title: 'Portal/Senhas/Portal do cliente',
  ...portalMeta,
  parameters: { msw: { handlers: portalHandlers() } },
  args: { path: '/portal/passwords', user: 'clienteAcme' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const revealing = createVaultRequestMock();

/** Locked until revealed: the reveal carries the optional reason and is recorded. */
export const RevealShared: Story = {
  parameters: { msw: { handlers: { passwordRequests: revealing.handlers } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Wi-Fi Visitantes' }, { timeout: 15_000 }),
    ).toBeVisible();
    const card = canvas.getByRole('heading', { name: 'Wi-Fi Visitantes' }).closest('li')!;
    const item = within(card);
    await expect(item.getByLabelText('Senha oculta')).toHaveTextContent('••••');
    await userEvent.type(item.getByRole('textbox', { name: 'Motivo (opcional)' }), 'Notebook novo');
    await userEvent.click(item.getByRole('button', { name: 'Revelar senha' }));
    await expect(await item.findByLabelText('Senha')).toHaveTextContent('visitantes-2026');
    await expect(revealing.database.reveals).toEqual([
      { itemId: 11, field: 'password', purpose: 'reveal', reason: 'Notebook novo' },
    ]);
    // A custom secret field shows its own label.
    await expect(canvas.getByRole('button', { name: 'Revelar pin do certificado' })).toBeVisible();
  },
};

const answering = createVaultRequestMock();

/** A request of the team: answered from the portal, it leaves the list. */
export const AnswerRequest: Story = {
  parameters: { msw: { handlers: { passwordRequests: answering.handlers } } },
  play: async ({ canvas, canvasElement }) => {
    const section = await canvas.findByRole('region', { name: 'Pedidos da equipe' }, { timeout: 15_000 });
    await expect(section).toHaveTextContent('Wi-Fi da recepção');
    await userEvent.click(within(section).getByRole('button', { name: 'Enviar credencial' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Wi-Fi da recepção',
    });
    await expect(within(dialog).queryByRole('textbox', { name: 'Seu nome' })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Senha da rede'), 'nova-senha-wifi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar com segurança' }));
    // The toast fades in: it is there.
    await expect(await canvas.findByText(/Credencial recebida/, {}, { timeout: 15_000 })).toBeInTheDocument();
    await expect(answering.database.answers).toEqual([
      { requestId: 3, input: { password: 'nova-senha-wifi' } },
    ]);
    await expect(canvas.queryByRole('region', { name: 'Pedidos da equipe' })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Nenhuma senha compartilhada' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Pedidos da equipe' })).toBeNull();
  },
};

/** Another company's client: none of Acme's items. */
export const OtherCompany: Story = {
  args: { user: 'clienteGlobex' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Nenhuma senha compartilhada' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.queryByText('Wi-Fi Visitantes')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('status', { name: 'Carregando senhas' }, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar as senhas.');
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Wi-Fi Visitantes' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Senhas' })).toBeVisible();
  },
};
