import { PERMISSIONS, type UserWire } from '@farol/data';
import { companyFixtures, fixtures, type StoredCompany } from '@farol/data/mocks';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';

/** The companies table's body rows, once a page has arrived (the table is `aria-busy` while it loads). */
export async function companyRowsOf(canvasElement: HTMLElement): Promise<HTMLElement[]> {
  const table = await within(canvasElement).findByRole('table', { name: 'Empresas' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
}

/** The names (links) of the rows on screen, in order. */
export async function companyNamesOf(canvasElement: HTMLElement): Promise<string[]> {
  return (await companyRowsOf(canvasElement)).map(
    (row) => within(row).getAllByRole('link')[0]?.textContent ?? '',
  );
}

/** Bruno (gestor) without companies.manage: he reads companies and writes none. */
export const readOnlyGestor: UserWire = {
  ...fixtures.users.gestor,
  permissions: fixtures.users.gestor.permissions.filter((key) => key !== PERMISSIONS.COMPANIES_MANAGE),
};

/** The `profile` handlers answering `user` for every session (the app then acts as that person). */
export const profileAs = (user: UserWire): HttpHandler[] => [
  http.get('*/api/profile', () => HttpResponse.json(user)),
];

const LONG_WORDS = [
  'Companhia Brasileira de Distribuição de Equipamentos Hospitalares e Laboratoriais',
  'Cooperativa Agroindustrial dos Produtores Rurais do Vale do Jequitinhonha',
  'Transportadora Interestadual de Cargas Refrigeradas Norte-Nordeste',
];

/** 60 companies, some with very long names, for the long-content states (three pages of 25). */
export function manyCompanies(): StoredCompany[] {
  const base = companyFixtures.companies();
  return Array.from({ length: 60 }, (_, index) => {
    const model = base[index % base.length]!;
    const long = LONG_WORDS[index % LONG_WORDS.length]!;
    return {
      ...model,
      id: 1000 + index,
      name: index % 4 === 0 ? `${long} ${index + 1}` : `${model.name} ${index + 1}`,
      legal_name:
        index % 4 === 0 ? `${long} ${index + 1} Sociedade Anônima de Capital Fechado` : model.legal_name,
      cnpj: null,
      parent: null,
    };
  });
}

/** A toast with this text has faded in (toasts live in document.body). */
export const expectToast = (text: string | RegExp) =>
  waitFor(() => expect(screen.getByText(text)).toBeVisible(), { timeout: 3_000 });
