import { companyHandlers, createCompanyMock, fixtureCnpj, fixtures } from '@farol/data/mocks';
import type { Branch, CompanyContact } from '@farol/data';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { expectToast, profileAs, readOnlyGestor } from './support/company-stories';
import type { PortalStory } from './support/portal-story';
import { portalMeta, realtimeOf } from './support/portal-story';

const meta = {
  title: 'Portal/Company details',
  ...portalMeta,
  args: { path: '/companies/100', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The company's heading, once the page has loaded. */
const findCompany = (canvas: Canvas, name: string | RegExp) =>
  canvas.findByRole('heading', { level: 1, name });

const tab = (canvas: Canvas, name: RegExp) => canvas.getByRole('tab', { name });

/** Acme: header (name, razão social, CNPJ, tipo, status, actions), the figures and facts of Visão geral. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await findCompany(canvas, 'Acme Logística')).toBeVisible();
    const main = within(canvas.getByRole('main'));
    const description = main.getByText('CNPJ 11.222.333/0001-81').closest('p');
    await expect(description).toHaveTextContent('Acme Logística Ltda. · , CNPJ 11.222.333/0001-81');
    await expect(main.getByRole('navigation', { name: /Trilha/ })).toHaveTextContent('Empresas');
    for (const name of ['Editar', 'Arquivar', 'Excluir'])
      await expect(main.getByRole('button', { name })).toBeVisible();
    await expect(tab(canvas, /^Visão geral/)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(canvas, /^Filiais/)).toHaveAttribute('href', '/companies/100?tab=filiais');
    const panel = canvas.getByRole('tabpanel');
    // The chamados' figures come through the module registry (companyFigures), in their own chunk.
    const figures = within(await within(panel).findByRole('group', { name: 'Indicadores' }));
    const figure = async (name: string) =>
      (await figures.findByRole('heading', { name })).closest('[data-slot="card"]');
    await expect(await figure('Chamados abertos')).toHaveTextContent('5');
    await expect(figures.getByRole('link', { name: 'Ver chamados abertos' })).toHaveAttribute(
      'href',
      '/support?company=100&open=true',
    );
    await expect(await figure('Atrasados')).toHaveTextContent('1');
    await expect(figures.getByRole('link', { name: 'Ver atrasados' })).toHaveAttribute(
      'href',
      '/support?company=100&overdue=true',
    );
    await expect(await figure('Último contato')).toHaveTextContent(/há /);
    await expect(panel).toHaveTextContent('Bruno Lima');
    await expect(panel).toHaveTextContent('acme.com.br');
    await expect(within(panel).getByRole('link', { name: '(11) 3456-7890' })).toHaveAttribute(
      'href',
      'tel:+551134567890',
    );
    await expect(panel).toHaveTextContent('Cliente desde 2019');
  },
};

/** Tabs follow the URL: a click on Filiais shows the branches (matriz first) and keeps the choice in the URL. */
export const Branches: Story = {
  play: async ({ canvas }) => {
    await findCompany(canvas, 'Acme Logística');
    await userEvent.click(tab(canvas, /^Filiais/));
    await expect(tab(canvas, /^Filiais/)).toHaveAttribute('aria-selected', 'true');
    const table = await canvas.findByRole('table', { name: 'Filiais' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(2);
    await expect(rows[0]).toHaveTextContent('Matriz São Paulo');
    await expect(rows[0]).toHaveTextContent('Matriz');
    await expect(rows[0]).toHaveTextContent(
      'Avenida Paulista, 100, Conjunto 12 – Bela Vista, São Paulo/SP, CEP 01310-100',
    );
    await expect(rows[1]).toHaveTextContent('Filial Campinas');
    await expect(within(rows[1]!).getByRole('button', { name: 'Editar Filial Campinas' })).toBeVisible();
  },
};

/** Contatos: flags as badges, e-mail and phone links, WhatsApp, portal access, other companies. */
export const Contacts: Story = {
  args: { path: '/companies/100?tab=contatos' },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Contatos' });
    const card = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((item) => within(item).queryByRole('heading', { name }))!;
    const diego = card('Diego Ferreira');
    await expect(within(diego).getByText('Principal')).toBeVisible();
    await expect(within(diego).getByText('Acessa o portal')).toBeVisible();
    await expect(within(diego).getByRole('link', { name: 'diego@acme.com.br' })).toHaveAttribute(
      'href',
      'mailto:diego@acme.com.br',
    );
    await expect(within(card('Gustavo Almeida')).getByText('VIP')).toBeVisible();
    await expect(within(list).getAllByRole('link', { name: /^WhatsApp/ }).length).toBeGreaterThan(0);
  },
};

/** A contact of Aurora Saúde also answers for Aurora Educação: there, it links to where it is kept. */
export const ContactOfAnotherCompany: Story = {
  args: { path: '/companies/104?tab=contatos' },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Contatos' });
    const lucas = within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByRole('heading', { name: 'Lucas Martins' }))!;
    await expect(within(lucas).getByRole('link', { name: 'Aurora Saúde' })).toHaveAttribute(
      'href',
      '/companies/103?tab=contatos',
    );
    // Edited where it is kept, not here.
    await expect(within(lucas).queryByRole('button', { name: /^Editar/ })).toBeNull();
  },
};

/** Chamados: this company's open ones (the ticket list's data), each a link, and the way to the full list. */
export const Tickets: Story = {
  args: { path: '/companies/100?tab=chamados' },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Chamados de Acme Logística' });
    // The chamados themselves, once they arrived (the list may first show its placeholders).
    await waitFor(() => expect(within(list).getAllByRole('link').length).toBeGreaterThan(0));
    const items = within(list).getAllByRole('listitem');
    await expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/support\/ticket\/\d+$/),
    );
    for (const item of items) await expect(item).not.toHaveTextContent(/Resolvido|Fechado/);
    await expect(canvas.getByRole('link', { name: 'Abrir na lista de chamados' })).toHaveAttribute(
      'href',
      '/support?company=100',
    );
    const open = items.length;
    await userEvent.click(canvas.getByRole('radio', { name: 'Todos' }));
    // The earlier page stays, dimmed and busy, until the new one arrives: wait for it (and for full contrast).
    await waitFor(() => {
      const all = canvas.getByRole('list', { name: 'Chamados de Acme Logística' });
      expect(all).not.toHaveAttribute('aria-busy', 'true');
      expect(within(all).getAllByRole('listitem').length).toBeGreaterThanOrEqual(open);
    });
  },
};

/** Atividade: who changed what and when, before → after. */
export const Activity: Story = {
  args: { path: '/companies/100?tab=atividade' },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Atividade da empresa' });
    const items = within(list).getAllByRole('listitem');
    // The events as the server writes them: a contact changed (field: before → after), the company
    // changed, a contact and a branch created, the company created.
    await expect(items).toHaveLength(5);
    await expect(items[0]).toHaveTextContent('Bruno Lima alterou o contato Diego Ferreira');
    await expect(items[0]).toHaveTextContent('Celular');
    await expect(items[0]).toHaveTextContent('(11) 91234-5678');
    await expect(items[1]).toHaveTextContent('Bruno Lima alterou a empresa');
    await expect(items[1]).toHaveTextContent('Telefone');
    await expect(items[1]).toHaveTextContent('(11) 3456-7800');
    await expect(items[1]).toHaveTextContent('(11) 3456-7890');
    await expect(items[2]).toHaveTextContent('cadastrou o contato Gustavo Almeida');
    await expect(items[3]).toHaveTextContent('cadastrou a filial Filial Campinas');
    await expect(items[4]).toHaveTextContent('cadastrou a empresa');
  },
};

/** A grupo econômico: the holding lists its companies, each company links to the holding. */
export const EconomicGroup: Story = {
  args: { path: '/companies/102' },
  play: async ({ canvas }) => {
    await expect(await findCompany(canvas, 'Grupo Aurora')).toBeVisible();
    // The alphanumeric CNPJ, masked.
    await expect(canvas.getByText(/CNPJ 12\.ABC\.345\/0001-/)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Aurora Saúde' }));
    await expect(await findCompany(canvas, 'Aurora Saúde')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Grupo Aurora' })).toHaveAttribute(
      'href',
      '/companies/102',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.loading() } } },
  play: async ({ canvas }) => {
    const status = (await canvas.findByText('Carregando empresa…')).closest('[role="status"]');
    await expect(status).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Acme Logística' })).toBeNull();
  },
};

export const NotFound: Story = {
  args: { path: '/companies/999' },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Empresa não encontrada');
    await expect(within(alert).getByRole('link', { name: 'Voltar para Empresas' })).toHaveAttribute(
      'href',
      '/companies',
    );
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar a empresa');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** A technician without companies.view is sent to /403. */
export const Forbidden: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  },
};

export const ForbiddenByServer: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Você não tem acesso a esta empresa');
  },
};

/** Without companies.manage: the company and its tabs, and no way to change them. */
export const ReadOnly: Story = {
  args: { user: 'gestor', path: '/companies/100?tab=filiais' },
  parameters: { msw: { handlers: { profile: profileAs(readOnlyGestor) } } },
  play: async ({ canvas }) => {
    await findCompany(canvas, 'Acme Logística');
    const table = await canvas.findByRole('table', { name: 'Filiais' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    for (const name of ['Editar', 'Arquivar', 'Excluir', 'Nova filial'])
      await expect(canvas.queryByRole('button', { name })).toBeNull();
    await expect(within(table).queryByRole('button', { name: /^Editar/ })).toBeNull();
    await userEvent.click(tab(canvas, /^Contatos/));
    await canvas.findByRole('list', { name: 'Contatos' });
    await expect(canvas.queryByRole('button', { name: /^(Novo contato|Editar|Excluir)/ })).toBeNull();
  },
};

/**
 * Staff who read companies but not chamados (companies.view only): the figures still count the chamados, with
 * no link to a list they may not open, and there is no Chamados tab.
 */
export const WithoutTicketsKey: Story = {
  args: { user: 'gestor' },
  parameters: {
    msw: {
      handlers: {
        profile: profileAs({ ...fixtures.users.gestor, permissions: ['companies.view'] }),
      },
    },
  },
  play: async ({ canvas }) => {
    await findCompany(canvas, 'Acme Logística');
    const figures = within(await canvas.findByRole('group', { name: 'Indicadores' }));
    const open = (await figures.findByRole('heading', { name: 'Chamados abertos' })).closest(
      '[data-slot="card"]',
    );
    await expect(open).toHaveTextContent('5');
    await expect(open).toHaveTextContent('Em aberto');
    await expect(figures.queryByRole('link')).toBeNull();
    await expect(canvas.queryByRole('tab', { name: /^Chamados/ })).toBeNull();
  },
};

/** Archiving a company with open chamados is refused; the dialog says why (the server's 409). */
export const ArchiveRefused: Story = {
  play: async ({ canvas }) => {
    await findCompany(canvas, 'Acme Logística');
    await userEvent.click(canvas.getByRole('button', { name: 'Arquivar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Arquivar Acme Logística?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Arquivar empresa' }));
    await expect(
      await within(dialog).findByText(
        'Não é possível arquivar: a empresa tem 5 chamados em aberto. Resolva-os antes.',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Arquivar' })).toHaveFocus();
  },
};

/** A company without open chamados is archived, then reactivated. */
export const ArchiveAndReactivate: Story = {
  args: { path: '/companies/106' },
  play: async ({ canvas }) => {
    await findCompany(canvas, 'TecnoRede Distribuidora');
    await userEvent.click(canvas.getByRole('button', { name: 'Arquivar' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Arquivar/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Arquivar empresa' }));
    await expectToast('Empresa arquivada.');
    await expect(await canvas.findByText('Arquivada')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Reativar' }));
    const again = await screen.findByRole('alertdialog', { name: /^Reativar/ });
    await userEvent.click(within(again).getByRole('button', { name: 'Reativar empresa' }));
    await waitFor(() => expect(canvas.queryByText('Arquivada')).toBeNull());
    await expect(canvas.getByText('Ativa')).toBeVisible();
  },
};

/** Deleting a company with open chamados is refused with the server's reason: archive it instead. */
export const DeleteRefused: Story = {
  play: async ({ canvas }) => {
    await findCompany(canvas, 'Acme Logística');
    await userEvent.click(canvas.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir Acme Logística?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir empresa' }));
    await expect(await within(dialog).findByText(/Arquive-a em vez de excluir/)).toBeVisible();
  },
};

// The live story holds its own mock, so the event and the next refetch agree.
const liveCompanies = createCompanyMock();

/** Someone edits Acme elsewhere: the open page follows without a reload. */
export const LiveUpdate: Story = {
  parameters: { msw: { handlers: { companies: liveCompanies.handlers } } },
  play: async (context) => {
    const { canvas } = context;
    await findCompany(canvas, 'Acme Logística');
    realtimeOf(context).emitServerEvent(
      'company:updated',
      liveCompanies.database.updated(100, { name: 'Acme Logística e Transportes', open_tickets: 7 }),
    );
    await expect(await findCompany(canvas, 'Acme Logística e Transportes')).toBeVisible();
    const panel = canvas.getByRole('tabpanel');
    const heading = await within(panel).findByRole('heading', { name: 'Chamados abertos' });
    await waitFor(() => expect(heading.closest('[data-slot="card"]')).toHaveTextContent('7'));
  },
};

const LONG_NAME =
  'Companhia Brasileira de Distribuição de Equipamentos Hospitalares e Laboratoriais do Centro-Oeste';
const longMock = createCompanyMock();

/** Twelve branches, fourteen contacts and very long names: everything wraps, nothing widens the page. */
function longState() {
  const state = longMock.database.get();
  const acme = state.companies.find((company) => company.id === 100)!;
  const branch = state.branches.find((item) => item.company_id === 100)!;
  const contact = state.contacts.find((item) => item.company_id === 100)!;
  const branches: Branch[] = Array.from({ length: 12 }, (_, index) => ({
    ...branch,
    id: 500 + index,
    name: index === 0 ? `Matriz ${LONG_NAME}` : `Filial ${index} — Centro de Distribuição Regional Avançado`,
    head_office: index === 0,
    cnpj: fixtureCnpj('11222333', index + 1),
  }));
  const contacts: CompanyContact[] = Array.from({ length: 14 }, (_, index) => ({
    ...contact,
    id: 500 + index,
    name: `${index % 2 ? 'Maria Aparecida dos Santos Nascimento' : 'José Carlos de Oliveira Albuquerque'} ${index + 1}`,
    job_title: 'Coordenadora de Infraestrutura, Redes, Telefonia e Segurança da Informação',
    email: `pessoa.com.um.endereco.de.email.bem.comprido.${index}@acmelogistica-transportes.com.br`,
    primary: index === 0,
    billing: index % 3 === 0,
    technical: true,
    vip: index % 4 === 0,
    whatsapp: true,
    mobile: '+5511912345678',
  }));
  longMock.database.set({
    ...state,
    companies: state.companies.map((company) =>
      company.id === 100
        ? {
            ...acme,
            name: LONG_NAME,
            legal_name: `${LONG_NAME} Sociedade Anônima de Capital Fechado`,
            email_domains: ['acme.com.br', 'acmelogistica.com.br', 'acme-transportes.com.br', 'acme.net'],
          }
        : company,
    ),
    branches: [...state.branches.filter((item) => item.company_id !== 100), ...branches],
    contacts: [...state.contacts.filter((item) => item.company_id !== 100), ...contacts],
  });
}

export const LongContent: Story = {
  args: { path: '/companies/100?tab=contatos' },
  parameters: { msw: { handlers: { companies: longMock.handlers } } },
  loaders: [async () => longState()],
  play: async ({ canvas }) => {
    await expect(await findCompany(canvas, LONG_NAME)).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Contatos' });
    await expect(
      within(list)
        .getAllByRole('listitem', { name: undefined })
        .filter((item) => item.dataset.contactId),
    ).toHaveLength(14);
    await expect(tab(canvas, /^Filiais/)).toHaveTextContent('12');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(tab(canvas, /^Filiais/));
    const table = await canvas.findByRole('table', { name: 'Filiais' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

const pagedMock = createCompanyMock();

/**
 * Thirty contacts: 25 on the first page and the rest on the second; the search (name, e-mail, cargo,
 * departamento, accents ignored) narrows them and says when nothing matches.
 */
export const ContactsPagedAndSearched: Story = {
  args: { path: '/companies/100?tab=contatos' },
  parameters: { msw: { handlers: { companies: pagedMock.handlers } } },
  loaders: [
    () => {
      const state = pagedMock.database.get();
      const model = state.contacts.find((item) => item.company_id === 100)!;
      const people: CompanyContact[] = Array.from({ length: 30 }, (_, index) => ({
        ...model,
        id: 700 + index,
        name: `${index % 3 === 0 ? 'Márcia' : 'Pessoa'} ${String(index + 1).padStart(2, '0')}`,
        email: `pessoa${index + 1}@acme.com.br`,
        primary: false,
        user_id: null,
      }));
      pagedMock.database.set({
        ...state,
        contacts: [...state.contacts.filter((item) => item.company_id !== 100), ...people],
      });
    },
  ],
  play: async ({ canvas }) => {
    await findCompany(canvas, 'Acme Logística');
    const list = await canvas.findByRole('list', { name: 'Contatos' });
    const cards = () =>
      within(canvas.getByRole('list', { name: 'Contatos' }))
        .getAllByRole('listitem')
        .filter((item) => item.dataset.contactId);
    await waitFor(() => expect(cards()).toHaveLength(25));
    await expect(canvas.getByText(/30 contatos · página 1 de 2/)).toBeVisible();
    const pages = canvas.getByRole('navigation', { name: 'Paginação' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    await expect(list).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar contatos' }), 'marcia');
    await waitFor(() => expect(cards()).toHaveLength(10));
    await expect(canvas.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar contatos' }), 'xyz');
    await expect(await canvas.findByText('Nenhum contato encontrado')).toBeVisible();
  },
};

/** On a phone: the header's actions wrap, the tabs scroll sideways, branches are cards. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { path: '/companies/100?tab=filiais' },
  play: async ({ canvas }) => {
    await expect(await findCompany(canvas, 'Acme Logística')).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Filiais' });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByRole('table', { name: 'Filiais' })).toBeNull();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
