import { companyHandlers, createCompanyHandlers, createCompanyMock } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  expectToast,
  companyNamesOf,
  companyRowsOf,
  manyCompanies,
  profileAs,
  readOnlyGestor,
} from './support/company-stories';
import type { PortalStory } from './support/portal-story';
import { portalMeta, realtimeOf } from './support/portal-story';

const meta = {
  title: 'Portal/Companies list',
  ...portalMeta,
  args: { path: '/companies', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every company, by name: razão social, CNPJ, tipo, status, responsável, open chamados; the actions above. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { level: 1, name: 'Empresas' })).toBeVisible();
    const rows = await companyRowsOf(canvasElement);
    await expect(rows).toHaveLength(8);
    await expect(canvas.getByText('8 empresas')).toBeVisible();
    const acme = rows.find((row) => row.textContent?.includes('Acme Logística'))!;
    await expect(within(acme).getByRole('link', { name: 'Acme Logística' })).toHaveAttribute(
      'href',
      '/companies/100',
    );
    await expect(acme).toHaveTextContent('Acme Logística Ltda.');
    await expect(acme).toHaveTextContent('11.222.333/0001-81');
    await expect(acme).toHaveTextContent('Cliente');
    await expect(acme).toHaveTextContent('Ativa');
    await expect(acme).toHaveTextContent('Bruno Lima');
    // The alphanumeric CNPJ of Grupo Aurora, shown with its mask.
    await expect(rows.find((row) => row.textContent?.includes('Grupo Aurora'))).toHaveTextContent(
      '12.ABC.345/0001',
    );
    await expect(canvas.getByRole('columnheader', { name: /Empresa/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(canvas.getByRole('columnheader', { name: /Chamados abertos/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    for (const name of ['Nova empresa', 'Importar CSV', 'Exportar CSV'])
      await expect(main.getByRole('button', { name })).toBeVisible();
    // The sidebar's entry is there, and current.
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(within(nav).getByRole('link', { name: 'Empresas' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The whole row opens the company (its name's link covers it), not only the name. */
export const WholeRowOpens: Story = {
  play: async ({ canvas, canvasElement }) => {
    const row = (await companyRowsOf(canvasElement)).find((item) => item.textContent?.includes('Globex'))!;
    const cell = within(row).getAllByRole('cell').at(-1)!;
    const box = cell.getBoundingClientRect();
    const link = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('a');
    await expect(link).toHaveAttribute('href', '/companies/101');
    await userEvent.click(link!);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Globex' })).toBeVisible();
  },
};

/** The search ignores accents and case ("pao dourado" finds "Pão Dourado") and lands in the URL. */
export const Search: Story = {
  play: async ({ canvas, canvasElement }) => {
    await companyRowsOf(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar empresas' }), 'pao dourado');
    await waitFor(async () => expect(await companyNamesOf(canvasElement)).toEqual(['Padaria Pão Dourado']));
    await expect(canvas.getByText('1 empresa')).toBeVisible();
  },
};

/** Filters from the URL (tipo, UF), and one more chosen from its list. */
export const Filtered: Story = {
  args: { path: '/companies?kind=cliente&uf=MG' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(async () =>
      expect(await companyNamesOf(canvasElement)).toEqual([
        'Aurora Educação',
        'Aurora Saúde',
        'Grupo Aurora',
      ]),
    );
    await expect(canvas.getByRole('combobox', { name: 'Tipo' })).toHaveTextContent('Cliente');
    await expect(canvas.getByRole('combobox', { name: 'UF' })).toHaveTextContent('MG');
    await userEvent.click(canvas.getByRole('combobox', { name: 'UF' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SP' }));
    await waitFor(async () => {
      const names = await companyNamesOf(canvasElement);
      await expect(names).toContain('Acme Logística');
      await expect(names).not.toContain('Aurora Saúde');
    });
    await expect(canvas.getByRole('combobox', { name: 'UF' })).toHaveTextContent('SP');
  },
};

/** "Minhas empresas": the companies whose account manager is the person signed in (Bruno, the gestor). */
export const MyCompanies: Story = {
  args: { path: '/companies?manager=me', user: 'gestor' },
  play: async ({ canvas, canvasElement }) => {
    const names = await companyNamesOf(canvasElement);
    await expect(names.length).toBeGreaterThan(0);
    for (const row of await companyRowsOf(canvasElement)) await expect(row).toHaveTextContent('Bruno Lima');
    await expect(canvas.getByRole('combobox', { name: 'Responsável' })).toHaveTextContent('Minhas empresas');
  },
};

/** The headers sort through the server: most open chamados first, then fewest; aria-sort follows. */
export const Sorted: Story = {
  play: async ({ canvas, canvasElement }) => {
    await companyRowsOf(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Chamados abertos/ }));
    await waitFor(async () => expect((await companyNamesOf(canvasElement))[0]).toBe('Acme Logística'));
    const header = canvas.getByRole('columnheader', { name: /Chamados abertos/ });
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getByRole('columnheader', { name: /Empresa/ })).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(canvas.getByRole('button', { name: /^Chamados abertos/ }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(async () => expect((await companyNamesOf(canvasElement)).at(-1)).toBe('Acme Logística'));
  },
};

/** Filters that match nothing say so and offer to clear them. */
export const EmptyFiltered: Story = {
  args: { path: '/companies?q=nada-disso&status=inativo' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma empresa encontrada' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await expect(await companyRowsOf(canvasElement)).toHaveLength(8);
    await expect(canvas.getByRole('searchbox', { name: 'Buscar empresas' })).toHaveValue('');
  },
};

/** No company yet: say so and offer to create one or import a file. */
export const Empty: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.empty() } } },
  play: async ({ canvas }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { name: 'Nenhuma empresa cadastrada' })).toBeVisible();
    // In the header and in the empty state.
    await expect(main.getAllByRole('button', { name: 'Nova empresa' })).toHaveLength(2);
    await expect(main.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
  },
};

/** The first page on its way: the table keeps its shape, screen readers hear that it loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.loading() } } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Empresas' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Carregando empresas…');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar as empresas.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** A technician without companies.view never reaches the page: the guard sends them to /403. */
export const Forbidden: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Empresas' })).toBeNull();
  },
};

/** The server refuses (403) although the menu let the person in: a clear message and no actions. */
export const ForbiddenByServer: Story = {
  parameters: { msw: { handlers: { companies: companyHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Você não tem permissão para ver empresas');
    await expect(canvas.queryByRole('button', { name: 'Nova empresa' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Exportar CSV' })).toBeNull();
  },
};

/** Without companies.manage the list is read-only: no "Nova empresa" nor "Importar CSV"; exporting stays. */
export const ReadOnly: Story = {
  args: { user: 'gestor' },
  parameters: { msw: { handlers: { profile: profileAs(readOnlyGestor) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await companyRowsOf(canvasElement)).toHaveLength(8);
    await expect(canvas.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Nova empresa' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Importar CSV' })).toBeNull();
  },
};

/** Sixty companies, some with very long names: they wrap in their cell, and the list pages by 25. */
export const LongContent: Story = {
  parameters: { msw: { handlers: { companies: createCompanyHandlers({ companies: manyCompanies }) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await companyRowsOf(canvasElement)).toHaveLength(25);
    await expect(canvas.getByText('60 empresas')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const pages = canvas.getByRole('navigation', { name: 'Paginação' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Página 3' }));
    await waitFor(async () => expect(await companyRowsOf(canvasElement)).toHaveLength(10));
    await expect(within(pages).getByRole('link', { name: 'Página 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** On a phone the companies are cards (name, razão social, CNPJ, tipo, status, chamados), each one a link. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Empresas' });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    await expect(canvas.queryByRole('table', { name: 'Empresas' })).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    await expect(cards).toHaveLength(8);
    const acme = cards.find((card) => card.textContent?.includes('Acme Logística'))!;
    await expect(acme).toHaveTextContent('5 chamados abertos');
    await expect(acme).toHaveTextContent('11.222.333/0001-81');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    acme.scrollIntoView({ block: 'center' });
    const box = acme.getBoundingClientRect();
    const hit = document.elementFromPoint(box.right - 12, box.bottom - 12);
    await expect(hit?.closest('a')).toHaveAttribute('href', '/companies/100');
  },
};

// The live story holds its own mock, so the event and the next refetch agree.
const liveCompanies = createCompanyMock();

/** Someone renames Globex elsewhere: the list follows without a reload. */
export const LiveUpdate: Story = {
  parameters: { msw: { handlers: { companies: liveCompanies.handlers } } },
  play: async (context) => {
    const { canvasElement } = context;
    await expect(await companyNamesOf(canvasElement)).toContain('Globex');
    realtimeOf(context).emitServerEvent(
      'company:updated',
      liveCompanies.database.updated(101, { name: 'Globex Brasil', open_tickets: 9 }),
    );
    await waitFor(async () => expect(await companyNamesOf(canvasElement)).toContain('Globex Brasil'), {
      timeout: 5000,
    });
    const row = (await companyRowsOf(canvasElement)).find((item) =>
      item.textContent?.includes('Globex Brasil'),
    )!;
    await expect(row).toHaveTextContent('9');
  },
};

/** "Exportar CSV" downloads the filtered list as empresas.csv. */
export const Export: Story = {
  args: { path: '/companies?kind=cliente' },
  play: async ({ canvas, canvasElement }) => {
    await companyRowsOf(canvasElement);
    const saved: { name: string; text: Promise<string> }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    const createObjectURL = URL.createObjectURL.bind(URL);
    const spyUrl = (blob: Blob | MediaSource) => {
      const url = createObjectURL(blob);
      if (blob instanceof Blob) saved.push({ name: '', text: blob.text() });
      return url;
    };
    URL.createObjectURL = spyUrl;
    // The download itself is the browser's; the story records the file's name instead of saving it.
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) saved.at(-1)!.name = this.download;
      else click.call(this);
    };
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Exportar CSV' }));
      await expectToast('Lista exportada em empresas.csv.');
      await expect(saved).toHaveLength(1);
      await expect(saved[0]!.name).toBe('empresas.csv');
      await expect(await saved[0]!.text).toContain('razao_social');
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
  },
};
