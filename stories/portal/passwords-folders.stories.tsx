import { createPasswordMock, passwordHandlers } from '@farol/data/mocks';
import type { VaultFolder } from '@farol/data/passwords';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalHandlers } from './support/portal-handlers';
import { portalMeta } from './support/portal-story';

/** /passwords/folders: the vault's folders created, renamed, moved, deleted and shared (issue 14). */
const meta = {
  title: 'Portal/Senhas/Pastas',
  ...portalMeta,
  parameters: { msw: { handlers: portalHandlers() } },
  args: { path: '/passwords/folders', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const emptyFolder = (id: number, name: string): VaultFolder => ({
  id,
  name,
  company: null,
  require_reason: false,
  rotate_every_days: null,
  item_count: 0,
  access: 'gerenciar',
});

/** A mock vault with one more folder, empty (it may move and go). */
const withEmptyFolder = () => {
  const mock = createPasswordMock();
  mock.database.folders.push(emptyFolder(9, 'Rascunhos da equipe'));
  return mock.handlers;
};

const rowsOf = async (canvasElement: HTMLElement) => {
  const table = await within(canvasElement).findByRole('table', { name: 'Pastas do cofre' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
};

const rowNamed = async (canvasElement: HTMLElement, name: string) => {
  const rows = await rowsOf(canvasElement);
  const row = rows.find((entry) => within(entry).queryByText(name, { exact: true }));
  if (!row) throw new Error(`Pasta ${name} não está na tabela`);
  return row;
};

const dialogNamed = (name: string | RegExp) => screen.findByRole('dialog', { name });
const toastSays = async (text: string) => {
  const toast = await within(document.body).findByText(text);
  await waitFor(() => expect(toast).toBeVisible());
};

/** The folders with their company, item count, rules, the person's level and the actions of a manager. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { level: 1, name: 'Pastas do cofre' })).toBeVisible();
    const rows = await rowsOf(canvasElement);
    await expect(rows).toHaveLength(3);
    const acme = await rowNamed(canvasElement, 'Infraestrutura Acme');
    await expect(acme).toHaveTextContent('Acme Logística Ltda.');
    await expect(acme).toHaveTextContent('3 itens');
    await expect(acme).toHaveTextContent('Pede motivo');
    await expect(acme).toHaveTextContent('Troca a cada 90 dias');
    await expect(acme).toHaveTextContent('Gerenciar');
    for (const action of ['Acessos de', 'Editar', 'Excluir'])
      await expect(within(acme).getByRole('button', { name: `${action} Infraestrutura Acme` })).toBeVisible();
    await expect(await rowNamed(canvasElement, 'Farol interno')).toHaveTextContent('Interno');
    await expect(main.getByRole('button', { name: 'Nova pasta' })).toBeEnabled();
    await expect(main.getByRole('navigation', { name: /Trilha/ })).toHaveTextContent('Senhas');
  },
};

/** A new folder: the name is required (said under the field), then it is created for a company. */
export const CreateFolder: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordMock().handlers } } },
  play: async ({ canvas, canvasElement }) => {
    await rowsOf(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Nova pasta' }));
    const dialog = within(await dialogNamed('Nova pasta'));
    await userEvent.click(dialog.getByRole('button', { name: 'Criar pasta' }));
    await expect(await dialog.findByText('Informe o nome')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Redes Globex');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Empresa' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Globex Comércio S.A.' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: 'Trocar as senhas a cada (dias)' }), '60');
    await userEvent.click(dialog.getByRole('checkbox', { name: /Pedir um motivo/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Criar pasta' }));
    await toastSays('Pasta "Redes Globex" criada.');
    const row = await waitFor(() => rowNamed(canvasElement, 'Redes Globex'));
    await expect(row).toHaveTextContent('Globex Comércio S.A.');
    await expect(row).toHaveTextContent('0 itens');
    await expect(row).toHaveTextContent('Troca a cada 60 dias');
  },
};

/** A name another folder of the company already has: the server's 409 shows under the field. */
export const DuplicateName: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordMock().handlers } } },
  play: async ({ canvas, canvasElement }) => {
    await rowsOf(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Nova pasta' }));
    const dialog = within(await dialogNamed('Nova pasta'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'farol INTERNO');
    await userEvent.click(dialog.getByRole('button', { name: 'Criar pasta' }));
    await expect(await dialog.findByText('Já existe uma pasta com esse nome')).toBeVisible();
  },
};

/** Renaming keeps the company; a folder with items cannot change company (the field says why). */
export const Rename: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordMock().handlers } } },
  play: async ({ canvasElement }) => {
    const row = await rowNamed(canvasElement, 'Sistemas Globex');
    await userEvent.click(within(row).getByRole('button', { name: 'Editar Sistemas Globex' }));
    const dialog = within(await dialogNamed('Editar pasta Sistemas Globex'));
    await expect(dialog.getByRole('combobox', { name: 'Empresa' })).toBeDisabled();
    await expect(dialog.getByText(/Só uma pasta vazia muda de empresa: esta tem 1 item/)).toBeVisible();
    const name = dialog.getByRole('textbox', { name: 'Nome' });
    await userEvent.clear(name);
    await userEvent.type(name, 'ERP e sistemas Globex');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar pasta' }));
    await toastSays('Pasta "ERP e sistemas Globex" salva.');
    await expect(await waitFor(() => rowNamed(canvasElement, 'ERP e sistemas Globex'))).toHaveTextContent(
      'Globex Comércio S.A.',
    );
  },
};

/** An empty folder moves to a company. */
export const MoveEmptyFolder: Story = {
  parameters: { msw: { handlers: { passwords: withEmptyFolder() } } },
  play: async ({ canvasElement }) => {
    const row = await rowNamed(canvasElement, 'Rascunhos da equipe');
    await expect(row).toHaveTextContent('Interno');
    await userEvent.click(within(row).getByRole('button', { name: 'Editar Rascunhos da equipe' }));
    const dialog = within(await dialogNamed('Editar pasta Rascunhos da equipe'));
    await expect(dialog.getByText('Trocar a empresa move a pasta (ela está vazia).')).toBeVisible();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Empresa' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Logística Ltda.' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar pasta' }));
    await toastSays('Pasta "Rascunhos da equipe" movida para Acme Logística Ltda.');
    await waitFor(async () =>
      expect(await rowNamed(canvasElement, 'Rascunhos da equipe')).toHaveTextContent('Acme Logística Ltda.'),
    );
  },
};

/** A folder with items is not deleted: the dialog warns, and the server's refusal is shown in it. */
export const DeleteRefused: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordMock().handlers } } },
  play: async ({ canvasElement }) => {
    const row = await rowNamed(canvasElement, 'Infraestrutura Acme');
    await userEvent.click(within(row).getByRole('button', { name: 'Excluir Infraestrutura Acme' }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Excluir a pasta Infraestrutura Acme?' }),
    );
    await expect(
      dialog.getByText(/A pasta ainda tem 3 itens\. Mova-os para outra pasta ou arquive-os antes/),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir pasta' }));
    await expect(
      await dialog.findByText(
        'A pasta ainda tem 3 itens. Mova-os para outra pasta ou arquive-os antes de excluir a pasta.',
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await expect(await rowNamed(canvasElement, 'Infraestrutura Acme')).toBeVisible();
  },
};

/** An empty folder goes. */
export const DeleteEmpty: Story = {
  parameters: { msw: { handlers: { passwords: withEmptyFolder() } } },
  play: async ({ canvasElement }) => {
    const row = await rowNamed(canvasElement, 'Rascunhos da equipe');
    await userEvent.click(within(row).getByRole('button', { name: 'Excluir Rascunhos da equipe' }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Excluir a pasta Rascunhos da equipe?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir pasta' }));
    await toastSays('Pasta "Rascunhos da equipe" excluída.');
    await waitFor(async () => expect(await rowsOf(canvasElement)).toHaveLength(3));
  },
};

/**
 * "Acessos" of a folder: its grants listed (a person, a role), one level changed, a person added with a level,
 * one removed, saved; opened again it shows what was saved.
 */
export const FolderAccess: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordMock().handlers } } },
  play: async ({ canvasElement }) => {
    const row = await rowNamed(canvasElement, 'Infraestrutura Acme');
    await userEvent.click(within(row).getByRole('button', { name: 'Acessos de Infraestrutura Acme' }));
    let dialog = within(await dialogNamed('Acessos de Infraestrutura Acme'));
    const list = await dialog.findByRole('list', { name: 'Acessos' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(list).toHaveTextContent('Bruno Lima');
    await expect(list).toHaveTextContent('Técnico');
    await expect(dialog.getByRole('combobox', { name: 'Nível de Bruno Lima' })).toHaveTextContent(
      'Gerenciar',
    );
    await expect(dialog.getByRole('combobox', { name: 'Nível de Técnico' })).toHaveTextContent('Ver');
    // Técnicos only use the credentials (never see them).
    await userEvent.click(dialog.getByRole('combobox', { name: 'Nível de Técnico' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Usar' }));
    // Carla edits.
    await userEvent.type(dialog.getByRole('combobox', { name: 'Pessoa ou função' }), 'Carla');
    await userEvent.click(await screen.findByRole('option', { name: /Carla Mendes/ }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Nível do novo acesso' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Editar' }));
    await expect(dialog.getByText(VAULT_EDIT_HINT)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Adicionar' }));
    await expect(dialog.getByRole('combobox', { name: 'Nível de Carla Mendes' })).toHaveTextContent('Editar');
    await userEvent.click(dialog.getByRole('button', { name: 'Remover Bruno Lima' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar acessos' }));
    await toastSays('Acessos de "Infraestrutura Acme" salvos.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(row).getByRole('button', { name: 'Acessos de Infraestrutura Acme' }));
    dialog = within(await dialogNamed('Acessos de Infraestrutura Acme'));
    const saved = await dialog.findByRole('list', { name: 'Acessos' });
    await expect(saved).not.toHaveTextContent('Bruno Lima');
    await expect(dialog.getByRole('combobox', { name: 'Nível de Técnico' })).toHaveTextContent('Usar');
    await expect(dialog.getByRole('combobox', { name: 'Nível de Carla Mendes' })).toHaveTextContent('Editar');
  },
};
const VAULT_EDIT_HINT = 'Altera o item, vê a semente TOTP ao editar e restaura versões.';

/** A folder without grants says what applies instead. */
export const FolderAccessEmpty: Story = {
  parameters: { msw: { handlers: { passwords: createPasswordMock().handlers } } },
  play: async ({ canvasElement }) => {
    const row = await rowNamed(canvasElement, 'Sistemas Globex');
    await userEvent.click(within(row).getByRole('button', { name: 'Acessos de Sistemas Globex' }));
    const dialog = within(await dialogNamed('Acessos de Sistemas Globex'));
    await expect(
      await dialog.findByText(/Sem acessos próprios: cada pessoa da equipe chega aos itens/),
    ).toBeVisible();
    await expect(dialog.queryByRole('list', { name: 'Acessos' })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma pasta ainda' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Nova pasta' }));
    await expect(await dialogNamed('Nova pasta')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.loading() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Pastas do cofre' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Carregando as pastas…');
    await expect(canvas.getByRole('button', { name: 'Nova pasta' })).toBeDisabled();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar as pastas.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** A technician without passwords.manage never reaches the page: the guard sends them to /403. */
export const Forbidden: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Pastas do cofre' })).toBeNull();
  },
};

/** The server refuses although the route let the person in. */
export const ForbiddenByServer: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Você não tem permissão para gerenciar as pastas do cofre');
    await expect(canvas.queryByRole('button', { name: 'Nova pasta' })).toBeNull();
  },
};

/** A folder the person only edits (no gerenciar) shows without actions. */
export const NotManaged: Story = {
  parameters: {
    msw: {
      handlers: {
        passwords: (() => {
          const mock = createPasswordMock();
          mock.database.folders[1] = { ...mock.database.folders[1]!, access: 'editar' };
          return mock.handlers;
        })(),
      },
    },
  },
  args: { user: 'gestor' },
  play: async ({ canvasElement }) => {
    const row = await rowNamed(canvasElement, 'Sistemas Globex');
    await expect(row).toHaveTextContent('Editar');
    await expect(within(row).queryByRole('button')).toBeNull();
    const managed = await rowNamed(canvasElement, 'Infraestrutura Acme');
    await expect(within(managed).getAllByRole('button')).toHaveLength(3);
  },
};

/** Thirty folders with long names and company names: they wrap in their cells. */
export const LongContent: Story = {
  parameters: {
    msw: {
      handlers: {
        passwords: (() => {
          const mock = createPasswordMock();
          for (let n = 0; n < 30; n += 1) {
            mock.database.folders.push({
              ...emptyFolder(
                100 + n,
                `Servidores e equipamentos de rede da filial ${String(n + 1).padStart(2, '0')} — rack principal e backup`,
              ),
              company: { id: 100, name: 'Acme Logística Ltda.' },
              require_reason: n % 2 === 0,
              rotate_every_days: n % 3 === 0 ? 3650 : null,
              item_count: n * 37,
            });
          }
          return mock.handlers;
        })(),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await rowsOf(canvasElement)).toHaveLength(33);
    const row = await rowNamed(
      canvasElement,
      'Servidores e equipamentos de rede da filial 30 — rack principal e backup',
    );
    await expect(row).toHaveTextContent('1073 itens');
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { level: 1, name: 'Pastas do cofre' })).toBeVisible();
    await expect(await rowsOf(canvasElement)).toHaveLength(3);
    await expect(main.getByRole('button', { name: 'Nova pasta' })).toBeVisible();
  },
};
