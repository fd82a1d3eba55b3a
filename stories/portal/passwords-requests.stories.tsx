import { createVaultRequestMock, vaultRequestHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalHandlers } from './support/portal-handlers';
import { portalMeta } from './support/portal-story';

/** /passwords/requests: the credential requests sent to clients and "Pedir credencial". */
const meta = {
  title: 'Portal/Senhas/Pedidos de credencial',
  ...portalMeta,
  parameters: { msw: { handlers: portalHandlers() } },
  args: { path: '/passwords/requests', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const list = async (canvas: Parameters<NonNullable<Story['play']>>[0]['canvas']) =>
  canvas.findByRole('list', { name: 'Pedidos de credencial' }, { timeout: 15_000 });

/** Waiting, received (with its item) and expired requests. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const rows = within(await list(canvas)).getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('Wi-Fi da recepção');
    await expect(rows[0]).toHaveTextContent('Aguardando o cliente');
    await expect(within(rows[0]!).getByRole('button', { name: 'Cancelar pedido' })).toBeVisible();
    await expect(rows[1]).toHaveTextContent('Recebida');
    await expect(within(rows[1]!).getByRole('link', { name: 'Abrir item' })).toHaveAttribute(
      'href',
      '/passwords/5',
    );
    await expect(rows[2]).toHaveTextContent('Expirado');
    await expect(within(rows[2]!).queryByRole('button')).toBeNull();
  },
};

const creating = createVaultRequestMock();

/** "Pedir credencial": the title is required; the answer is the one-time link, shown once to copy. */
export const NewRequestLink: Story = {
  parameters: { msw: { handlers: { passwordRequests: creating.handlers } } },
  play: async ({ canvas, canvasElement }) => {
    await list(canvas);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Pedir credencial' })[0]!);
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Pedir credencial ao cliente' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar link' }));
    await expect(await within(dialog).findByText('Informe a empresa')).toBeVisible();
    await expect(within(dialog).getByText('Informe o que você está pedindo')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Empresa' }));
    await userEvent.click(await body.findByRole('option', { name: 'Acme Logística Ltda.' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'O que você está pedindo' }),
      'Senha do NAS',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar link' }));
    const shown = await body.findByRole('dialog', { name: 'Link do pedido' });
    const link = within(shown).getByRole('textbox', { name: /Link para Acme/ }) as HTMLInputElement;
    await expect(link.value).toMatch(/\/credencial\/mock-token-\d+$/);
    await expect(within(shown).getByText(/aparece só agora/)).toBeVisible();
    await expect(creating.database.requests[0]).toMatchObject({ title: 'Senha do NAS', state: 'pendente' });
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Nenhum pedido de credencial' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Pedir credencial' })).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('status', { name: 'Carregando pedidos' }, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar os pedidos.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** Holding passwords.view only: the route guard keeps the screen away. */
export const Forbidden: Story = {
  args: { user: 'gestor' },
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('Você não pode pedir credenciais aos clientes');
    await expect(canvas.queryByRole('button', { name: 'Pedir credencial' })).toBeNull();
  },
};

export const LongContent: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.long() } } },
  play: async ({ canvas }) => {
    const rows = within(await list(canvas)).getAllByRole('listitem');
    await expect(rows.length).toBeGreaterThan(30);
    await expect(canvas.getAllByText(/filial 30 com um nome bem comprido/)[0]).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const rows = within(await list(canvas)).getAllByRole('listitem');
    await expect(rows[0]).toHaveTextContent('Wi-Fi da recepção');
  },
};
