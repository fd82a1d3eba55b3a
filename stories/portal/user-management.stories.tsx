import { accountHandlers, createAccountMock, manyAccounts } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/User management',
  ...portalMeta,
  args: { path: '/user-management', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Accounts of the story's own: a file's default handlers are made once, and suspending changes them. */
const own = () => ({ msw: { handlers: { accounts: accountHandlers.default() } } });

/**
 * The accounts table's scrolling region once its rows are there (the page is a lazy chunk: the first one may
 * take a while). Text and label queries, not role ones: the whole app is on the canvas of a busy machine.
 */
const accountsTable = async (canvas: ReturnType<typeof within>) => {
  const table = await canvas.findByLabelText('Contas de usuário', {}, { timeout: 15_000 });
  await within(table).findByText('Ana Admin', {}, { timeout: 10_000 });
  return table;
};
/** The row of the account named exactly `name`. */
const rowOf = (table: HTMLElement, name: string) => {
  const row = within(table).getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

/** Every account with its status, role, company, last access and 2FA; the way to roles and security. */
export const Default: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const table = await accountsTable(canvas);
    await expect(canvas.getAllByText('Gerenciar Usuários', { selector: 'h1' })[0]).toBeVisible();
    const ana = rowOf(table, 'Ana Admin');
    await expect(ana).toHaveTextContent('Administrador');
    await expect(ana).toHaveTextContent('Equipe');
    // Status and 2FA.
    await expect(ana.cells[4]).toHaveTextContent('Ativo');
    await expect(ana.cells[6]).toHaveTextContent('Ativo');
    await expect(rowOf(table, 'Tiago Técnico').cells[6]).toHaveTextContent('Inativo');
    const carla = rowOf(table, 'Carla Acme');
    await expect(carla).toHaveTextContent('Acme');
    await expect(carla).toHaveTextContent('Gestor da empresa');
    await expect(rowOf(table, 'Sofia Suspensa')).toHaveTextContent('Suspenso');
    await expect(rowOf(table, 'Davi Desligado')).toHaveTextContent('Desativado');
    const iara = rowOf(table, 'Iara Convidada');
    await expect(iara).toHaveTextContent('Convite pendente');
    await expect(iara).toHaveTextContent('Nunca');
  },
};

/** The rest of Gerenciar Usuários is one click away: roles, "Por que ele vê isso?" and (admins) security. */
export const LinksToRolesAndSecurity: Story = {
  play: async ({ canvas }) => {
    await accountsTable(canvas);
    const links = within(canvas.getByLabelText('Mais em Gerenciar Usuários'));
    const href = (text: string) => links.getByText(text).closest('a')?.getAttribute('href');
    await expect(href('Funções e permissões')).toBe('/user-management/roles');
    await expect(href('Por que ele vê isso?')).toBe('/user-management/why');
    await expect(href('Segurança de acesso')).toBe('/user-management/security');
  },
};

/** Funções e permissões opens the roles editor. */
export const OpensTheRolesEditor: Story = {
  play: async ({ canvas }) => {
    await accountsTable(canvas);
    await userEvent.click(canvas.getByText('Funções e permissões'));
    await expect(
      await canvas.findByRole('navigation', { name: 'Funções' }, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/** Segurança de acesso opens who must use two-factor sign-in. */
export const OpensSecuritySettings: Story = {
  play: async ({ canvas }) => {
    await accountsTable(canvas);
    await userEvent.click(canvas.getByText('Segurança de acesso'));
    await expect(
      await canvas.findByText('Segurança de acesso', { selector: 'h1' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(await canvas.findByText('Opcional para todos')).toBeVisible();
  },
};

/** Types into a field in one go (a paste): a key at a time re-renders the whole app on a busy machine. */
const fill = async (input: HTMLElement, text: string) => {
  await userEvent.click(input);
  await userEvent.paste(text);
};

/** An open dialog by its title (text queries, see above). */
const dialogTitled = async (title: string) => {
  const heading = await screen.findByText(title, { selector: 'h2' }, { timeout: 10_000 });
  const dialog = heading.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
};

/** Searching narrows the rows, accent-insensitive (tecnico finds Técnico). */
export const Search: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const table = await accountsTable(canvas);
    await fill(canvas.getByLabelText('Buscar'), 'tecnico');
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(1));
    await expect(rowOf(table, 'Tiago Técnico')).toBeVisible();
  },
};

/** A search nobody matches says so (and is not the empty product's message). */
export const SearchWithoutMatch: Story = {
  play: async ({ canvas }) => {
    const table = await accountsTable(canvas);
    await fill(canvas.getByLabelText('Buscar'), 'ninguém');
    await expect(await within(table).findByText('Nenhuma conta com esses filtros.')).toBeVisible();
  },
};

/** Two accounts ticked: the bulk bar names how many, and asks before suspending them. */
export const BulkSelection: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const table = await accountsTable(canvas);
    await userEvent.click(within(table).getByLabelText('Selecionar Tiago Técnico'));
    await userEvent.click(within(table).getByLabelText('Selecionar Gustavo Gestor'));
    const bar = canvas.getByLabelText('Ações em lote');
    await expect(bar).toHaveTextContent('2 contas selecionadas');
    await userEvent.click(within(bar).getByText('Suspender'));
    const confirm = await dialogTitled('Suspender 2 conta(s)?');
    await expect(confirm).toHaveTextContent('Cada pessoa escolhida sai de todas as sessões agora');
  },
};

/** Suspending the ticked account: its row reads Suspenso and the bar goes. */
export const BulkSuspend: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const table = await accountsTable(canvas);
    await userEvent.click(within(table).getByLabelText('Selecionar Gustavo Gestor'));
    await userEvent.click(within(canvas.getByLabelText('Ações em lote')).getByText('Suspender'));
    const confirm = await dialogTitled('Suspender 1 conta(s)?');
    await userEvent.click(within(confirm).getByText('Suspender', { selector: 'button' }));
    await waitFor(() => expect(rowOf(table, 'Gustavo Gestor')).toHaveTextContent('Suspenso'));
    await expect(canvas.queryByLabelText('Ações em lote')).toBeNull();
  },
};

/** The page's box selects every account but one's own, which no bulk action may touch. */
export const SelectAllButOneself: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const table = await accountsTable(canvas);
    await userEvent.click(within(table).getByLabelText('Selecionar todas as contas da página'));
    await expect(canvas.getByLabelText('Ações em lote')).toHaveTextContent('7 contas selecionadas');
  },
};

/** Suspending one person from the row's menu asks first, then marks the row. */
export const SuspendOne: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const table = await accountsTable(canvas);
    await userEvent.click(within(table).getByLabelText('Ações de Tiago Técnico'));
    await userEvent.click(
      await screen.findByText('Suspender', { selector: '[role="menuitem"]' }, { timeout: 10_000 }),
    );
    const confirm = await dialogTitled('Suspender Tiago Técnico?');
    await userEvent.click(within(confirm).getByText('Suspender', { selector: 'button' }));
    await waitFor(() => expect(rowOf(table, 'Tiago Técnico')).toHaveTextContent('Suspenso'));
  },
};

/** Nova conta with the role Cliente (the role select is the dialog's first combobox). */
const newClientAccount = async (canvas: ReturnType<typeof within>) => {
  await accountsTable(canvas);
  await userEvent.click(canvas.getByText('Nova conta', { selector: 'button' }));
  const dialog = await dialogTitled('Nova conta');
  const box = within(dialog);
  await userEvent.click(box.getByLabelText(/^Função/));
  await userEvent.click(await screen.findByText('Cliente', { selector: '[role="option"] *' }));
  return box;
};

/** Nova conta for a client: the e-mail's domain names the company, and one click picks it. */
export const NewClientAccountSuggestsCompany: Story = {
  play: async ({ canvas }) => {
    const box = await newClientAccount(canvas);
    await fill(box.getByLabelText(/^E-mail/), 'nova.pessoa@acme.com.br');
    const use = await box.findByText('usar Acme Logística', {}, { timeout: 10_000 });
    await userEvent.click(use);
    await expect(box.getByLabelText(/^Empresa/)).toHaveTextContent('Acme Logística');
    await expect(box.queryByText('usar Acme Logística')).toBeNull();
  },
};

/** An invitation with no e-mail server: the link is shown to copy. */
export const InvitationLink: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    await accountsTable(canvas);
    await userEvent.click(canvas.getByText('Nova conta', { selector: 'button' }));
    const box = within(await dialogTitled('Nova conta'));
    await fill(box.getByLabelText(/^E-mail/), 'nova.pessoa@farol.dev');
    await fill(box.getByLabelText(/^Nome/), 'Nova');
    await userEvent.click(box.getByText('Enviar convite'));
    await expect(
      await box.findByText('Nenhum servidor de e-mail configurado: copie o link e envie a Nova.'),
    ).toBeVisible();
    await expect((box.getByLabelText('Link do convite') as HTMLInputElement).value).toMatch(/\/convite\/.+$/);
  },
};

/** A client without a company, or anything else left empty, is refused before anything is sent. */
export const NewClientAccountNeedsCompany: Story = {
  play: async ({ canvas }) => {
    const box = await newClientAccount(canvas);
    await userEvent.click(box.getByText('Enviar convite'));
    await expect(await box.findByText('Informe o e-mail')).toBeVisible();
    await expect(box.getByText('Informe o nome')).toBeVisible();
    await expect(box.getByText('Escolha a empresa do cliente')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { accounts: accountHandlers.loading() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByLabelText('Contas de usuário', {}, { timeout: 15_000 });
    await expect(within(table).getByRole('status')).toHaveTextContent('Carregando…');
    await expect(table.querySelectorAll('[data-slot="table-loading-row"]').length).toBeGreaterThan(0);
    await expect(within(table).queryByText('Ana Admin')).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { accounts: accountHandlers.empty() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByLabelText('Contas de usuário', {}, { timeout: 15_000 });
    await expect(await within(table).findByText('Nenhuma conta ainda.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nova conta' })).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { accounts: accountHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    // The server's own Portuguese message.
    await expect(alert).toHaveTextContent('Erro interno do servidor');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

export const Forbidden: Story = {
  parameters: { msw: { handlers: { accounts: accountHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Você não tem permissão para gerenciar usuários.', {}, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Nova conta' })).toBeNull();
  },
};

/** Sixty accounts with long names and companies: pages of 25, names cut inside their cell. */
export const LongContent: Story = {
  parameters: {
    msw: { handlers: { accounts: createAccountMock({ accounts: manyAccounts(60) }).handlers } },
  },
  play: async ({ canvas }) => {
    const table = await canvas.findByLabelText('Contas de usuário', {}, { timeout: 15_000 });
    await within(table).findByText(/Pessoa 01 com um nome bem comprido/, {}, { timeout: 10_000 });
    // The page's 25 accounts.
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(25);
    await expect(
      within(table).getAllByText('Acme Indústria e Comércio de Equipamentos Ltda.').length,
    ).toBeGreaterThan(0);
    await expect(canvas.getByRole('navigation', { name: /Paginação/i })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await accountsTable(canvas);
    await expect(canvas.getByRole('button', { name: 'Nova conta' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Funções e permissões' })).toBeVisible();
  },
};
