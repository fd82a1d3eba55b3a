import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_CSV_COLUMNS,
  auditEventListSchema,
  cepAddressSchema,
  formatCnpj,
  importReportSchema,
} from '@farol/data/contract';
import { parseCsv } from '../src/modules/companies/csv';
import { setupTestServer, type TestUser } from './harness';
import { cnpjOf, companyHelpers, marker, randomRoot } from './company-helpers';

/** A stand-in for ViaCEP on 127.0.0.1: one known CEP, one that never answers; it counts the requests. */
const cepRequests: string[] = [];
const stub: Server = createServer((request, response) => {
  const cep = /\/ws\/(\d+)\/json/.exec(request.url ?? '')?.[1] ?? '';
  cepRequests.push(cep);
  if (cep === '99999999') return; // never answers: the lookup times out
  response.setHeader('content-type', 'application/json');
  if (cep === '01310100') {
    response.end(
      JSON.stringify({
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        complemento: 'de 1047 a 1865 - lado ímpar',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      }),
    );
  } else {
    response.end(JSON.stringify({ erro: 'true' }));
  }
});
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/ws/{cep}/json/`;

const t = setupTestServer({ demo: false, cepProviderUrl: stubUrl, cepTimeoutMs: 300 });
const { create, list } = companyHelpers(t);

let manager: TestUser;
let reader: TestUser;

beforeAll(async () => {
  manager = await t.createUser({ role: 'gestor', permissions: ['companies.view', 'companies.manage'] });
  reader = await t.createUser({ role: 'tecnico', permissions: ['companies.view'] });
});

afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
});

const importCsv = async (path: string, csv: string) => {
  const response = await t.api('POST', path, { token: manager.token, body: { csv } });
  expect(response.status, response.text).toBe(200);
  return importReportSchema.parse(response.body);
};

describe('importing companies', () => {
  it('saves the valid rows, reports the invalid ones by line and column, and updates a CNPJ it knows', async () => {
    const mk = marker();
    const [one, two, three] = [randomRoot(), randomRoot(), randomRoot()].map((root) => cnpjOf(root));
    const csv = [
      '\uFEFFnome;razao_social;cnpj;tipo;dominios_email;telefone;status;coluna_extra',
      `Um ${mk};"Um; Comércio Ltda.";${formatCnpj(one!)};Cliente;um.com.br, um.net;(11) 3333-4444;Ativa;x`,
      `Dois ${mk};Dois S.A.;11.222.333/0001-82;fornecedor;;;;`,
      `Três ${mk};Três Ltda.;${three};amigo;;123;;`,
      `;Sem Nome;;;;;;`,
      `Quatro ${mk};Quatro Ltda.;${two};parceiro;;;inativo;`,
    ].join('\r\n');
    const report = await importCsv('/api/companies/import', csv);
    expect(report.created).toBe(2);
    expect(report.updated).toBe(0);
    expect(report.errors).toEqual([
      { line: 3, field: 'cnpj', message: 'CNPJ inválido' },
      { line: 4, field: 'tipo', message: expect.stringContaining('tipo deve ser um de') },
      { line: 4, field: 'telefone', message: 'Telefone inválido: use DDD e número, como (11) 91234-5678' },
      { line: 5, field: 'nome', message: 'Informe o nome fantasia' },
    ]);
    const saved = await list(reader, `?q=${mk}`);
    expect(saved.items.map((company) => [company.name, company.cnpj, company.kind, company.status])).toEqual([
      [`Quatro ${mk}`, two, 'parceiro', 'inativo'],
      [`Um ${mk}`, one, 'cliente', 'ativo'],
    ]);
    expect(saved.items[1]).toMatchObject({
      legal_name: 'Um; Comércio Ltda.',
      email_domains: ['um.com.br', 'um.net'],
      phone: '+551133334444',
    });

    // The same CNPJ again updates that company with the cells the row fills.
    const again = await importCsv(
      '/api/companies/import',
      `cnpj,razao_social,nome,segmento\n${one},Um Comércio S.A.,Um ${mk},Varejo\n`,
    );
    expect(again).toEqual({ created: 0, updated: 1, errors: [] });
    const updated = (await list(reader, `?q=${one}`)).items[0]!;
    expect(updated).toMatchObject({
      legal_name: 'Um Comércio S.A.',
      segment: 'Varejo',
      phone: '+551133334444',
    });
    const trail = auditEventListSchema.parse(
      (await t.api('GET', `/api/companies/${updated.id}/activity`, { token: reader.token })).body,
    );
    expect(trail.items.map((event) => [event.action, event.details.mode])).toEqual([
      ['imported', 'updated'],
      ['imported', 'created'],
    ]);
    expect(trail.items[0]!.details.changes).toEqual({
      legal_name: { from: 'Um; Comércio Ltda.', to: 'Um Comércio S.A.' },
      segment: { from: null, to: 'Varejo' },
    });
  });

  it('imports a file longer than one transaction’s chunk, reporting a bad row in a later chunk', async () => {
    const mk = marker();
    const rows = Array.from({ length: 150 }, (_, index) =>
      index === 128 ? `Ruim ${mk};;` : `Lote ${index} ${mk};Lote ${index} Ltda.;${cnpjOf(randomRoot())}`,
    );
    const report = await importCsv('/api/companies/import', ['nome;razao_social;cnpj', ...rows].join('\n'));
    expect(report).toEqual({
      created: 149,
      updated: 0,
      errors: [{ line: 130, field: 'razao_social', message: 'Informe a razão social' }],
    });
    expect((await list(reader, `?q=${mk}`)).total).toBe(149);
  });

  it('refuses a file without the required columns or with a quote left open (400)', async () => {
    const missing = await t.api('POST', '/api/companies/import', {
      token: manager.token,
      body: { csv: 'nome;cnpj\nAcme;\n' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual({ csv: 'Colunas obrigatórias ausentes: razao_social' });
    const broken = await t.api('POST', '/api/companies/import', {
      token: manager.token,
      body: { csv: 'nome,razao_social\n"Acme,Acme\n' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.details.csv).toBe('Arquivo CSV inválido: Linha 2: aspas abertas sem fechar');
    const reader403 = await t.api('POST', '/api/companies/import', {
      token: reader.token,
      body: { csv: 'nome,razao_social\nA,B\n' },
    });
    expect(reader403.status).toBe(403);
  });
});

describe('importing contacts', () => {
  it('finds each row’s company by CNPJ or name and creates or updates its contact by e-mail', async () => {
    const mk = marker();
    const cnpj = cnpjOf(randomRoot());
    const byCnpj = await create(manager, { name: `Contatos ${mk}`, cnpj });
    const byName = await create(manager, { name: `Pão Doce ${mk}` });
    const csv = [
      'empresa_cnpj;empresa;nome;cargo;email;celular;whatsapp;principal;vip',
      `${formatCnpj(cnpj)};;Ana Lima;Gerente;ana@contatos.com.br;(11) 99888-7766;sim;x;`,
      `;pao doce ${mk};Beto Reis;;beto@paodoce.com.br;;;;1`,
      `;Inexistente ${mk};Carlos;;;;;;`,
      `${cnpj};;Dora;;;12;;;`,
      `${cnpj};;Ana Lima;Diretora;ANA@contatos.com.br;;;;`,
    ].join('\n');
    const report = await importCsv('/api/companies/contacts/import', csv);
    expect(report).toEqual({
      created: 2,
      updated: 1,
      errors: [
        { line: 4, field: 'empresa', message: 'Empresa não encontrada' },
        { line: 5, field: 'celular', message: 'Telefone inválido: use DDD e número, como (11) 91234-5678' },
      ],
    });
    const ana = await t.api('GET', `/api/companies/${byCnpj.id}/contacts`, { token: reader.token });
    expect(ana.body.items).toEqual([
      expect.objectContaining({
        name: 'Ana Lima',
        job_title: 'Diretora',
        mobile: '+5511998887766',
        whatsapp: true,
        primary: true,
      }),
    ]);
    const beto = await t.api('GET', `/api/companies/${byName.id}/contacts`, { token: reader.token });
    expect(beto.body.items).toEqual([expect.objectContaining({ name: 'Beto Reis', vip: true })]);
  });
});

describe('exporting', () => {
  it("answers the filtered list as a CSV file Excel opens (BOM, ';'), with the import's columns", async () => {
    const mk = marker();
    const root = randomRoot();
    await create(manager, {
      name: `Exportada ${mk}`,
      legal_name: 'Exportada; "Aspas" Ltda.',
      cnpj: cnpjOf(root),
      email_domains: ['exp.com.br', 'exp.net'],
      phone: '11912345678',
    });
    await create(manager, { name: `Outra ${mk}`, kind: 'fornecedor' });
    const response = await fetch(`${t.baseUrl}/api/companies/export.csv?q=${mk}&kind=cliente`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="empresas-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = parseCsv(bytes.toString('utf8'));
    expect(table.delimiter).toBe(';');
    expect(table.header).toEqual([...COMPANY_CSV_COLUMNS]);
    expect(table.records.map((record) => record.cells)).toEqual([
      [
        `Exportada ${mk}`,
        'Exportada; "Aspas" Ltda.',
        formatCnpj(cnpjOf(root)),
        '',
        '',
        'cliente',
        '',
        '',
        'exp.com.br, exp.net',
        '(11) 91234-5678',
        'ativo',
      ],
    ]);
    // What was exported imports back as an update of the same company.
    const back = await importCsv('/api/companies/import', bytes.toString('utf8'));
    expect(back).toEqual({ created: 0, updated: 1, errors: [] });
  });
});

describe('the address by CEP', () => {
  it('asks the configured provider once per CEP and answers the address', async () => {
    const before = cepRequests.length;
    for (const cep of ['01310-100', '01310100']) {
      const response = await t.api('GET', `/api/companies/cep/${cep}`, { token: manager.token });
      expect(response.status).toBe(200);
      expect(cepAddressSchema.parse(response.body)).toEqual({
        cep: '01310100',
        street: 'Avenida Paulista',
        district: 'Bela Vista',
        city: 'São Paulo',
        uf: 'SP',
      });
    }
    expect(cepRequests.slice(before)).toEqual(['01310100']);
  });

  it('answers 404 for an unknown CEP, 400 for a malformed one, 503 when the provider does not answer', async () => {
    const unknown = await t.api('GET', '/api/companies/cep/00000001', { token: manager.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('CEP não encontrado');
    const malformed = await t.api('GET', '/api/companies/cep/123', { token: manager.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toEqual({ cep: 'CEP inválido: use 00000-000' });
    const silent = await t.api('GET', '/api/companies/cep/99999-999', { token: manager.token });
    expect(silent.status).toBe(503);
    expect(silent.body.message).toBe('A consulta de CEP não respondeu. Preencha o endereço.');
  });
});
