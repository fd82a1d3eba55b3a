import { describe, expect, it } from 'vitest';
import { auditEventListSchema, type AuditEvent } from '@farol/data/contract';
import { setupTestServer } from './harness';
import { ticketHelpers } from './ticket-helpers';

const t = setupTestServer();
const { insertCompany, create, patch } = ticketHelpers(t);

const AGENT = 'Farol-Teste/1.0';

/** The trail of one record (newest first), read through the service every module can call. */
const trailOf = async (targetType: string, targetId: number) =>
  (await t.server.app.audit.list({ targetType, targetId: String(targetId), page: 1, limit: 100 })).items;

const actions = (events: AuditEvent[]) => events.map((event) => `${event.module}.${event.action}`);

describe('the audit trail', () => {
  it('records logins, failed logins and logouts with the address and the agent', async () => {
    const user = await t.createUser({ role: 'tecnico', password: 'senha-do-teste-1' });
    const headers = { 'user-agent': AGENT };
    const wrong = await t.api('POST', '/api/auth/login', {
      body: { login: user.email, password: 'errada-errada' },
      headers,
    });
    expect(wrong.status).toBe(401);
    const login = await t.api('POST', '/api/auth/login', {
      body: { login: user.email, password: 'senha-do-teste-1' },
      headers,
    });
    expect(login.status).toBe(200);
    const logout = await t.api('POST', '/api/auth/logout', { token: login.body.token, headers });
    expect(logout.status).toBe(204);

    const events = await trailOf('user', user.id);
    expect(actions(events)).toEqual(['auth.logout', 'auth.login', 'auth.login_failed']);
    const [out, success, failed] = events as [AuditEvent, AuditEvent, AuditEvent];
    expect(failed).toMatchObject({
      actor: null,
      actor_kind: 'anonymous',
      ip: '127.0.0.1',
      user_agent: AGENT,
      details: { login: user.email },
    });
    expect(success).toMatchObject({ actor: { id: user.id, name: 'Pessoa Teste' }, actor_kind: 'staff' });
    expect(out).toMatchObject({ actor: { id: user.id }, user_agent: AGENT });
    // The password never reaches the trail.
    expect(JSON.stringify(events)).not.toContain('errada-errada');
  });

  it('records profile changes field by field, and nothing when nothing changed', async () => {
    const user = await t.createUser({ role: 'cliente', companyId: await t.companyId('Acme') });
    const body = { theme: 'oceano', first_name: 'Pessoa' };
    expect((await t.api('PUT', '/api/profile', { token: user.token, body })).status).toBe(200);
    expect((await t.api('PUT', '/api/profile', { token: user.token, body })).status).toBe(200);
    const events = await trailOf('user', user.id);
    expect(actions(events)).toEqual(['profile.updated']);
    expect(events[0]).toMatchObject({
      actor_kind: 'client',
      company_id: await t.companyId('Acme'),
      details: { changes: { theme: { from: 'default', to: 'oceano' } } },
    });
  });

  it('records ticket changes in their transaction: a refused change leaves no event', async () => {
    const company = await insertCompany('Auditada');
    const staff = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    const ticket = await create(staff, { subject: 'Auditar', description: 'x', company_id: company.id });
    expect((await patch(staff, ticket.id, { status: 'em andamento', priority: 'alta' })).status).toBe(200);
    // em andamento → fechado is not a transition: 409, and the priority sent with it is not applied either.
    expect((await patch(staff, ticket.id, { status: 'fechado', priority: 'baixa' })).status).toBe(409);
    const reply = await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: staff.token,
      body: { body: 'Resposta' },
    });
    const note = await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: staff.token,
      body: { body: 'Nota', internal: true },
    });

    const events = await trailOf('ticket', ticket.id);
    expect(actions(events)).toEqual([
      'tickets.note_added',
      'tickets.message_added',
      'tickets.updated',
      'tickets.created',
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ company_id: company.id, ticket_id: ticket.id, actor: { id: staff.id } });
    }
    expect(events[2]!.details).toEqual({
      changes: {
        status: { from: 'aberto', to: 'em andamento' },
        priority: { from: 'média', to: 'alta' },
      },
    });
    expect(events[1]!.details).toEqual({ message_id: reply.body.id, attachments: 0 });
    expect(events[0]!.details).toEqual({ message_id: note.body.id, attachments: 0 });
  });

  it('is read by admins only, newest first, filtered and paged', async () => {
    const company = await insertCompany('Lida');
    const staff = await t.createUser({ role: 'gestor', permissions: ['tickets.view', 'users.manage'] });
    const admin = await t.createUser({ role: 'admin' });
    for (const subject of ['Um', 'Dois', 'Três']) {
      await create(staff, { subject: `Chamado ${subject}`, description: 'x', company_id: company.id });
    }
    expect((await t.api('GET', '/api/audit', { token: staff.token })).status).toBe(403);

    const page = await t.api('GET', `/api/audit?company_id=${company.id}&limit=2`, { token: admin.token });
    expect(page.status).toBe(200);
    const list = auditEventListSchema.parse(page.body);
    expect(list.total).toBe(3);
    expect(list.items.map((event) => event.details.subject)).toEqual(['Chamado Três', 'Chamado Dois']);
    const rest = await t.api('GET', `/api/audit?company_id=${company.id}&limit=2&page=2`, {
      token: admin.token,
    });
    expect(rest.body.items.map((event: AuditEvent) => event.details.subject)).toEqual(['Chamado Um']);

    const byActor = await t.api('GET', `/api/audit?actor_id=${staff.id}&module=tickets&action=created`, {
      token: admin.token,
    });
    expect(byActor.body.total).toBe(3);

    const bad = await t.api('GET', '/api/audit?limit=0', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ limit: 'limit deve ser ao menos 1' });
    const orphan = await t.api('GET', '/api/audit?target_id=7', { token: admin.token });
    expect(orphan.body.details).toEqual({ target_type: 'Informe target_type junto com target_id' });
  });
});
