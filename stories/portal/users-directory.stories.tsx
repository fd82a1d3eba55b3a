import {
  conversationFixtures,
  createUserDirectoryHandlers,
  createUserDirectoryMock,
  directoryPeople,
  userDirectoryHandlers,
  type StoredPerson,
} from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta, realtimeOf } from './support/portal-story';

const meta = {
  title: 'Portal/Users directory',
  ...portalMeta,
  args: { path: '/users', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The table's rows (people), once the page has loaded. */
const rowsOf = async (canvasElement: HTMLElement) => {
  const table = await within(canvasElement).findByRole('table', { name: 'Usuários' }, { timeout: 15000 });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
};
const namesOf = async (canvasElement: HTMLElement) =>
  (await rowsOf(canvasElement)).map((row) => within(row).getAllByRole('link')[0]?.textContent ?? '');

/** Everyone the admin may see, A→Z: função, empresa, e-mail, telefone, presence and "Abrir conversa". */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main', {}, { timeout: 15000 }));
    await expect(
      await main.findByRole('heading', { level: 1, name: 'Usuários' }, { timeout: 15000 }),
    ).toBeVisible();
    const rows = await rowsOf(canvasElement);
    await expect(rows).toHaveLength(12);
    await expect(canvas.getByText('12 pessoas')).toBeVisible();
    await expect((await namesOf(canvasElement)).slice(0, 3)).toEqual([
      'Ana Souza',
      'Beatriz Cunha',
      'Bruno Lima',
    ]);
    const diego = rows.find((row) => row.textContent?.includes('Diego Ferreira'))!;
    await expect(within(diego).getByRole('link', { name: 'Diego Ferreira' })).toHaveAttribute(
      'href',
      '/users/10',
    );
    await expect(diego).toHaveTextContent('Cliente');
    await expect(diego).toHaveTextContent('Acme Logística Ltda.');
    await expect(
      within(diego).getByRole('link', { name: 'diego.ferreira@acmelogistica.com.br' }),
    ).toHaveAttribute('href', 'mailto:diego.ferreira@acmelogistica.com.br');
    await expect(within(diego).getByRole('link', { name: '(11) 3333-4444' })).toHaveAttribute(
      'href',
      'tel:1133334444',
    );
    await expect(diego).toHaveTextContent('Offline');
    await expect(
      within(diego).getByRole('button', { name: 'Abrir conversa com Diego Ferreira' }),
    ).toBeVisible();
    const carla = rows.find((row) => row.textContent?.includes('Carla Mendes'))!;
    await expect(carla).toHaveTextContent('Técnico');
    await expect(carla).toHaveTextContent('Ausente');
    // Not on one's own row.
    const ana = rows.find((row) => row.textContent?.includes('Ana Souza'))!;
    await expect(within(ana).queryByRole('button', { name: /Abrir conversa/ })).toBeNull();
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(within(nav).getByRole('link', { name: 'Usuários' })).toHaveAttribute('aria-current', 'page');
  },
};

/** A search ignores accents and case, and stays in the URL with the filters. */
export const Search: Story = {
  play: async ({ canvas, canvasElement }) => {
    await rowsOf(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar usuários' }), 'JOAO{Enter}');
    await waitFor(async () => expect(await namesOf(canvasElement)).toEqual(['João Araújo']));
    await expect(canvas.getByText('1 pessoa')).toBeVisible();
  },
};

/**
 * Typing and clicking a person at once (before the search's 300 ms): the person's page opens and stays, the
 * list's own URL update does not pull the page back while the person's page loads.
 */
export const SearchThenOpenAtOnce: Story = {
  play: async ({ canvas, canvasElement }) => {
    const rows = await rowsOf(canvasElement);
    const diego = rows.find((row) => row.textContent?.includes('Diego Ferreira'))!;
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar usuários' }), 'diego');
    await userEvent.click(within(diego).getByRole('link', { name: 'Diego Ferreira' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Diego Ferreira' }, { timeout: 15000 }),
    ).toBeVisible();
    // Longer than the debounce: a late list update would have taken the page back by now.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(canvas.getByRole('heading', { level: 1, name: 'Diego Ferreira' })).toBeVisible();
    await expect(canvas.queryByRole('searchbox', { name: 'Buscar usuários' })).toBeNull();
  },
};

/** Empresa, função and status from the URL: online clients of Acme. */
export const Filtered: Story = {
  args: { path: '/users?company=100&role=cliente&status=online' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(async () => expect(await namesOf(canvasElement)).toEqual(['Beatriz Cunha']));
    await expect(canvas.getByRole('combobox', { name: 'Empresa' })).toHaveTextContent('Acme Logística Ltda.');
    await expect(canvas.getByRole('combobox', { name: 'Função' })).toHaveTextContent('Cliente');
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Online');
  },
};

/** "Equipe interna" keeps the team (no company) only. */
export const TeamOnly: Story = {
  args: { path: '/users?company=none' },
  play: async ({ canvasElement }) => {
    await waitFor(async () =>
      expect(await namesOf(canvasElement)).toEqual([
        'Ana Souza',
        'Bruno Lima',
        'Carla Mendes',
        'João Araújo',
        'Márcia Gonçalves',
        'Otávio Ribeiro',
      ]),
    );
  },
};

/** Filters that match nothing say so and offer to clear them. */
export const EmptyFiltered: Story = {
  args: { path: '/users?q=ninguem-assim&status=ausente' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nenhum usuário encontrado' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await expect(await rowsOf(canvasElement)).toHaveLength(12);
    await expect(canvas.getByRole('searchbox', { name: 'Buscar usuários' })).toHaveValue('');
  },
};

/** Nobody yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: { users: userDirectoryHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nenhum usuário cadastrado' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
  },
};

/** The first page on its way: the table keeps its shape, screen readers hear that it loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { users: userDirectoryHandlers.loading() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Usuários' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Carregando usuários…');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { users: userDirectoryHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 15000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar os usuários.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** A technician without users.view never reaches the page: the guard sends them to /403. */
export const Forbidden: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Usuários' })).toBeNull();
  },
};

/** The server refuses (403) although the menu let the person in. */
export const ForbiddenByServer: Story = {
  parameters: { msw: { handlers: { users: userDirectoryHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 15000 });
    await expect(alert).toHaveTextContent('Você não tem permissão para ver os usuários');
    await expect(canvas.queryByRole('searchbox', { name: 'Buscar usuários' })).toBeNull();
  },
};

const manyPeople = (): StoredPerson[] => [
  ...directoryPeople(),
  ...Array.from({ length: 48 }, (_, index): StoredPerson => ({
    id: 200 + index,
    email: `pessoa.com.um.endereco.de.email.bem.comprido.${index}@empresa-com-nome-longo.com.br`,
    name:
      index % 4 === 0
        ? `Maria Aparecida de Souza Albuquerque Cavalcanti Vasconcelos ${index}`
        : `Pessoa ${String(index).padStart(2, '0')}`,
    role: index % 2 ? 'tecnico' : 'cliente',
    profile_picture: null,
    company_id: index % 2 ? null : 100,
    company_name: index % 2 ? null : 'Acme Logística Ltda.',
    phone: '(11) 90000-0000',
    presence: 'offline',
    username: null,
    job_title: null,
    department: null,
    created_at: '2026-01-01T12:00:00.000Z',
  })),
];

/** Sixty people, some with very long names and e-mails: they wrap in their cell, and the list pages by 24. */
export const LongContent: Story = {
  parameters: { msw: { handlers: { users: createUserDirectoryHandlers({ people: manyPeople }) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await rowsOf(canvasElement)).toHaveLength(24);
    await expect(canvas.getByText('60 pessoas')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const pages = canvas.getByRole('navigation', { name: 'Paginação' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Página 3' }));
    await waitFor(async () => expect(await rowsOf(canvasElement)).toHaveLength(12));
  },
};

/** On a phone each person is a card: name, função · empresa, presence, e-mail, telefone and "Abrir conversa". */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Lista de usuários' });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    await expect(canvas.queryByRole('table', { name: 'Usuários' })).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    await expect(cards).toHaveLength(12);
    const diego = cards.find((card) => card.textContent?.includes('Diego Ferreira'))!;
    await expect(diego).toHaveTextContent('Cliente · Acme Logística Ltda.');
    await expect(diego).toHaveTextContent('Offline');
    await expect(
      within(diego).getByRole('button', { name: 'Abrir conversa com Diego Ferreira' }),
    ).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

// The live story holds its own mock, so the event and a refetch agree.
const livePeople = createUserDirectoryMock();

/** Diego signs in elsewhere: his presence turns Online without a reload. */
export const LivePresence: Story = {
  parameters: { msw: { handlers: { users: livePeople.handlers } } },
  play: async (context) => {
    const { canvasElement } = context;
    const diego = (await rowsOf(canvasElement)).find((row) => row.textContent?.includes('Diego Ferreira'))!;
    await expect(diego).toHaveTextContent('Offline');
    realtimeOf(context).emitServerEvent('user:presence', livePeople.database.presence(10, 'online'));
    await waitFor(() => expect(diego).toHaveTextContent('Online'));
    realtimeOf(context).emitServerEvent('user:presence', livePeople.database.presence(10, 'ausente'));
    await waitFor(() => expect(diego).toHaveTextContent('Ausente'));
  },
};

/** "Abrir conversa" opens (or starts) the conversation with the person in Mensagens. */
export const OpenConversation: Story = {
  parameters: {
    msw: {
      handlers: {
        startConversation: [
          http.post('*/api/messages', () =>
            HttpResponse.json(conversationFixtures.list()[0], { status: 201 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const diego = (await rowsOf(canvasElement)).find((row) => row.textContent?.includes('Diego Ferreira'))!;
    await userEvent.click(within(diego).getByRole('button', { name: 'Abrir conversa com Diego Ferreira' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Sistema de notas fiscais' }, { timeout: 15000 }),
    ).toBeVisible();
  },
};
