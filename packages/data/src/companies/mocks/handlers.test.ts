import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEventListSchema } from '../../contract/audit';
import {
  COMPANY_CSV_COLUMNS,
  companyContactListSchema,
  companyDetailSchema,
  companyListSchema,
  importReportSchema,
  type CompanyList,
} from '../../contract/company';
import { callMockApi, type MockApiCall } from '../../mocks/call-mock-api';
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

const call = (method: string, path: string, { body, token = admin }: MockApiCall = {}) =>
  callMockApi<Record<string, unknown>>(method, path, { body, token });

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

  it('list archived companies only when asked, and order busiest first unless told', async () => {
    expect((await call('POST', '/companies/106/archive')).status).toBe(200);
    expect(names(await list('?archived=true'))).toEqual(['TecnoRede Distribuidora']);
    expect(names(await list())).not.toContain('TecnoRede Distribuidora');
    const busiest = await list('?sort=open_tickets');
    expect(busiest.items[0]!.open_tickets).toBe(
      Math.max(...busiest.items.map((company) => company.open_tickets)),
    );
    expect(names(await list('?q=11.222.333/0001'))).toEqual(['Acme Logística']);
  });

  it('suggest active companies by e-mail domain, and refuse an address without one', async () => {
    expect((await call('GET', '/companies/suggest?email=nova@acme.com.br')).body).toEqual({
      items: [{ id: 100, name: 'Acme Logística' }],
    });
    expect((await call('GET', '/companies/suggest?email=sem-dominio')).status).toBe(400);
    await call('POST', '/companies/100/archive');
    await call('PATCH', '/companies/106', { body: { email_domains: ['acme.com.br'] } });
    await call('POST', '/companies/106/archive');
    expect((await call('GET', '/companies/suggest?email=nova@acme.com.br')).body).toEqual({
      items: [{ id: 100, name: 'Acme Logística' }],
    });
  });

  it("answer a client's card with the branch of the contact they sign in as; staff get 404", async () => {
    await call('PATCH', '/companies/100/contacts/1', { body: { branch_id: 2 } });
    expect((await call('GET', '/companies/mine', { token: clienteAcme })).body).toEqual({
      id: 100,
      name: 'Acme Logística',
      logo_url: null,
      branch: { id: 2, name: 'Filial Campinas', city: 'Campinas', uf: 'SP' },
    });
    expect((await call('GET', '/companies/mine')).body).toMatchObject({
      message: 'Você não está ligado a uma empresa',
    });
  });

  it('store a logo recognised by its bytes, serve it to staff and the company’s client only', async () => {
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      ),
      (char) => char.charCodeAt(0),
    );
    const upload = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const response = await fetch('http://farol.test/api/companies/100/logo', {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}` },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const refused = await upload(new TextEncoder().encode('<svg></svg>'), 'logo.png');
    expect(refused).toMatchObject({ status: 415, body: { details: { file: expect.any(String) } } });
    const saved = await upload(png, 'logo.png');
    expect(saved.status).toBe(200);
    const url = String(saved.body.logo_url);
    expect(url).toMatch(/^\/api\/companies\/100\/logo\?v=\d+$/);
    const served = await fetch(`http://farol.test${url}`, {
      headers: { Authorization: `Bearer ${clienteAcme}` },
    });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    expect((await call('GET', '/companies/101/logo', { token: fixtureTokens.clienteGlobex })).status).toBe(
      404,
    );
    expect((await call('GET', '/companies/mine', { token: clienteAcme })).body).toMatchObject({
      logo_url: url,
    });
    expect((await call('DELETE', '/companies/100/logo')).body).toMatchObject({ logo_url: null });
    const trail = auditEventListSchema.parse((await call('GET', '/companies/100/activity')).body);
    expect(trail.items.slice(0, 2).map((event) => [event.action, event.details])).toEqual([
      ['logo_removed', {}],
      ['logo_updated', { content_type: 'image/png', size: png.length }],
    ]);
  });

  it('write the activity as the server does: changes from → to, targets, no address for non-admins', async () => {
    await call('PATCH', '/companies/101', { body: { segment: 'Atacado', name: 'Globex' } });
    const branch = await call('POST', '/companies/101/branches', { body: { name: 'Depósito' } });
    const contact = await call('POST', '/companies/101/contacts', {
      body: { name: 'Rita', email: 'rita@globex.com.br', other_company_ids: [100, 101] },
    });
    const trail = auditEventListSchema.parse(
      (await call('GET', '/companies/101/activity', { token: gestor })).body,
    );
    expect(trail.items.map((event) => [event.action, event.target_type, event.details])).toEqual([
      [
        'contact_created',
        'contact',
        { contact_id: contact.body!.id, name: 'Rita', email: 'rita@globex.com.br', other_company_ids: [100] },
      ],
      [
        'branch_created',
        'branch',
        { branch_id: branch.body!.id, name: 'Depósito', cnpj: null, head_office: false },
      ],
      ['updated', 'company', { changes: { segment: { from: 'Varejo', to: 'Atacado' } } }],
    ]);
    expect(trail.items.every((event) => event.ip === null && event.user_agent === null)).toBe(true);
    expect(auditEventListSchema.parse((await call('GET', '/companies/101/activity')).body).items[0]!.ip).toBe(
      '127.0.0.1',
    );
    // Rita answers for Acme too: counted there, listed after Acme's own, changed only through Globex.
    expect((await call('GET', '/companies/100')).body).toMatchObject({ contact_count: 4 });
    const acme = companyContactListSchema.parse((await call('GET', '/companies/100/contacts')).body);
    expect(acme.items.at(-1)!.name).toBe('Rita');
    const path = `/contacts/${String(contact.body!.id)}`;
    expect((await call('PATCH', `/companies/100${path}`, { body: { vip: true } })).status).toBe(404);
    expect((await call('PATCH', `/companies/101${path}`, { body: { vip: true } })).status).toBe(200);
  });

  it('page and search the contacts, keep one principal and refuse a branch of another company', async () => {
    const page = companyContactListSchema.parse((await call('GET', '/companies/100/contacts?limit=2')).body);
    expect(page).toMatchObject({ total: 3, items: [{ name: 'Diego Ferreira', primary: true }, {}] });
    expect(
      companyContactListSchema.parse((await call('GET', '/companies/100/contacts?q=financeiro')).body).items,
    ).toMatchObject([{ name: 'Fernanda Lopes' }]);
    await call('POST', '/companies/100/contacts', { body: { name: 'Nova principal', primary: true } });
    const all = companyContactListSchema.parse((await call('GET', '/companies/100/contacts')).body);
    expect(all.items.filter((item) => item.primary).map((item) => item.name)).toEqual(['Nova principal']);
    const wrong = await call('POST', '/companies/100/contacts', { body: { name: 'X', branch_id: 3 } });
    expect(wrong).toMatchObject({
      status: 400,
      body: { details: { branch_id: 'Filial não encontrada nesta empresa' } },
    });
  });

  it('delete a company with its branches and contacts, refuse one others refer to or with open chamados', async () => {
    const busy = await call('DELETE', '/companies/100');
    expect(busy).toMatchObject({
      status: 409,
      body: {
        message: 'Não é possível excluir: a empresa tem 5 chamados em aberto. Arquive-a em vez de excluir.',
      },
    });
    const parent = await call('DELETE', '/companies/102');
    expect(parent.status).toBe(409);
    expect(String(parent.body!.message)).toMatch(/empresas no seu grupo/);
    expect((await call('DELETE', '/companies/106')).status).toBe(204);
    expect((await call('GET', '/companies/106')).status).toBe(404);
  });

  it('export the filtered list with the import columns; import contacts by company CNPJ or name', async () => {
    const response = await fetch('http://farol.test/api/companies/export.csv?kind=fornecedor', {
      headers: { Authorization: `Bearer ${admin}` },
    });
    const text = await response.text();
    const [header, ...rows] = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(COMPANY_CSV_COLUMNS.join(';'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^TecnoRede Distribuidora;/);
    const csv = [
      'empresa_cnpj;empresa;nome;email;principal',
      '11.222.333/0001-81;;Marta;marta@acme.com.br;não',
      ';globex;Otávio;otavio@globex.com.br;sim',
      ';Inexistente;Ninguém;;',
      '11.222.333/0001-81;;Fernanda Lopes Atualizada;fernanda@acme.com.br;',
    ].join('\n');
    const report = importReportSchema.parse(
      (await call('POST', '/companies/contacts/import', { body: { csv } })).body,
    );
    expect(report).toEqual({
      created: 2,
      updated: 1,
      errors: [{ line: 4, field: 'empresa', message: 'Empresa não encontrada' }],
    });
    const missing = await call('POST', '/companies/contacts/import', { body: { csv: 'nome\nX\n' } });
    expect(missing).toMatchObject({
      status: 400,
      body: { details: { csv: 'Colunas obrigatórias ausentes: empresa_cnpj ou empresa' } },
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
