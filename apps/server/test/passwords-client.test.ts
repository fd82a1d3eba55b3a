/**
 * The vault's client side over HTTP (issue 14): "Pedir credencial ao cliente" through the one-time link and
 * through the portal (sealed into the company's folder, the link dead after use, expiry or cancellation,
 * hashed at rest, rate limited), the items flagged visível ao cliente revealed by their company's client
 * users (audited; another company's client gets 404), and the company page's figures.
 */
import { describe, expect, it } from 'vitest';
import {
  REQUEST_DEFAULT_FOLDER,
  REQUEST_LINK_MESSAGES,
  clientPasswordListSchema,
  companyPasswordFiguresSchema,
  createdVaultRequestSchema,
  passwordItemSchema,
  vaultRequestInfoSchema,
  vaultRequestListSchema,
} from '@farol/data/contract';
import { hashRequestToken } from '../src/modules/passwords/requests';
import { setupTestServer } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';

const ctx = setupTestServer({
  vaultKey: TEST_VAULT_KEY,
  vaultRotationSweep: false,
  vaultRevealsPerMinute: 1000,
});

const MANAGE = ['passwords.view', 'passwords.reveal', 'passwords.manage'];

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

const ask = async (token: string, body: Record<string, unknown>) => {
  const response = await ctx.api('POST', '/api/passwords/requests', {
    token,
    body: { kind: 'login', title: vaultMarker(), ...body },
  });
  expect(response.status, response.text).toBe(201);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return createdVaultRequestSchema.parse(response.body);
};

const auditOf = async (action: string, targetId: number | string) =>
  (
    await ctx.server.db.query<{ actor_kind: string; actor_id: number | null; company_id: number | null }>(
      `SELECT actor_kind, actor_id, company_id FROM audit_events
        WHERE module = 'passwords' AND action = $1 AND target_id = $2`,
      [action, String(targetId)],
    )
  ).rows;

describe('Pedir credencial ao cliente: the one-time link', () => {
  it('lands the credential encrypted in the company folder, and the link dies after use', async () => {
    const companyId = await createTestCompany(ctx);
    const manager = await ctx.createUser({ role: 'tecnico', permissions: MANAGE });
    const created = await ask(manager.token, {
      company_id: companyId,
      title: 'Roteador da recepção',
      message: 'Pode mandar a senha do painel?',
    });
    expect(created.link).toMatch(/\/credencial\/[A-Za-z0-9_-]{43}$/);
    expect(created.request).toMatchObject({ state: 'pendente', company: { id: companyId }, item: null });
    const token = tokenOf(created.link);
    // Only the token's hash is stored.
    const stored = await ctx.server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM vault_requests WHERE id = $1',
      [created.request.id],
    );
    expect(stored.rows[0]!.token_hash).toBe(hashRequestToken(token));
    expect(stored.rows[0]!.token_hash).not.toContain(token);

    const info = await ctx.api('GET', `/api/passwords/requests/link/${token}`);
    expect(info.status).toBe(200);
    expect(vaultRequestInfoSchema.parse(info.body)).toMatchObject({
      title: 'Roteador da recepção',
      message: 'Pode mandar a senha do painel?',
      kind: 'login',
    });

    const secret = `segredo-${vaultMarker()}`;
    const sent = await ctx.api('POST', `/api/passwords/requests/link/${token}`, {
      body: { username: 'admin', url: 'http://192.168.0.1', password: secret, sent_by: 'Ana da Acme' },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toEqual({ message: REQUEST_LINK_MESSAGES.received });

    // Used: the link answers 410 with its reason, both to open and to send again.
    const again = await ctx.api('GET', `/api/passwords/requests/link/${token}`);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ message: REQUEST_LINK_MESSAGES.used, details: { state: 'recebido' } });
    const twice = await ctx.api('POST', `/api/passwords/requests/link/${token}`, {
      body: { password: 'outra' },
    });
    expect(twice.status).toBe(410);

    // Staff see the item in the company's "Enviadas pelo cliente" folder, and reveal what the client typed.
    const list = await ctx.api('GET', `/api/passwords/requests?company_id=${companyId}`, {
      token: manager.token,
    });
    const request = vaultRequestListSchema.parse(list.body).items[0]!;
    expect(request).toMatchObject({ state: 'recebido', item: { name: 'Roteador da recepção' } });
    const item = passwordItemSchema.parse(
      (await ctx.api('GET', `/api/passwords/${request.item!.id}`, { token: manager.token })).body,
    );
    expect(item).toMatchObject({
      company: { id: companyId },
      folder: { name: REQUEST_DEFAULT_FOLDER },
      username: 'admin',
      url: 'http://192.168.0.1',
      secret_fields: ['password'],
      owner: { id: manager.id },
    });
    expect(item.description).toContain('Ana da Acme');
    const revealed = await ctx.api('POST', `/api/passwords/${item.id}/reveal`, {
      token: manager.token,
      body: { field: 'password' },
    });
    expect(revealed.body).toEqual({ field: 'password', value: secret });
    // Sealed at rest: the secret is not in the row.
    const row = await ctx.server.db.query<{ secrets: unknown }>(
      'SELECT secrets FROM vault_items WHERE id = $1',
      [item.id],
    );
    expect(JSON.stringify(row.rows[0]!.secrets)).not.toContain(secret);
    // Audited: the request by staff, the answer by an anonymous caller.
    expect(await auditOf('request_created', created.request.id)).toMatchObject([
      { actor_kind: 'staff', actor_id: manager.id, company_id: companyId },
    ]);
    expect(await auditOf('request_answered', item.id)).toMatchObject([
      { actor_kind: 'anonymous', actor_id: null, company_id: companyId },
    ]);
    // The person who asked is told.
    const notes = await ctx.server.db.query<{ title: string; link: string }>(
      'SELECT title, link FROM notifications WHERE user_id = $1',
      [manager.id],
    );
    expect(notes.rows).toContainEqual({ title: 'Credencial recebida', link: `/passwords/${item.id}` });
  });

  it('answers expired, cancelled and unknown links in Portuguese', async () => {
    const companyId = await createTestCompany(ctx);
    const admin = await ctx.loginAs('admin@farol.dev');
    const expired = await ask(admin, { company_id: companyId });
    await ctx.server.db.query(
      "UPDATE vault_requests SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [expired.request.id],
    );
    const late = await ctx.api('GET', `/api/passwords/requests/link/${tokenOf(expired.link)}`);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({
      message: REQUEST_LINK_MESSAGES.expired,
      details: { state: 'expirado' },
    });
    const lateSend = await ctx.api('POST', `/api/passwords/requests/link/${tokenOf(expired.link)}`, {
      body: { password: 'x' },
    });
    expect(lateSend.status).toBe(410);

    const cancelled = await ask(admin, { company_id: companyId });
    expect(
      (await ctx.api('DELETE', `/api/passwords/requests/${cancelled.request.id}`, { token: admin })).status,
    ).toBe(204);
    const gone = await ctx.api('GET', `/api/passwords/requests/link/${tokenOf(cancelled.link)}`);
    expect(gone.body).toMatchObject({ message: REQUEST_LINK_MESSAGES.cancelled });
    // Only a pending request can be cancelled.
    expect(
      (await ctx.api('DELETE', `/api/passwords/requests/${cancelled.request.id}`, { token: admin })).status,
    ).toBe(409);

    const unknown = await ctx.api('GET', `/api/passwords/requests/link/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(REQUEST_LINK_MESSAGES.invalid);

    const states = vaultRequestListSchema.parse(
      (
        await ctx.api('GET', `/api/passwords/requests?company_id=${companyId}&state=expirado`, {
          token: admin,
        })
      ).body,
    );
    expect(states.items.map((request) => request.id)).toEqual([expired.request.id]);
  });

  it('refuses an empty answer and a bad request with the fields in Portuguese', async () => {
    const companyId = await createTestCompany(ctx);
    const admin = await ctx.loginAs('admin@farol.dev');
    const created = await ask(admin, { company_id: companyId });
    const empty = await ctx.api('POST', `/api/passwords/requests/link/${tokenOf(created.link)}`, {
      body: { username: 'só o usuário' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ password: 'Informe a senha, a chave ou as observações' });
    const bad = await ctx.api('POST', '/api/passwords/requests', {
      token: admin,
      body: { company_id: companyId, kind: 'cofre', title: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      kind: expect.stringContaining('tipo deve ser um de'),
      title: 'Informe o que você está pedindo',
    });
    const otherFolder = await ctx.api('POST', '/api/passwords/folders', {
      token: admin,
      body: { name: vaultMarker(), company_id: await createTestCompany(ctx) },
    });
    const wrongFolder = await ctx.api('POST', '/api/passwords/requests', {
      token: admin,
      body: { company_id: companyId, kind: 'login', title: 'x', folder_id: otherFolder.body.id },
    });
    expect(wrongFolder.body.details).toEqual({ folder_id: 'A pasta não é desta empresa' });
  });

  it('needs passwords.manage to ask, and keeps staff limited to some companies inside them', async () => {
    const companyId = await createTestCompany(ctx);
    const viewer = await ctx.createUser({
      role: 'tecnico',
      permissions: ['passwords.view', 'passwords.reveal'],
    });
    const refused = await ctx.api('POST', '/api/passwords/requests', {
      token: viewer.token,
      body: { company_id: companyId, kind: 'login', title: 'x' },
    });
    expect(refused.status).toBe(403);
    const client = await ctx.loginAs('cliente@acme.com.br');
    expect((await ctx.api('GET', '/api/passwords/requests', { token: client })).status).toBe(403);
  });
});

describe('Pedir credencial ao cliente: the portal', () => {
  it("shows a company's pending requests to its client users, who answer them; another company's sees none", async () => {
    const acme = await ctx.companyId('Acme');
    const admin = await ctx.loginAs('admin@farol.dev');
    const created = await ask(admin, { company_id: acme, kind: 'wifi', title: `Wi-Fi ${vaultMarker()}` });
    const client = await ctx.createUser({ role: 'cliente', companyId: acme });
    const other = await ctx.createUser({ role: 'cliente', companyId: await createTestCompany(ctx) });

    const mine = await ctx.api('GET', '/api/passwords/portal/requests', { token: client.token });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((request: { id: number }) => request.id)).toContain(created.request.id);
    const theirs = await ctx.api('GET', '/api/passwords/portal/requests', { token: other.token });
    expect(theirs.body.items.map((request: { id: number }) => request.id)).not.toContain(created.request.id);
    const stolen = await ctx.api('POST', `/api/passwords/portal/requests/${created.request.id}`, {
      token: other.token,
      body: { password: 'x' },
    });
    expect(stolen.status).toBe(404);

    const sent = await ctx.api('POST', `/api/passwords/portal/requests/${created.request.id}`, {
      token: client.token,
      body: { password: 'wifi-da-acme' },
    });
    expect(sent.status, sent.text).toBe(201);
    // The link of an answered request is dead too.
    expect((await ctx.api('GET', `/api/passwords/requests/link/${tokenOf(created.link)}`)).status).toBe(410);
    const list = vaultRequestListSchema.parse(
      (await ctx.api('GET', `/api/passwords/requests?company_id=${acme}`, { token: admin })).body,
    );
    const answered = list.items.find((request) => request.id === created.request.id)!;
    expect(answered.state).toBe('recebido');
    expect(await auditOf('request_answered', answered.item!.id)).toMatchObject([
      { actor_kind: 'client', actor_id: client.id, company_id: acme },
    ]);
  });

  it('answers staff 404 on the portal routes', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const response = await ctx.api('GET', '/api/passwords/portal/items', { token: admin });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Esta área é do portal do cliente');
  });
});

describe('items flagged visível ao cliente', () => {
  it("are listed and revealed by the company's client users, audited; another company's client gets 404", async () => {
    const companyId = await createTestCompany(ctx);
    const admin = await ctx.loginAs('admin@farol.dev');
    const make = async (body: Record<string, unknown>) => {
      const response = await ctx.api('POST', '/api/passwords', {
        token: admin,
        body: { kind: 'wifi', name: vaultMarker(), company_id: companyId, ...body },
      });
      expect(response.status, response.text).toBe(201);
      return passwordItemSchema.parse(response.body);
    };
    const shared = await make({
      client_visible: true,
      secrets: { password: 'rede-visitantes', totp: 'JBSWY3DPEHPK3PXP' },
    });
    const hidden = await make({ secrets: { password: 'rede-interna' } });
    const client = await ctx.createUser({ role: 'cliente', companyId });
    const other = await ctx.createUser({ role: 'cliente', companyId: await createTestCompany(ctx) });

    const list = clientPasswordListSchema.parse(
      (await ctx.api('GET', '/api/passwords/portal/items', { token: client.token })).body,
    );
    expect(list.items.map((item) => item.id)).toEqual([shared.id]);
    // The TOTP seed is never a client's to reveal, and the list holds no secret.
    expect(list.items[0]!.secret_fields).toEqual(['password']);
    expect(JSON.stringify(list)).not.toContain('rede-visitantes');

    const revealed = await ctx.api('POST', `/api/passwords/portal/items/${shared.id}/reveal`, {
      token: client.token,
      body: { field: 'password', reason: 'Configurar o notebook novo' },
    });
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    expect(revealed.body).toEqual({ field: 'password', value: 'rede-visitantes' });
    const copied = await ctx.api('POST', `/api/passwords/portal/items/${shared.id}/reveal`, {
      token: client.token,
      body: { field: 'password', purpose: 'copy' },
    });
    expect(copied.status).toBe(200);

    // The reveal log shows both, with the client as the actor and the reason given.
    const log = await ctx.api('GET', `/api/passwords/reveals?item_id=${shared.id}`, { token: admin });
    expect(log.body.items).toMatchObject([
      { action: 'copy', actor: { id: client.id }, reason: null },
      { action: 'reveal', actor: { id: client.id }, reason: 'Configurar o notebook novo', field: 'password' },
    ]);

    const seed = await ctx.api('POST', `/api/passwords/portal/items/${shared.id}/reveal`, {
      token: client.token,
      body: { field: 'totp' },
    });
    expect(seed.status).toBe(400);
    // Not visible to clients, and another company's: 404, like a missing item.
    for (const [token, id] of [
      [client.token, hidden.id],
      [other.token, shared.id],
    ] as const) {
      const refused = await ctx.api('POST', `/api/passwords/portal/items/${id}/reveal`, {
        token,
        body: { field: 'password' },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Item do cofre não encontrado');
    }
    const otherList = await ctx.api('GET', '/api/passwords/portal/items', { token: other.token });
    expect(otherList.body.items).toEqual([]);
  });
});

describe("the company page's figures", () => {
  it('count the items the caller reaches and the rotations due or overdue', async () => {
    const companyId = await createTestCompany(ctx);
    const admin = await ctx.loginAs('admin@farol.dev');
    const make = (body: Record<string, unknown>) =>
      ctx.api('POST', '/api/passwords', {
        token: admin,
        body: { kind: 'login', name: vaultMarker(), company_id: companyId, ...body },
      });
    await make({});
    const due = await make({ rotate_every_days: 5 });
    const overdue = await make({ rotate_every_days: 30 });
    await ctx.server.db.query(
      "UPDATE vault_items SET password_changed_at = now() - interval '40 days' WHERE id = $1",
      [overdue.body.id],
    );
    expect(due.status).toBe(201);
    const figures = await ctx.api('GET', `/api/passwords/companies/${companyId}/figures`, { token: admin });
    expect(companyPasswordFiguresSchema.parse(figures.body)).toEqual({ items: 3, due: 2, overdue: 1 });
    const limited = await ctx.createUser({ role: 'tecnico', permissions: ['passwords.view'] });
    const none = await ctx.api('GET', '/api/passwords/companies/999999/figures', { token: limited.token });
    expect(none.status).toBe(404);
  });
});

// Last: it spends this address's calls to the public link.
describe('the public link', () => {
  it('rate limits the public link by address', async () => {
    let last = 200;
    for (let call = 0; call < 40 && last !== 429; call += 1) {
      last = (await ctx.api('GET', `/api/passwords/requests/link/${'y'.repeat(43)}`)).status;
    }
    expect(last).toBe(429);
  });
});
