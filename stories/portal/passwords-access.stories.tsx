import { createPasswordMock, errorResponse } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalHandlers } from './support/portal-handlers';
import { portalMeta } from './support/portal-story';

/** "Acessos" on an item's page (those who manage it): its own grants and those inherited from its folder. */
const meta = {
  title: 'Portal/Senhas/Acessos do item',
  ...portalMeta,
  parameters: { msw: { handlers: portalHandlers() } },
  args: { path: '/passwords/1', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const openAccess = async (canvas: ReturnType<typeof within>) => {
  await expect(
    await canvas.findByRole('heading', { level: 1, name: 'Firewall Acme (pfSense)' }),
  ).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: 'Acessos' }));
  return within(await screen.findByRole('dialog', { name: 'Acessos de Firewall Acme (pfSense)' }));
};

/** The item's answers replaced by `answer` (its access only), the rest of the mock vault as usual. */
const accessAnswering = (answer: () => Promise<Response> | Response) => [
  http.get('*/api/passwords/:id/access', answer),
  ...createPasswordMock().handlers,
];

/**
 * No grants of its own: the folder's show as inherited (read only); a role is added with "usar" and saved,
 * and the dialog, opened again, lists it beside the inherited ones.
 */
export const ItemAccess: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordMock().handlers } } },
  play: async ({ canvas }) => {
    let dialog = await openAccess(canvas);
    await expect(await dialog.findByText('Sem acessos próprios: valem os da pasta, abaixo.')).toBeVisible();
    await expect(
      dialog.getByRole('heading', { name: 'Herdados da pasta Infraestrutura Acme' }),
    ).toBeVisible();
    const inherited = dialog.getByRole('list', { name: 'Acessos herdados da pasta' });
    await expect(inherited).toHaveTextContent('Bruno Lima');
    await expect(inherited).toHaveTextContent('Gerenciar');
    await expect(inherited).toHaveTextContent('Técnico');
    await expect(within(inherited).queryByRole('button')).toBeNull();

    await userEvent.click(dialog.getByRole('combobox', { name: 'Pessoa ou função' }));
    await userEvent.click(await screen.findByRole('option', { name: /Função: Gestor/ }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Nível do novo acesso' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Usar' }));
    await expect(dialog.getByText('Usa o item numa conexão, sem nunca ver o segredo.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Adicionar' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar acessos' }));
    const toast = await within(document.body).findByText('Acessos de "Firewall Acme (pfSense)" salvos.');
    await waitFor(() => expect(toast).toBeVisible());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openAccess(canvas);
    const own = await dialog.findByRole('list', { name: 'Acessos' });
    await expect(own).toHaveTextContent('Gestor');
    await expect(dialog.getByRole('combobox', { name: 'Nível de Gestor' })).toHaveTextContent('Usar');
    await expect(dialog.getByRole('list', { name: 'Acessos herdados da pasta' })).toBeVisible();
  },
};

/** The server's refusal of a save (e.g. a manager removing their own gerenciar) shows in the dialog. */
export const SaveRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        passwords: [
          http.put('*/api/passwords/:id/access', () =>
            errorResponse(400, 'validation_failed', 'Dados inválidos', {
              grants: 'Mantenha "gerenciar" para você (ou sua função), ou peça a um administrador',
            }),
          ),
          ...createPasswordMock().handlers,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    const dialog = await openAccess(canvas);
    await userEvent.click(await dialog.findByRole('combobox', { name: 'Pessoa ou função' }));
    await userEvent.click(await screen.findByRole('option', { name: /Fernanda Rocha/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Adicionar' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar acessos' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Mantenha "gerenciar" para você (ou sua função), ou peça a um administrador',
    );
    await expect(dialog.getByRole('list', { name: 'Acessos' })).toHaveTextContent('Fernanda Rocha');
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        passwords: accessAnswering(async () => {
          await delay('infinite');
          return new Response(null);
        }),
      },
    },
  },
  play: async ({ canvas }) => {
    const dialog = await openAccess(canvas);
    await expect(await dialog.findByRole('status')).toHaveTextContent('Carregando os acessos…');
    await expect(dialog.queryByRole('button', { name: 'Salvar acessos' })).toBeNull();
  },
};

export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: {
        passwords: accessAnswering(() => errorResponse(500, 'internal_error', 'Erro interno do servidor')),
      },
    },
  },
  play: async ({ canvas }) => {
    const dialog = await openAccess(canvas);
    const alert = await dialog.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Erro interno do servidor');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** The server says the person does not manage the item (their grant changed meanwhile). */
export const ForbiddenByServer: Story = {
  parameters: {
    msw: {
      handlers: {
        passwords: accessAnswering(() =>
          errorResponse(403, 'forbidden', 'Só quem gerencia este item pode fazer isso.'),
        ),
      },
    },
  },
  play: async ({ canvas }) => {
    const dialog = await openAccess(canvas);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Só quem gerencia este item vê e muda os acessos.',
    );
    await expect(dialog.queryByRole('button', { name: 'Salvar acessos' })).toBeNull();
  },
};

/** Below gerenciar there is no "Acessos" button (here: "usar"). */
export const NotManaged: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordMock({ access: 'usar' }).handlers } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Firewall Acme (pfSense)' }),
    ).toBeVisible();
    await expect(canvas.getByText('Usar')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Acessos' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Editar' })).toBeNull();
  },
};

/** Many grants with long names: the list wraps and the dialog scrolls. */
export const LongContent: Story = {
  parameters: {
    msw: {
      handlers: {
        passwords: (() => {
          const mock = createPasswordMock();
          mock.database.grants.set(
            'item:1',
            Array.from({ length: 24 }, (_, index) => ({
              subject: {
                kind: 'user' as const,
                id: 500 + index,
                name: `Maria Aparecida dos Santos Albuquerque Pereira de Souza ${index + 1}`,
              },
              level: (['metadados', 'usar', 'ver', 'editar', 'gerenciar'] as const)[index % 5]!,
            })),
          );
          return mock.handlers;
        })(),
      },
    },
  },
  play: async ({ canvas }) => {
    const dialog = await openAccess(canvas);
    const list = await dialog.findByRole('list', { name: 'Acessos' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    await expect(
      dialog.getByRole('combobox', {
        name: 'Nível de Maria Aparecida dos Santos Albuquerque Pereira de Souza 24',
      }),
    ).toHaveTextContent('Editar');
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  parameters: { msw: { handlers: { passwords: createPasswordMock().handlers } } },
  play: async ({ canvas }) => {
    const dialog = await openAccess(canvas);
    await expect(await dialog.findByRole('list', { name: 'Acessos herdados da pasta' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Salvar acessos' })).toBeVisible();
  },
};
