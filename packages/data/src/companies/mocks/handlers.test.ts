import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  companyDetailSchema,
  companyListSchema,
  importReportSchema,
  type CompanyList,
} from '../../contract/company';
import { fixtureTokens } from '../../mocks/fixtures';
import { createHandlers, flattenHandlers } from '../../mocks/handlers';
import { resetMockState } from '../../mocks/store';
import { createCompanyMock } from './handlers';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState();
});
afterAll(() => server.close());

const { admin, gestor, tecnico, clienteAcme } = fixtureTokens;

async function call(
  method: string,
  path: string,
  { body, token = admin }: { body?: unknown; token?: string } = {},
) {
  const response = await fetch(`http://farol.test/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const list = async (query = '', token = admin) =>
  companyListSchema.parse((await call('GET', `/companies${query}`, { token })).body);
const names = (page: CompanyList) => page.items.map((company) => company.name);

describe('companies mock handlers', () => {
  it('list the companies by name, archived left out, with their counts', async () => {
    const page = await list();
    expect(page.total).toBe(8);
    expect(names(page)[0]).toBe('Acme Logística');
    expect(page.items[0]).toMatchObject({ branch_count: 2, contact_count: 3, open_tickets: 5 });
  });

  it('search ignoring accents and case, filter by kind, UF and manager', async () => {
    expect(names(await list('?q=LOGISTICA'))).toEqual(['Acme Logística']);
    expect(names(await list('?q=aurora'))).toHaveLength(3);
    expect(names(await list('?kind=fornecedor'))).toEqual(['TecnoRede Distribuidora']);
    expect(names(await list('?uf=RJ'))).toEqual(['Globex']);
    expect(
      (await list('?manager_id=me', gestor)).items.every((company) => company.account_manager?.id === 2),
    ).toBe(true);
    expect((await call('GET', '/companies?kind=banco')).status).toBe(400);
  });

  it('answer 403 to staff without companies.view and to clients; writes need companies.manage', async () => {
    expect((await call('GET', '/companies', { token: tecnico })).status).toBe(403);
    expect((await call('GET', '/companies/100', { token: clienteAcme })).status).toBe(403);
    expect((await call('GET', '/companies/mine', { token: clienteAcme })).body).toMatchObject({
      id: 100,
      branch: { name: 'Matriz São Paulo' },
    });
  });

  it('create with the contract rules and open the company page', async () => {
    const bad = await call('POST', '/companies', {
      body: { name: 'X', legal_name: 'X Ltda.', cnpj: '11.222.333/0001-82' },
    });
    expect(bad).toMatchObject({ status: 400, body: { details: { cnpj: 'CNPJ inválido' } } });
    const created = await call('POST', '/companies', {
      body: { name: 'Nova', legal_name: 'Nova Ltda.', cnpj: '12.abc.345/01de-35' },
    });
    expect(created.status).toBe(201);
    const detail = companyDetailSchema.parse(
      (await call('GET', `/companies/${String(created.body!.id)}`)).body,
    );
    expect(detail).toMatchObject({
      cnpj: '12ABC34501DE35',
      suggested_branch_cnpj: expect.stringMatching(/^12ABC3450002/),
    });
  });

  it('refuse a branch CNPJ of another root and archiving with open chamados', async () => {
    const branch = await call('POST', '/companies/100/branches', {
      body: { name: 'Outra', cnpj: '12.ABC.345/01DE-35' },
    });
    expect(branch.status).toBe(400);
    expect(String((branch.body!.details as Record<string, string>).cnpj)).toMatch(/mesma raiz/);
    expect((await call('POST', '/companies/100/archive')).status).toBe(409);
    expect((await call('POST', '/companies/106/archive')).body).toMatchObject({ status: 'inativo' });
    expect(names(await list())).not.toContain('TecnoRede Distribuidora');
  });

  it('import valid rows and report the bad one by line and field', async () => {
    const csv =
      'nome;razao_social;cnpj\nBoa;Boa Ltda.;11.444.777/0001-61\nRuim;Ruim Ltda.;11.444.777/0001-62\n';
    const report = importReportSchema.parse(
      (await call('POST', '/companies/import', { body: { csv } })).body,
    );
    expect(report).toEqual({
      created: 1,
      updated: 0,
      errors: [{ line: 3, field: 'cnpj', message: 'CNPJ inválido' }],
    });
  });

  it('change a company live from a story, so a refetch agrees with the event', async () => {
    const mock = createCompanyMock();
    server.use(...mock.handlers);
    const changed = mock.database.updated(101, { name: 'Globex Brasil' });
    expect(changed).toMatchObject({ id: 101, name: 'Globex Brasil' });
    expect((await call('GET', '/companies/101')).body).toMatchObject({ name: 'Globex Brasil' });
    expect((await call('GET', '/companies/101/activity')).status).toBe(200);
  });
});
