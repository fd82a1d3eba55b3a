import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEventListSchema,
  branchListSchema,
  companyContactListSchema,
  companyDetailSchema,
  formatCnpj,
} from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { cnpjOf, companyHelpers, marker, randomRoot } from './company-helpers';

const t = setupTestServer({ demo: false });
const { create, addBranch, addContact, openTicket, closeTicket } = companyHelpers(t);

let manager: TestUser;
let reader: TestUser;

beforeAll(async () => {
  manager = await t.createUser({
    role: 'gestor',
    permissions: ['tickets.view', 'companies.view', 'companies.manage'],
  });
  reader = await t.createUser({ role: 'tecnico', permissions: ['companies.view'] });
});

const branchesOf = async (companyId: number) =>
  branchListSchema.parse(
    (await t.api('GET', `/api/companies/${companyId}/branches`, { token: reader.token })).body,
  );
const contactsOf = async (companyId: number, query = '') =>
  companyContactListSchema.parse(
    (await t.api('GET', `/api/companies/${companyId}/contacts${query}`, { token: reader.token })).body,
  );

describe('branches', () => {
  it("takes only CNPJs of the company's root, suggests the next order and keeps one matriz", async () => {
    const root = randomRoot();
    const company = await create(manager, { name: `Raiz ${marker()}`, cnpj: cnpjOf(root) });
    const head = await addBranch(manager, company.id, {
      name: 'Matriz',
      cnpj: formatCnpj(cnpjOf(root, 1)),
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1578',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
      phone: '(11) 3333-4444',
      head_office: true,
    });
    expect(head).toMatchObject({
      cnpj: cnpjOf(root, 1),
      cep: '01310100',
      phone: '+551133334444',
      head_office: true,
    });

    const otherRoot = randomRoot();
    const wrongRoot = await t.api('POST', `/api/companies/${company.id}/branches`, {
      token: manager.token,
      body: { name: 'Errada', cnpj: cnpjOf(otherRoot, 2) },
    });
    expect(wrongRoot.status).toBe(400);
    expect(wrongRoot.body.details).toEqual({
      cnpj: `O CNPJ da filial deve ter a mesma raiz (${formatCnpj(cnpjOf(root)).slice(0, 10)}) da empresa`,
    });
    const invalid = await t.api('POST', `/api/companies/${company.id}/branches`, {
      token: manager.token,
      body: { name: 'Inválida', cnpj: '11.222.333/0001-82', cep: '123', uf: 'XX' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual({
      cnpj: 'CNPJ inválido',
      cep: 'CEP inválido: use 00000-000',
      uf: 'UF inválida',
    });
    const taken = await t.api('POST', `/api/companies/${company.id}/branches`, {
      token: manager.token,
      body: { name: 'Repetida', cnpj: cnpjOf(root, 1) },
    });
    expect(taken.status).toBe(409);

    let detail = companyDetailSchema.parse(
      (await t.api('GET', `/api/companies/${company.id}`, { token: reader.token })).body,
    );
    expect(detail.suggested_branch_cnpj).toBe(cnpjOf(root, 2));
    const second = await addBranch(manager, company.id, {
      name: 'Filial',
      cnpj: detail.suggested_branch_cnpj,
    });
    detail = companyDetailSchema.parse(
      (await t.api('GET', `/api/companies/${company.id}`, { token: reader.token })).body,
    );
    expect(detail.suggested_branch_cnpj).toBe(cnpjOf(root, 3));

    // A new matriz takes the flag from the old one.
    const moved = await t.api('PATCH', `/api/companies/${company.id}/branches/${second.id}`, {
      token: manager.token,
      body: { head_office: true },
    });
    expect(moved.status, moved.text).toBe(200);
    const branches = await branchesOf(company.id);
    expect(branches.items.map((branch) => [branch.id, branch.head_office])).toEqual([
      [second.id, true],
      [head.id, false],
    ]);

    // The company's CNPJ may not leave its branches' root.
    const newRoot = await t.api('PATCH', `/api/companies/${company.id}`, {
      token: manager.token,
      body: { cnpj: cnpjOf(otherRoot) },
    });
    expect(newRoot.status).toBe(400);
    expect(newRoot.body.details.cnpj).toContain('mesma raiz');
  });

  it('refuses to delete a branch with open chamados; closed ones lose their branch', async () => {
    const company = await create(manager, { name: `Filial ocupada ${marker()}` });
    const branch = await addBranch(manager, company.id, { name: 'Centro' });
    const ticket = await openTicket(manager, company.id, branch.id);
    expect((await branchesOf(company.id)).items[0]).toMatchObject({ id: branch.id, open_tickets: 1 });

    const refused = await t.api('DELETE', `/api/companies/${company.id}/branches/${branch.id}`, {
      token: manager.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Não é possível excluir: a filial tem 1 chamado em aberto.');

    await closeTicket(ticket.id);
    const removed = await t.api('DELETE', `/api/companies/${company.id}/branches/${branch.id}`, {
      token: manager.token,
    });
    expect(removed.status).toBe(204);
    const { rows } = await t.server.db.query<{ branch_id: number | null }>(
      'SELECT branch_id FROM tickets WHERE id = $1',
      [ticket.id],
    );
    expect(rows[0]?.branch_id).toBeNull();
    const trail = auditEventListSchema.parse(
      (await t.api('GET', `/api/companies/${company.id}/activity`, { token: reader.token })).body,
    );
    expect(trail.items.map((event) => event.action)).toEqual(['branch_deleted', 'branch_created', 'created']);
  });

  it("lets staff set, change and clear a chamado's branch among its company's branches only", async () => {
    const company = await create(manager, { name: `Filial do chamado ${marker()}` });
    const other = await create(manager, { name: `Outra filial ${marker()}` });
    const north = await addBranch(manager, company.id, { name: 'Norte' });
    const south = await addBranch(manager, company.id, { name: 'Sul' });
    const foreign = await addBranch(manager, other.id, { name: 'Alheia' });
    const ticket = await openTicket(manager, company.id);
    const patchBranch = (branchId: number | null) =>
      t.api('PATCH', `/api/tickets/${ticket.id}`, { token: manager.token, body: { branch_id: branchId } });

    const set = await patchBranch(north.id);
    expect(set.status, set.text).toBe(200);
    expect(set.body.branch_id).toBe(north.id);
    const moved = await patchBranch(south.id);
    expect(moved.body.branch_id).toBe(south.id);

    const refused = await patchBranch(foreign.id);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ branch_id: 'Filial não encontrada nesta empresa' });

    const filtered = await t.api('GET', `/api/tickets?branch_id=${south.id}`, { token: manager.token });
    expect(filtered.body.items.map((item: { id: number }) => item.id)).toEqual([ticket.id]);
    expect((await branchesOf(company.id)).items.map((branch) => [branch.name, branch.open_tickets])).toEqual([
      ['Norte', 0],
      ['Sul', 1],
    ]);

    const cleared = await patchBranch(null);
    expect(cleared.body.branch_id).toBeNull();
    const detail = await t.api('GET', `/api/tickets/${ticket.id}`, { token: manager.token });
    expect(
      detail.body.history
        .filter((entry: { field: string }) => entry.field === 'branch')
        .map((entry: { from: string | null; to: string | null }) => [entry.from, entry.to]),
    ).toEqual([
      [null, 'Norte'],
      ['Norte', 'Sul'],
      ['Sul', null],
    ]);
    const { rows } = await t.server.db.query<{ details: { changes: { branch: unknown } } }>(
      `SELECT details FROM audit_events WHERE module = 'tickets' AND action = 'updated' AND target_id = $1
       ORDER BY id`,
      [String(ticket.id)],
    );
    expect(rows.map((row) => row.details.changes.branch)).toEqual([
      { from: null, to: { id: north.id, name: 'Norte' } },
      { from: { id: north.id, name: 'Norte' }, to: { id: south.id, name: 'Sul' } },
      { from: { id: south.id, name: 'Sul' }, to: null },
    ]);
  });

  it("answers 404 for another company's branch", async () => {
    const one = await create(manager, { name: `Uma ${marker()}` });
    const two = await create(manager, { name: `Duas ${marker()}` });
    const branch = await addBranch(manager, one.id, { name: 'Dela' });
    const response = await t.api('PATCH', `/api/companies/${two.id}/branches/${branch.id}`, {
      token: manager.token,
      body: { name: 'Minha' },
    });
    expect(response.status).toBe(404);
  });
});

describe('contacts', () => {
  it('lists a contact under its company and under its other companies, and counts it in each', async () => {
    const mk = marker();
    const holding = await create(manager, { name: `TI do grupo ${mk}` });
    const first = await create(manager, { name: `Controlada A ${mk}` });
    const second = await create(manager, { name: `Controlada B ${mk}` });
    const branch = await addBranch(manager, holding.id, { name: 'Sede' });
    const shared = await addContact(manager, holding.id, {
      name: 'Paula Souza',
      job_title: 'Gerente de TI',
      email: 'Paula@Grupo.com.br',
      mobile: '(41) 99112-2334',
      whatsapp: true,
      technical: true,
      branch_id: branch.id,
      other_company_ids: [first.id, second.id, holding.id, first.id],
    });
    expect(shared).toMatchObject({
      company_id: holding.id,
      company_name: holding.name,
      email: 'paula@grupo.com.br',
      mobile: '+5541991122334',
      branch: { id: branch.id, name: 'Sede' },
      other_companies: [
        { id: first.id, name: first.name },
        { id: second.id, name: second.name },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    });
    await addContact(manager, first.id, { name: 'Ana Local', primary: true });

    expect((await contactsOf(holding.id)).items.map((contact) => contact.id)).toEqual([shared.id]);
    const ofFirst = await contactsOf(first.id);
    // Its own contacts first, then those who also answer for it.
    expect(ofFirst.items.map((contact) => contact.name)).toEqual(['Ana Local', 'Paula Souza']);
    expect(ofFirst.total).toBe(2);
    expect((await contactsOf(first.id, '?q=paula')).items.map((contact) => contact.id)).toEqual([shared.id]);
    const detail = await t.api('GET', `/api/companies/${second.id}`, { token: reader.token });
    expect(detail.body.contact_count).toBe(1);

    // Changed only through its own company.
    const elsewhere = await t.api('PATCH', `/api/companies/${first.id}/contacts/${shared.id}`, {
      token: manager.token,
      body: { vip: true },
    });
    expect(elsewhere.status).toBe(404);
    const narrowed = await t.api('PATCH', `/api/companies/${holding.id}/contacts/${shared.id}`, {
      token: manager.token,
      body: { other_company_ids: [second.id], vip: true },
    });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect(narrowed.body).toMatchObject({
      vip: true,
      other_companies: [{ id: second.id, name: second.name }],
    });
    expect((await contactsOf(first.id)).total).toBe(1);

    // A company others' contacts answer for is not deleted.
    const refused = await t.api('DELETE', `/api/companies/${second.id}`, { token: manager.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 contato de outra empresa');

    const trail = auditEventListSchema.parse(
      (await t.api('GET', `/api/companies/${holding.id}/activity`, { token: reader.token })).body,
    );
    expect(trail.items[0]).toMatchObject({
      action: 'contact_updated',
      target_type: 'contact',
      target_id: String(shared.id),
      details: {
        contact_id: shared.id,
        name: 'Paula Souza',
        changes: {
          vip: { from: false, to: true },
          other_company_ids: { from: [first.id, second.id].sort((a, b) => a - b), to: [second.id] },
        },
      },
    });
  });

  it('keeps one principal contact per company', async () => {
    const company = await create(manager, { name: `Principal ${marker()}` });
    const first = await addContact(manager, company.id, { name: 'Primeira', primary: true });
    const second = await addContact(manager, company.id, { name: 'Segunda', primary: true });
    const contacts = await contactsOf(company.id);
    expect(contacts.items.map((contact) => [contact.id, contact.primary])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it("checks the branch, the other companies and the portal user against the contact's company", async () => {
    const company = await create(manager, { name: `Checagens ${marker()}` });
    const other = await create(manager, { name: `Alheia ${marker()}` });
    const foreignBranch = await addBranch(manager, other.id, { name: 'Alheia' });
    const staff = await t.createUser({ role: 'tecnico' });
    const outsider = await t.createUser({ role: 'cliente', companyId: other.id });
    const member = await t.createUser({ role: 'cliente', companyId: company.id });
    const cases: [Record<string, unknown>, number, Record<string, string>][] = [
      [{ branch_id: foreignBranch.id }, 400, { branch_id: 'Filial não encontrada nesta empresa' }],
      [
        { other_company_ids: [2_000_000_000] },
        400,
        { other_company_ids: 'Empresa não encontrada: 2000000000' },
      ],
      [{ user_id: staff.id }, 400, { user_id: 'O acesso ao portal é de um usuário cliente' }],
      [{ user_id: outsider.id }, 400, { user_id: 'O usuário deve ser cliente desta empresa' }],
      [{ email: 'sem-arroba', phone: '99' }, 400, { email: 'E-mail inválido' }],
    ];
    for (const [body, status, details] of cases) {
      const response = await t.api('POST', `/api/companies/${company.id}/contacts`, {
        token: manager.token,
        body: { name: 'Pessoa', ...body },
      });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.details, JSON.stringify(body)).toMatchObject(details);
    }
    const linked = await addContact(manager, company.id, { name: 'Com acesso', user_id: member.id });
    expect(linked.user_id).toBe(member.id);
    const twice = await t.api('POST', `/api/companies/${company.id}/contacts`, {
      token: manager.token,
      body: { name: 'De novo', user_id: member.id },
    });
    expect(twice.status).toBe(409);

    const removed = await t.api('DELETE', `/api/companies/${company.id}/contacts/${linked.id}`, {
      token: manager.token,
    });
    expect(removed.status).toBe(204);
    expect((await contactsOf(company.id)).total).toBe(0);
  });
});
