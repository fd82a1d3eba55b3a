import { connectionHandlers, createConnectionHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Connections list',
  ...portalMeta,
  args: { path: '/connections', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowsOf = async (canvasElement: HTMLElement) => {
  const table = await within(canvasElement).findByRole('table', { name: 'Conexões' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
};

/** Every connection: status dot, protocol, company, folder and tags, last session, Conectar and Abrir ▾. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { level: 1, name: 'Conexões' })).toBeVisible();
    const rows = await rowsOf(canvasElement);
    await expect(rows.length).toBeGreaterThanOrEqual(7);
    const db = rows.find((row) => row.textContent?.includes('srv-db01'))!;
    await expect(within(db).getByRole('link', { name: 'srv-db01' })).toHaveAttribute(
      'href',
      '/connections/1',
    );
    await expect(db).toHaveTextContent('10.10.0.21:22');
    await expect(db).toHaveTextContent('Acme Logística Ltda.');
    await expect(db).toHaveTextContent('1 sessão ativa');
    await expect(within(db).getByRole('link', { name: 'Conectar a srv-db01' })).toHaveAttribute(
      'href',
      '/connections/1/terminal',
    );
    // RDP launches natively: no "Conectar" in the page, the menu offers the .rdp file.
    const rdp = rows.find((row) => row.textContent?.includes('Servidor de arquivos'))!;
    await expect(within(rdp).queryByRole('link', { name: /Conectar/ })).toBeNull();
    const cameras = rows.find((row) => row.textContent?.includes('Câmeras da portaria'))!;
    await expect(cameras).toHaveTextContent('Inacessível');
    await expect(main.getByRole('button', { name: 'Nova conexão' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sessões' })).toHaveAttribute(
      'href',
      '/connections/sessions',
    );
    await expect(main.getByRole('link', { name: 'Buscar nas gravações' })).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(within(nav).getByRole('link', { name: 'Conexões' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The search (accents and case ignored) and the filters land in the URL. */
export const SearchAndFilter: Story = {
  args: { path: '/connections?protocolo=rdp' },
  play: async ({ canvas, canvasElement }) => {
    const rows = await rowsOf(canvasElement);
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('Servidor de arquivos');
    await expect(canvas.getByRole('combobox', { name: 'Protocolo' })).toHaveTextContent('RDP');
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar conexões' }), 'CAMERAS{enter}');
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma conexão encontrada' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(async () => expect((await rowsOf(canvasElement)).length).toBeGreaterThanOrEqual(7));
  },
};

/** "Abrir ▾ → Copiar comando": the server's command (never a credential) goes to the clipboard. */
export const CopyCommand: Story = {
  play: async ({ canvasElement }) => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const rows = await rowsOf(canvasElement);
    const web = rows.find((row) => row.textContent?.includes('srv-web01'))!;
    await userEvent.click(within(web).getByRole('button', { name: /srv-web01/ }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('menuitem', { name: 'Copiar comando' }));
    await waitFor(() => expect(copied).toHaveLength(1));
    await expect(copied[0]).toMatch(/^ssh -p 22 .*-J /);
  },
};

/** "Nova conexão": the server's 400 message appears under its field. */
export const NewConnectionServerError: Story = {
  play: async ({ canvas, canvasElement }) => {
    await rowsOf(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Nova conexão' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Nova conexão' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar conexão' }));
    await expect(await within(dialog).findByText('Informe o nome')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'srv-novo');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Endereço/ }), 'http://srv/caminho');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar conexão' }));
    await expect(await within(dialog).findByText(/Endereço inválido/)).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { connections: connectionHandlers.empty() } } },
  play: async ({ canvas }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { name: 'Nenhuma conexão cadastrada' })).toBeVisible();
    await expect(main.getAllByRole('button', { name: 'Nova conexão' })).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { connections: connectionHandlers.loading() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Conexões' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Carregando as conexões…');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { connections: connectionHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar as conexões.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** The server refuses although the menu let the person in: a clear message and no actions. */
export const Forbidden: Story = {
  parameters: { msw: { handlers: { connections: connectionHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Você não tem permissão para ver as conexões');
    await expect(canvas.queryByRole('button', { name: 'Nova conexão' })).toBeNull();
  },
};

/** A client user never reaches the page: the guard sends them away. */
export const NoPermission: Story = {
  args: { user: 'clienteAcme' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('main')).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Conexões' })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Conexões' })).toBeNull();
  },
};

/** A technician with connections.view only: the list, but no Conectar, no Abrir, no Nova conexão. */
export const ViewOnly: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas, canvasElement }) => {
    const rows = await rowsOf(canvasElement);
    await expect(rows.length).toBeGreaterThanOrEqual(7);
    await expect(canvas.queryByRole('link', { name: /Conectar a/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Nova conexão' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Buscar nas gravações' })).toBeNull();
  },
};

/** Forty more connections with long names and hosts: they wrap in their cell and the list pages by 25. */
export const LongContent: Story = {
  parameters: { msw: { handlers: { connections: createConnectionHandlers({ extra: 40 }) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await rowsOf(canvasElement)).toHaveLength(25);
    await expect(canvas.getByRole('navigation', { name: 'Paginação' })).toBeVisible();
  },
};

/** On a phone the connections are cards, each with its dot, protocol and actions. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Conexões' });
    const cards = within(list).getAllByRole('listitem');
    await expect(cards.length).toBeGreaterThanOrEqual(7);
    await expect(within(cards[0]!).getByRole('link', { name: /Conectar a|srv/ })).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Conexões' })).toBeNull();
  },
};
