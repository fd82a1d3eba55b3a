import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEventListSchema,
  companyCardSchema,
  companyDetailSchema,
  companyFormOptionsSchema,
  companySchema,
  ticketListSchema,
  type Company,
} from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { PNG, cnpjOf, companyHelpers, marker, randomRoot } from './company-helpers';
import { collect, connectClient, nextEvent, settle, type ClientSocket } from './realtime-helpers';

const t = setupTestServer();
const { create, list, addBranch, addContact, openTicket, closeTicket, form } = companyHelpers(t);

let manager: TestUser;
let reader: TestUser;
let noKey: TestUser;
let admin: TestUser;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  manager = await t.createUser({
    role: 'gestor',
    permissions: ['tickets.view', 'companies.view', 'companies.manage'],
  });
  reader = await t.createUser({ role: 'tecnico', permissions: ['companies.view'] });
  noKey = await t.createUser({ role: 'tecnico', permissions: ['tickets.view', 'tasks.view'] });
  admin = await t.createUser({ role: 'admin' });
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const ids = (companies: { items: Company[] }) => companies.items.map((company) => company.id);

describe('the list', () => {
  let mk: string;
  let agua: Company;
  let alfa: Company;
  let beta: Company;

  beforeAll(async () => {
    mk = marker();
    agua = await create(manager, {
      name: `Água Padaria São Paulo ${mk}`,
      kind: 'fornecedor',
      email_domains: [`${mk}.com.br`],
    });
    alfa = await create(manager, {
      name: `Alfa Serviços ${mk}`,
      cnpj: cnpjOf(randomRoot()),
      account_manager_id: manager.id,
    });
    beta = await create(manager, {
      name: `Beta Comércio ${mk}`,
      status: 'inativo',
      account_manager_id: reader.id,
    });
    await addBranch(manager, alfa.id, { name: 'Recife', uf: 'PE', city: 'Recife' });
    await addBranch(manager, beta.id, { name: 'Fortaleza', uf: 'CE' });
  });

  it('searches name, razão social, CNPJ and domains ignoring accents and case', async () => {
    const found = await list(reader, `?q=${encodeURIComponent(`padaria SAO paulo ${mk}`)}`);
    expect(ids(found)).toEqual([agua.id]);
    expect(found.total).toBe(1);
    expect(ids(await list(reader, `?q=${encodeURIComponent(`agua padaria`)}&limit=100`))).toContain(agua.id);
    // The domain, and the CNPJ typed with or without its mask.
    expect(ids(await list(reader, `?q=${mk}.com.br`))).toEqual([agua.id]);
    const cnpj = alfa.cnpj!;
    expect(ids(await list(reader, `?q=${cnpj}`))).toEqual([alfa.id]);
    const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    expect(ids(await list(reader, `?q=${encodeURIComponent(masked)}`))).toEqual([alfa.id]);
    // A LIKE wildcard is taken literally.
    expect((await list(reader, `?q=${encodeURIComponent(`%${mk}`)}`)).total).toBe(0);
  });

  it('filters by kind, status, UF of a branch and account manager (an id or me)', async () => {
    const q = `?q=${mk}`;
    expect(ids(await list(reader, `${q}&kind=fornecedor`))).toEqual([agua.id]);
    expect(ids(await list(reader, `${q}&status=inativo`))).toEqual([beta.id]);
    expect(ids(await list(reader, `${q}&uf=PE`))).toEqual([alfa.id]);
    expect(ids(await list(reader, `${q}&manager_id=${reader.id}`))).toEqual([beta.id]);
    expect(ids(await list(manager, `${q}&manager_id=me`))).toEqual([alfa.id]);
    const bad = await t.api('GET', '/api/companies?kind=amigo&uf=XX&manager_id=x', { token: reader.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      uf: 'UF inválida',
      manager_id: "manager_id deve ser um número ou 'me'",
    });
  });

  it('sorts by folded name, dates and open chamados, and pages', async () => {
    expect(ids(await list(reader, `?q=${mk}`))).toEqual([agua.id, alfa.id, beta.id]);
    expect(ids(await list(reader, `?q=${mk}&sort=name&order=desc`))).toEqual([beta.id, alfa.id, agua.id]);
    expect(ids(await list(reader, `?q=${mk}&sort=created_at`))).toEqual([beta.id, alfa.id, agua.id]);
    expect(ids(await list(reader, `?q=${mk}&sort=created_at&order=asc`))).toEqual([
      agua.id,
      alfa.id,
      beta.id,
    ]);
    await openTicket(manager, alfa.id);
    await openTicket(manager, alfa.id);
    await openTicket(manager, beta.id);
    const busiest = await list(reader, `?q=${mk}&sort=open_tickets`);
    expect(ids(busiest)).toEqual([alfa.id, beta.id, agua.id]);
    expect(busiest.items.map((company) => company.open_tickets)).toEqual([2, 1, 0]);
    const page = await list(reader, `?q=${mk}&limit=2&page=2`);
    expect(page).toMatchObject({ total: 3 });
    expect(ids(page)).toEqual([beta.id]);
    expect(page.items[0]).toMatchObject({ branch_count: 1, contact_count: 0, open_tickets: 1 });
  });

  it('leaves archived companies out unless asked for them', async () => {
    const gone = await create(manager, { name: `Arquivada ${mk}` });
    const archived = await t.api('POST', `/api/companies/${gone.id}/archive`, { token: manager.token });
    expect(archived.status, archived.text).toBe(200);
    expect(ids(await list(reader, `?q=${mk}`))).not.toContain(gone.id);
    expect(ids(await list(reader, `?q=${mk}&archived=true`))).toEqual([gone.id]);
  });

  it('counts totals without text search from the kept counts, equal to counting the rows', async () => {
    const { db } = t.server;
    // Moves the kept counts follow: branches added, moved to another UF and deleted; a company archived,
    // re-kinded and given a manager; chamados opened, closed and moved.
    const moving = await create(manager, { name: `Em movimento ${mk}`, kind: 'parceiro' });
    const recife = await addBranch(manager, moving.id, { name: 'Recife', uf: 'PE' });
    const second = await addBranch(manager, moving.id, { name: 'Recife 2', uf: 'PE' });
    await addBranch(manager, moving.id, { name: 'Salvador', uf: 'BA' });
    await t.api('PATCH', `/api/companies/${moving.id}/branches/${recife.id}`, {
      token: manager.token,
      body: { uf: 'CE' },
    });
    await t.api('DELETE', `/api/companies/${moving.id}/branches/${second.id}`, { token: manager.token });
    await t.api('PATCH', `/api/companies/${moving.id}`, {
      token: manager.token,
      body: { kind: 'fornecedor', account_manager_id: reader.id },
    });
    const opened = await openTicket(manager, moving.id);
    await openTicket(manager, moving.id);
    await closeTicket(opened.id);
    await t.server.db.query('UPDATE tickets SET company_id = $1 WHERE id = $2', [alfa.id, opened.id]);
    await t.server.db.query("UPDATE tickets SET status = 'aberto' WHERE id = $1", [opened.id]);
    const archivedToo = await create(manager, { name: `Arquivada com filial ${mk}` });
    await addBranch(manager, archivedToo.id, { name: 'Natal', uf: 'RN' });
    await t.api('POST', `/api/companies/${archivedToo.id}/archive`, { token: manager.token });

    const count = async (where: string, params: unknown[] = []) =>
      Number(
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies WHERE ${where}`, params))
          .rows[0]!.n,
      );
    const cases: [string, string, unknown[]][] = [
      ['', 'archived_at IS NULL', []],
      ['?kind=fornecedor', "archived_at IS NULL AND kind = 'fornecedor'", []],
      ['?status=inativo', "archived_at IS NULL AND status = 'inativo'", []],
      ['?archived=true', 'archived_at IS NOT NULL', []],
      [`?manager_id=${reader.id}`, 'archived_at IS NULL AND account_manager_id = $1', [reader.id]],
    ];
    const inUf = (uf: string) =>
      `EXISTS (SELECT 1 FROM branches b WHERE b.company_id = companies.id AND b.uf = '${uf}')`;
    for (const uf of ['PE', 'CE', 'BA', 'RN']) {
      cases.push([`?uf=${uf}`, `archived_at IS NULL AND ${inUf(uf)}`, []]);
      cases.push([`?uf=${uf}&archived=true`, `archived_at IS NOT NULL AND ${inUf(uf)}`, []]);
      cases.push([
        `?uf=${uf}&kind=fornecedor`,
        `archived_at IS NULL AND kind = 'fornecedor' AND ${inUf(uf)}`,
        [],
      ]);
      cases.push([
        `?uf=${uf}&manager_id=${reader.id}`,
        `archived_at IS NULL AND account_manager_id = $1 AND ${inUf(uf)}`,
        [reader.id],
      ]);
    }
    for (const [query, where, params] of cases) {
      expect((await list(reader, query)).total, query).toBe(await count(where, params));
    }
    expect(ids(await list(reader, `?q=${mk}&uf=CE`))).toEqual([beta.id, moving.id]);
    expect(ids(await list(reader, `?q=${mk}&uf=PE`))).toEqual([alfa.id]);
    // Every company's open chamados, as the list shows them, equal the chamados counted.
    const { rows } = await db.query<{ id: number; open_tickets: number; counted: number }>(
      `SELECT c.id, c.open_tickets, (SELECT count(*)::int FROM tickets t WHERE t.company_id = c.id
         AND t.status IN ('aberto', 'em andamento', 'aguardando cliente')) AS counted FROM companies c`,
    );
    expect(rows.filter((row) => row.open_tickets !== row.counted)).toEqual([]);
    expect(rows.find((row) => row.id === moving.id)?.open_tickets).toBe(1);
  });
});

describe('creating and changing a company', () => {
  it('creates with defaults, normalised fields and an audit event', async () => {
    const mk = marker();
    const root = randomRoot();
    const company = await create(manager, {
      name: `  Nova ${mk} `,
      legal_name: 'Nova Empresa Ltda.',
      cnpj: `${root.slice(0, 2)}.${root.slice(2, 5)}.${root.slice(5)}/0001-${cnpjOf(root).slice(12)}`,
      state_registration: 'isento',
      website: 'nova.com.br',
      email_domains: ['@Nova.com.br', 'nova.com.br', ''],
      phone: '(11) 91234-5678',
    });
    expect(company).toMatchObject({
      name: `Nova ${mk}`,
      legal_name: 'Nova Empresa Ltda.',
      cnpj: cnpjOf(root),
      state_registration: 'ISENTO',
      kind: 'cliente',
      status: 'ativo',
      website: 'https://nova.com.br/',
      email_domains: ['nova.com.br'],
      phone: '+5511912345678',
      account_manager: null,
      parent: null,
      archived_at: null,
      open_tickets: 0,
    });
    const trail = await t.api('GET', `/api/companies/${company.id}/activity`, { token: reader.token });
    expect(trail.status).toBe(200);
    const events = auditEventListSchema.parse(trail.body);
    expect(events.items).toHaveLength(1);
    expect(events.items[0]).toMatchObject({
      module: 'companies',
      action: 'created',
      company_id: company.id,
      actor: { id: manager.id },
      target_type: 'company',
      target_id: String(company.id),
      // Where people connected from is shown to administrators only.
      ip: null,
      user_agent: null,
    });
    const asAdmin = await t.api('GET', `/api/companies/${company.id}/activity`, { token: admin.token });
    expect(asAdmin.body.items[0].ip).toBeTruthy();
  });

  it('answers invalid fields with 400 and Portuguese details', async () => {
    const response = await t.api('POST', '/api/companies', {
      token: manager.token,
      body: { name: '', legal_name: 'X', cnpj: '11.222.333/0001-82', phone: '123', kind: 'amigo', extra: 1 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'validation_failed',
      details: {
        name: 'Informe o nome fantasia',
        cnpj: 'CNPJ inválido',
        phone: 'Telefone inválido: use DDD e número, como (11) 91234-5678',
        extra: 'Campo não permitido',
      },
    });
    expect(response.body.details.kind).toContain('tipo deve ser um de');
  });

  it('refuses a CNPJ or a name already taken, and a manager who is not staff (409, 400)', async () => {
    const mk = marker();
    const cnpj = cnpjOf(randomRoot());
    await create(manager, { name: `Primeira ${mk}`, cnpj });
    const sameCnpj = await t.api('POST', '/api/companies', {
      token: manager.token,
      body: { name: `Segunda ${mk}`, legal_name: 'Segunda', cnpj },
    });
    expect(sameCnpj.status).toBe(409);
    expect(sameCnpj.body.details).toEqual({ cnpj: 'Já existe uma empresa com este CNPJ' });
    const sameName = await t.api('POST', '/api/companies', {
      token: manager.token,
      body: { name: `PRIMEIRA ${mk}`, legal_name: 'Outra' },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.details).toEqual({ name: 'Já existe uma empresa com este nome' });
    const client = await t.createUser({ role: 'cliente' });
    const clientManager = await t.api('POST', '/api/companies', {
      token: manager.token,
      body: { name: `Terceira ${mk}`, legal_name: 'Terceira', account_manager_id: client.id },
    });
    expect(clientManager.status).toBe(400);
    expect(clientManager.body.details).toEqual({
      account_manager_id: 'O responsável deve ser alguém da equipe',
    });
  });

  it('edits with before → after in the audit, and refuses a grupo econômico that loops (409)', async () => {
    const mk = marker();
    const holding = await create(manager, { name: `Holding ${mk}` });
    const child = await create(manager, { name: `Controlada ${mk}`, parent_id: holding.id });
    const grandchild = await create(manager, { name: `Neta ${mk}`, parent_id: child.id });
    expect(child.parent).toEqual({ id: holding.id, name: holding.name });

    const patched = await t.api('PATCH', `/api/companies/${holding.id}`, {
      token: manager.token,
      body: { legal_name: 'Holding S.A.', segment: 'Holding', email_domains: ['holding.com.br'] },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(companySchema.parse(patched.body)).toMatchObject({
      legal_name: 'Holding S.A.',
      segment: 'Holding',
    });

    for (const parent of [grandchild.id, holding.id]) {
      const loop = await t.api('PATCH', `/api/companies/${holding.id}`, {
        token: manager.token,
        body: { parent_id: parent },
      });
      expect(loop.status).toBe(409);
      expect(loop.body.details).toEqual({ parent_id: 'Esta empresa já está acima dela no grupo econômico' });
    }
    const missing = await t.api('PATCH', `/api/companies/${holding.id}`, {
      token: manager.token,
      body: { parent_id: 2_000_000_000 },
    });
    expect(missing.status).toBe(400);

    const detail = companyDetailSchema.parse(
      (await t.api('GET', `/api/companies/${holding.id}`, { token: reader.token })).body,
    );
    expect(detail.children).toEqual([{ id: child.id, name: child.name }]);

    const trail = auditEventListSchema.parse(
      (await t.api('GET', `/api/companies/${holding.id}/activity`, { token: reader.token })).body,
    );
    expect(trail.items.map((event) => event.action)).toEqual(['updated', 'created']);
    expect(trail.items[0]!.details).toEqual({
      changes: {
        legal_name: { from: `Holding ${mk} Ltda.`, to: 'Holding S.A.' },
        segment: { from: null, to: 'Holding' },
        email_domains: { from: [], to: ['holding.com.br'] },
      },
    });
    // Nothing to change: no event.
    await t.api('PATCH', `/api/companies/${holding.id}`, {
      token: manager.token,
      body: { segment: 'Holding' },
    });
    expect(
      (await t.api('GET', `/api/companies/${holding.id}/activity`, { token: reader.token })).body.total,
    ).toBe(2);
  });

  it('shows the page figures: open and overdue chamados, last contact, the next branch CNPJ', async () => {
    const root = randomRoot();
    const company = await create(manager, { name: `Figuras ${marker()}`, cnpj: cnpjOf(root) });
    await addBranch(manager, company.id, { name: 'Matriz', cnpj: cnpjOf(root, 1), head_office: true });
    const ticket = await openTicket(manager, company.id);
    await t.server.db.query("UPDATE tickets SET due_at = now() - interval '1 hour' WHERE id = $1", [
      ticket.id,
    ]);
    const detail = companyDetailSchema.parse(
      (await t.api('GET', `/api/companies/${company.id}`, { token: reader.token })).body,
    );
    expect(detail).toMatchObject({
      open_tickets: 1,
      overdue_tickets: 1,
      branch_count: 1,
      suggested_branch_cnpj: cnpjOf(root, 2),
    });
    expect(Date.parse(detail.last_contact_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.api('GET', '/api/companies/2000000000', { token: reader.token })).status).toBe(404);
  });
});

describe('archiving and deleting', () => {
  it('refuses both while chamados are open, then archives; deleting stays refused while chamados refer to it', async () => {
    const company = await create(manager, { name: `Ocupada ${marker()}` });
    const ticket = await openTicket(manager, company.id);
    const archive = await t.api('POST', `/api/companies/${company.id}/archive`, { token: manager.token });
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe(
      'Não é possível arquivar: a empresa tem 1 chamado em aberto. Resolva-os antes.',
    );
    const remove = await t.api('DELETE', `/api/companies/${company.id}`, { token: manager.token });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toContain('1 chamado em aberto');

    await closeTicket(ticket.id);
    const stillReferenced = await t.api('DELETE', `/api/companies/${company.id}`, { token: manager.token });
    expect(stillReferenced.status).toBe(409);
    expect(stillReferenced.body.message).toBe(
      'Não é possível excluir: a empresa tem 1 chamado ligados a ela. Arquive-a em vez de excluir.',
    );

    const archived = await t.api('POST', `/api/companies/${company.id}/archive`, { token: manager.token });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ status: 'inativo' });
    expect(archived.body.archived_at).not.toBeNull();
    const back = await t.api('POST', `/api/companies/${company.id}/unarchive`, { token: manager.token });
    expect(back.body).toMatchObject({ status: 'ativo', archived_at: null });
    const trail = auditEventListSchema.parse(
      (await t.api('GET', `/api/companies/${company.id}/activity`, { token: reader.token })).body,
    );
    expect(trail.items.map((event) => event.action)).toEqual(['unarchived', 'archived', 'created']);
  });

  it('refuses to delete a company whose people or group refer to it, and deletes one nothing refers to', async () => {
    const withUser = await create(manager, { name: `Com usuário ${marker()}` });
    await t.createUser({ role: 'cliente', companyId: withUser.id });
    const refused = await t.api('DELETE', `/api/companies/${withUser.id}`, { token: manager.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 usuário');

    const holding = await create(manager, { name: `Grupo ${marker()}` });
    await create(manager, { name: `Filha ${marker()}`, parent_id: holding.id });
    const group = await t.api('DELETE', `/api/companies/${holding.id}`, { token: manager.token });
    expect(group.status).toBe(409);
    expect(group.body.message).toContain('1 empresa no seu grupo');

    const free = await create(manager, { name: `Livre ${marker()}` });
    await addBranch(manager, free.id, { name: 'Única' });
    await addContact(manager, free.id, { name: 'Pessoa' });
    const removed = await t.api('DELETE', `/api/companies/${free.id}`, { token: manager.token });
    expect(removed.status).toBe(204);
    expect((await t.api('GET', `/api/companies/${free.id}`, { token: reader.token })).status).toBe(404);
    const { rows } = await t.server.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE module = 'companies' AND company_id = $1 ORDER BY id DESC LIMIT 1",
      [free.id],
    );
    expect(rows[0]?.action).toBe('deleted');
  });
});

describe('who may call what', () => {
  it('keeps staff without companies.view out (403) and lets companies.view read but not write', async () => {
    const company = await create(manager, { name: `Acesso ${marker()}` });
    for (const path of ['/api/companies', `/api/companies/${company.id}`, '/api/companies/options']) {
      expect((await t.api('GET', path, { token: noKey.token })).status, path).toBe(403);
    }
    expect((await t.api('GET', `/api/companies/${company.id}`, { token: reader.token })).status).toBe(200);
    const write = await t.api('PATCH', `/api/companies/${company.id}`, {
      token: reader.token,
      body: { segment: 'x' },
    });
    expect(write.status).toBe(403);
  });

  it('lets the demo gestor write companies', async () => {
    const token = await t.loginAs('gestor@farol.dev');
    const me = await t.api('GET', '/api/profile', { token });
    const gestor: TestUser = { id: me.body.id, email: 'gestor@farol.dev', token };
    // A database seeded by an earlier release keeps its gestor's keys; a fresh one gives companies.manage.
    if (!me.body.permissions.includes('companies.manage')) return;
    const company = await create(gestor, { name: `Do gestor ${marker()}` });
    expect(company.id).toBeGreaterThan(0);
  });

  it('gives a client 403 on staff routes and only their own card, logo and branch', async () => {
    const mk = marker();
    const mine = await create(manager, { name: `Cliente ${mk}` });
    const other = await create(manager, { name: `Outra ${mk}` });
    const branch = await addBranch(manager, mine.id, { name: 'Filial Sul', city: 'Porto Alegre', uf: 'RS' });
    await addBranch(manager, mine.id, { name: 'Matriz', uf: 'SP', head_office: true });
    const client = await t.createUser({ role: 'cliente', companyId: mine.id });
    const colleague = await t.createUser({ role: 'cliente', companyId: mine.id });
    await addContact(manager, mine.id, { name: 'A cliente', user_id: client.id, branch_id: branch.id });

    for (const [method, path] of [
      ['GET', '/api/companies'],
      ['GET', `/api/companies/${mine.id}`],
      ['GET', `/api/companies/${mine.id}/branches`],
      ['GET', `/api/companies/${mine.id}/contacts`],
      ['GET', `/api/companies/${mine.id}/activity`],
      ['PATCH', `/api/companies/${mine.id}`],
      ['GET', '/api/companies/export.csv'],
    ] as const) {
      expect((await t.api(method, path, { token: client.token })).status, path).toBe(403);
    }

    const card = await t.api('GET', '/api/companies/mine', { token: client.token });
    expect(card.status).toBe(200);
    expect(companyCardSchema.parse(card.body)).toEqual({
      id: mine.id,
      name: mine.name,
      logo_url: null,
      branch: { id: branch.id, name: 'Filial Sul', city: 'Porto Alegre', uf: 'RS' },
    });
    // Without a contact of their own, the matriz.
    const colleagueCard = await t.api('GET', '/api/companies/mine', { token: colleague.token });
    expect(colleagueCard.body.branch).toMatchObject({ name: 'Matriz', uf: 'SP' });
    expect((await t.api('GET', '/api/companies/mine', { token: reader.token })).status).toBe(404);
    const lonely = await t.createUser({ role: 'cliente' });
    expect((await t.api('GET', '/api/companies/mine', { token: lonely.token })).status).toBe(404);

    const upload = new FormData();
    upload.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const logo = await form('POST', `/api/companies/${mine.id}/logo`, manager, upload);
    expect(logo.status, logo.text).toBe(200);
    expect(logo.body.logo_url).toMatch(new RegExp(`^/api/companies/${mine.id}/logo\\?v=\\d+$`));
    for (const user of [reader, client]) {
      const file = await fetch(`${t.baseUrl}${logo.body.logo_url}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const otherClient = await t.createUser({ role: 'cliente', companyId: other.id });
    expect((await t.api('GET', `/api/companies/${mine.id}/logo`, { token: otherClient.token })).status).toBe(
      404,
    );
    expect((await t.api('GET', '/api/companies/mine', { token: client.token })).body.logo_url).toBe(
      logo.body.logo_url,
    );

    const text = new FormData();
    text.append('file', new Blob(['não é imagem'], { type: 'image/png' }), 'logo.png');
    expect((await form('POST', `/api/companies/${mine.id}/logo`, manager, text)).status).toBe(415);
    const removed = await t.api('DELETE', `/api/companies/${mine.id}/logo`, { token: manager.token });
    expect(removed.body.logo_url).toBeNull();
    expect((await t.api('GET', `/api/companies/${mine.id}/logo`, { token: reader.token })).status).toBe(404);
  });
});

describe('what the forms use', () => {
  it('offers staff as managers and every company; suggests companies by e-mail domain', async () => {
    const mk = marker();
    const company = await create(manager, { name: `Domínio ${mk}`, email_domains: [`${mk}.com.br`] });
    const options = companyFormOptionsSchema.parse(
      (await t.api('GET', '/api/companies/options', { token: reader.token })).body,
    );
    expect(options.managers.map((person) => person.id)).toEqual(
      expect.arrayContaining([manager.id, reader.id]),
    );
    const client = await t.createUser({ role: 'cliente' });
    expect(options.managers.map((person) => person.id)).not.toContain(client.id);
    expect(options.companies).toContainEqual({ id: company.id, name: company.name });

    const suggested = await t.api(
      'GET',
      `/api/companies/suggest?email=${encodeURIComponent(`Ana@${mk.toUpperCase()}.com.br`)}`,
      {
        token: reader.token,
      },
    );
    expect(suggested.body).toEqual({ items: [{ id: company.id, name: company.name }] });
    const invalid = await t.api('GET', '/api/companies/suggest?email=sem-arroba', { token: reader.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual({ email: 'E-mail inválido' });
  });

  it('answers 404 for an address by CEP while no provider is configured', async () => {
    const response = await t.api('GET', '/api/companies/cep/01310-100', { token: manager.token });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(
      'A consulta de CEP não está ativada neste servidor. Preencha o endereço.',
    );
  });
});

describe('chamados by branch', () => {
  it('filters the tickets list by branch', async () => {
    const company = await create(manager, { name: `Filiais ${marker()}` });
    const north = await addBranch(manager, company.id, { name: 'Norte' });
    const south = await addBranch(manager, company.id, { name: 'Sul' });
    const inNorth = await openTicket(manager, company.id, north.id);
    await openTicket(manager, company.id, south.id);
    await openTicket(manager, company.id);
    const response = await t.api('GET', `/api/tickets?branch_id=${north.id}`, { token: manager.token });
    expect(response.status).toBe(200);
    const page = ticketListSchema.parse(response.body);
    expect(page.items.map((ticket) => ticket.id)).toEqual([inNorth.id]);
    expect(page.total).toBe(1);
  });
});

describe('live events', () => {
  it('sends company:created and company:updated with the whole company to staff with companies.view', async () => {
    const readerSocket = await connectClient(t.realtimeUrl, { token: reader.token });
    const outsider = await connectClient(t.realtimeUrl, { token: noKey.token });
    sockets.push(readerSocket, outsider);
    const seenByOutsider = collect(outsider, 'company:created');

    const created = nextEvent<Company>(readerSocket, 'company:created');
    const company = await create(manager, { name: `Ao vivo ${marker()}` });
    expect(companySchema.parse(await created)).toEqual(company);

    const updated = nextEvent<Company>(readerSocket, 'company:updated');
    await addBranch(manager, company.id, { name: 'Nova filial' });
    expect(await updated).toMatchObject({ id: company.id, branch_count: 1 });

    await settle();
    expect(seenByOutsider).toEqual([]);
  });
});
