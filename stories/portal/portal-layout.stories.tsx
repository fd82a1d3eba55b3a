import { companyHandlers, createCompanyHandlers, createCompanyMock } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/PortalLayout',
  ...portalMeta,
  args: { path: '/portal', user: 'clienteAcme' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ClientHome: Story = {
  play: async ({ canvas }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Portal do cliente' });
    await expect(within(nav).getByRole('link', { name: /Início/ })).toBeVisible();
    await expect(within(nav).getByRole('link', { name: 'Chamados' })).toHaveAttribute(
      'href',
      '/portal/tickets',
    );
    await expect(await canvas.findByText(/^(Bom dia|Boa tarde|Boa noite), Diego!$/)).toBeVisible();
    await expect(await canvas.findByRole('link', { name: /^Mensagens, \d+ não lidas?$/ })).toHaveAttribute(
      'href',
      '/portal/messages',
    );
    await expect(canvas.queryByRole('button', { name: 'Abrir assistente' })).toBeNull();
  },
};

/** A client who opens a staff page lands in the portal. */
export const ClientOnStaffPath: Story = {
  args: { path: '/dashboard' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('navigation', { name: 'Portal do cliente' })).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
  },
};

/** The portal home lists the client's open chamados, latest change first, and offers a new one. */
export const ClientHomeOpenTickets: Story = {
  play: async ({ canvas }) => {
    const widget = await canvas.findByRole('region', { name: 'Chamados em aberto' });
    const list = await within(widget).findByRole('list', { name: 'Chamados em aberto' });
    const links = within(list).getAllByRole('link');
    // Acme has 5 open chamados; the newest change first.
    await expect(links).toHaveLength(5);
    await expect(links[0]).toHaveTextContent('Sistema de notas fiscais fora do ar');
    await expect(links[0]).toHaveAttribute('href', '/portal/tickets/1');
    await expect(within(widget).getByRole('link', { name: 'Ver todos' })).toHaveAttribute(
      'href',
      '/portal/tickets',
    );
    await expect(within(widget).getByRole('button', { name: 'Novo chamado' })).toBeVisible();
  },
};

type Canvas = ReturnType<typeof within>;

/** The portal home's "Sua empresa" card, once its code has loaded. */
const companyCard = (canvas: Canvas) => canvas.findByRole('region', { name: 'Sua empresa' });

/**
 * The client's own company, all they read of the companies module: its name, its logo (initials without one)
 * and their branch — the one of the contact they sign in as (Diego: the matriz), with its city.
 */
export const ClientCompanyCard: Story = {
  play: async ({ canvas }) => {
    const card = within(await companyCard(canvas));
    await expect(await card.findByText('Acme Logística')).toBeVisible();
    await expect(card.getByText(/Matriz São Paulo · São Paulo\/SP/)).toBeVisible();
    await expect(card.getByText('Sua unidade:', { exact: false })).toBeInTheDocument();
    await expect(card.queryByRole('link')).toBeNull();
  },
};

export const ClientCompanyCardLoading: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.loading() } } },
  play: async ({ canvas }) => {
    const card = within(await companyCard(canvas));
    await expect(card.getByText('Carregando sua empresa…')).toBeInTheDocument();
  },
};

/** The card failed: it says so and offers to try again; the rest of the home still works. */
export const ClientCompanyCardError: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.failing() } } },
  play: async ({ canvas }) => {
    const card = within(await companyCard(canvas));
    const alert = await card.findByRole('alert', {}, { timeout: 8000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar os dados da sua empresa.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Chamados em aberto' })).toBeVisible();
  },
};

/** An account not linked to a company (the server answers 404): the card says so, nothing else is refused. */
export const ClientWithoutCompany: Story = {
  parameters: { msw: { handlers: { companies: createCompanyHandlers({ empty: true }) } } },
  play: async ({ canvas }) => {
    const card = within(await companyCard(canvas));
    await expect(await card.findByText('Sua conta ainda não está ligada a uma empresa.')).toBeVisible();
    await expect(card.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  },
};

const longCompany = createCompanyMock();
const LONG_COMPANY =
  'Companhia Brasileira de Distribuição de Equipamentos Hospitalares e Laboratoriais do Centro-Oeste';

/** A very long name and branch wrap inside the card on a phone; nothing widens the page. */
export const ClientCompanyCardLongOnPhone: Story = {
  globals: { viewport: { value: 'mobile' } },
  parameters: { msw: { handlers: { companies: longCompany.handlers } } },
  loaders: [
    () => {
      const state = longCompany.database.get();
      longCompany.database.set({
        ...state,
        companies: state.companies.map((company) =>
          company.id === 100 ? { ...company, name: LONG_COMPANY } : company,
        ),
        branches: state.branches.map((branch) =>
          branch.company_id === 100 && branch.head_office
            ? {
                ...branch,
                name: 'Centro de Distribuição Regional Avançado de Campinas e Região Metropolitana',
              }
            : branch,
        ),
      });
    },
  ],
  play: async ({ canvas }) => {
    const card = within(await companyCard(canvas));
    await expect(await card.findByText(LONG_COMPANY)).toBeVisible();
    await expect(card.getByText(/Centro de Distribuição Regional Avançado/)).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** One bar on wide screens: logo, the sections, bell, messages, profile and Sair, over the page's width. */
export const OneHeader: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvas, canvasElement }) => {
    const header = await canvas.findByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Portal do cliente' });
    await expect(within(nav).getByRole('link', { name: 'Chamados' })).toBeVisible();
    await expect(within(header).getByRole('link', { name: /Farol/ })).toHaveAttribute('href', '/portal');
    await expect(within(header).getByRole('button', { name: /^Notificações/ })).toBeVisible();
    await expect(within(header).getByRole('button', { name: 'Sair' })).toBeVisible();
    // The bar and the page share one container width.
    const main = canvasElement.querySelector('main')!;
    await expect(Math.round(header.getBoundingClientRect().width)).toBe(
      Math.round(main.getBoundingClientRect().width),
    );
  },
};

/** On a phone the sections are a labelled tab bar at the bottom; the page keeps clear of it. */
export const PhoneTabBar: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    const tabs = await canvas.findByRole('navigation', { name: 'Portal do cliente' });
    await expect(within(canvas.getByRole('banner')).queryByRole('navigation')).toBeNull();
    const labels = within(tabs)
      .getAllByRole('link')
      .map((link) => link.textContent);
    await expect(labels).toEqual(['Início', 'Chamados', 'Mensagens', 'Perfil', 'Configurações']);
    await expect(within(tabs).getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
    const bar = tabs.getBoundingClientRect();
    await expect(Math.round(bar.bottom)).toBe(window.innerHeight);
    const main = canvasElement.querySelector('main')!;
    await expect(Number.parseFloat(getComputedStyle(main).paddingBottom)).toBeGreaterThanOrEqual(bar.height);
  },
};
