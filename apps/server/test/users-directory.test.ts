import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { userDirectoryEntrySchema, userProfileSchema, type UserPresenceEvent } from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { ack, collect, connectClient, type ClientSocket } from './realtime-helpers';

const t = setupTestServer();

/** A word no other file's rows carry, so searches here find only this file's people. */
const marker = `Dir${randomUUID().slice(0, 8)}`;

const waitFor = async (check: () => Promise<boolean>, what: string) => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`never: ${what}`);
};

describe('Usuários: the directory', () => {
  let viewer: TestUser;
  let noKey: TestUser;
  let joao: TestUser;
  let acmeClient: TestUser;
  let globexClient: TestUser;
  let acme: number;
  let globex: number;

  beforeAll(async () => {
    acme = await t.companyId('Acme');
    globex = await t.companyId('Globex');
    viewer = await t.createUser({ role: 'gestor', permissions: ['users.view'], firstName: `Vera ${marker}` });
    noKey = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    joao = await t.createUser({ role: 'tecnico', permissions: [], firstName: `João ${marker}` });
    acmeClient = await t.createUser({ role: 'cliente', companyId: acme, firstName: `Zélia ${marker}` });
    globexClient = await t.createUser({ role: 'client', companyId: globex, firstName: `Otávio ${marker}` });
    await t.server.db.query('UPDATE users SET phone = $2 WHERE id = $1', [joao.id, '(11) 91234-5678']);
    await t.server.db.query(
      `INSERT INTO company_contacts (company_id, name, job_title, department, phone, user_id)
       VALUES ($1, $2, 'Compradora', 'Suprimentos', '(11) 3333-4444', $3)`,
      [acme, `Zélia ${marker}`, acmeClient.id],
    );
  });

  const list = (query: string, token = viewer.token) => t.api('GET', `/api/users?${query}`, { token });

  it('searches name, e-mail and phone ignoring accents and case, names A→Z, with company and phone', async () => {
    const found = await list(`q=${encodeURIComponent(marker.toUpperCase())}`);
    expect(found.status).toBe(200);
    for (const item of found.body.items) expect(userDirectoryEntrySchema.strict().parse(item)).toBeTruthy();
    expect(found.body.items.map((item: { id: number }) => item.id)).toEqual([
      joao.id,
      globexClient.id,
      viewer.id,
      acmeClient.id,
    ]);
    expect(found.body.total).toBe(4);
    // "joao" finds "João"; "ZELIA" finds "Zélia"; her phone and company come from her contact record.
    const joaoFound = await list(`q=${encodeURIComponent(`joao ${marker.toLowerCase()}`)}`);
    expect(joaoFound.body.items).toEqual([
      expect.objectContaining({ id: joao.id, phone: '(11) 91234-5678', company_name: null }),
    ]);
    const zelia = await list(`q=${encodeURIComponent(`ZELIA ${marker}`)}`);
    expect(zelia.body.items).toEqual([
      expect.objectContaining({
        id: acmeClient.id,
        phone: '(11) 3333-4444',
        company_id: acme,
        company_name: 'Acme',
        presence: 'offline',
      }),
    ]);
    expect((await list('q=91234-5678')).body.items.map((item: { id: number }) => item.id)).toContain(joao.id);
    // LIKE wildcards typed are literal.
    expect((await list('q=%25_')).body.total).toBe(0);
  });

  it('filters by company (or none: the team), role (cliente takes both spellings) and pages', async () => {
    const q = `q=${marker}`;
    const ids = async (query: string) =>
      (await list(`${q}&${query}`)).body.items.map((item: { id: number }) => item.id);
    expect(await ids(`company_id=${acme}`)).toEqual([acmeClient.id]);
    expect(await ids('company_id=none')).toEqual([joao.id, viewer.id]);
    expect(await ids('role=cliente')).toEqual([globexClient.id, acmeClient.id]);
    expect(await ids('role=TECNICO')).toEqual([joao.id]);
    const second = await list(`${q}&limit=3&page=2`);
    expect(second.body).toMatchObject({ total: 4, items: [{ id: acmeClient.id }] });
    const options = await t.api('GET', '/api/users/options', { token: viewer.token });
    expect(options.status).toBe(200);
    expect(options.body.roles).toEqual(expect.arrayContaining(['cliente', 'gestor', 'tecnico']));
    expect(options.body.roles).not.toContain('client');
    expect(options.body.companies).toEqual(
      expect.arrayContaining([
        { id: acme, name: 'Acme' },
        { id: globex, name: 'Globex' },
      ]),
    );
  });

  it('keeps its totals right as people change role or company, or leave', async () => {
    const q = `q=${marker}`;
    const totalOf = async (query: string) => (await list(query)).body.total as number;
    const before = { tecnicos: await totalOf('role=tecnico'), acme: await totalOf(`company_id=${acme}`) };
    const moving = await t.createUser({ role: 'tecnico', firstName: `Mário ${marker}` });
    expect(await totalOf('role=tecnico')).toBe(before.tecnicos + 1);
    await t.server.db.query("UPDATE users SET role = 'Cliente', company_id = $2 WHERE id = $1", [
      moving.id,
      acme,
    ]);
    expect(await totalOf('role=tecnico')).toBe(before.tecnicos);
    expect(await totalOf(`company_id=${acme}`)).toBe(before.acme + 1);
    expect(await totalOf(`company_id=${acme}&role=client`)).toBe(
      await totalOf(`company_id=${acme}&role=cliente`),
    );
    expect((await list(`${q}&company_id=${acme}`)).body.total).toBe(2);
    // Offline: everyone matching but those connected (nobody of Acme here).
    expect(await totalOf(`company_id=${acme}&status=offline`)).toBe(before.acme + 1);
    await t.server.db.query('DELETE FROM company_contacts WHERE user_id = $1', [moving.id]);
    await t.server.db.query('DELETE FROM users WHERE id = $1', [moving.id]);
    expect(await totalOf(`company_id=${acme}`)).toBe(before.acme);
  });

  it('answers bad filters with 400 and the fields, and needs users.view (never clients)', async () => {
    const bad = await list('status=sumido&company_id=x&page=0&role=%3Cb%3E');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      status: 'status deve ser um de: online, ausente, offline',
      company_id: "company_id deve ser um número ou 'none'",
      page: 'page deve ser ao menos 1',
      role: 'role inválido',
    });
    expect((await list('', noKey.token)).status).toBe(403);
    expect((await list('', acmeClient.token)).status).toBe(403);
    expect((await t.api('GET', '/api/users/options', { token: acmeClient.token })).status).toBe(403);
  });

  it('shows presence from the realtime connections: online, ausente when every tab is idle, offline', async () => {
    const watcher = await connectClient(t.realtimeUrl, { token: viewer.token });
    const heard = collect<UserPresenceEvent>(watcher, 'user:presence');
    const sockets: ClientSocket[] = [];
    try {
      const presenceOf = async () =>
        (await list(`q=${encodeURIComponent(`joao ${marker}`)}`)).body.items[0]?.presence as string;
      expect(await presenceOf()).toBe('offline');

      sockets.push(await connectClient(t.realtimeUrl, { token: joao.token }));
      await waitFor(async () => heard.some((e) => e.userId === joao.id && e.status === 'online'), 'online');
      expect(await presenceOf()).toBe('online');
      // The watcher (Vera) is online too.
      expect((await list(`q=${marker}&status=online`)).body.items).toEqual([
        expect.objectContaining({ id: joao.id, presence: 'online' }),
        expect.objectContaining({ id: viewer.id, presence: 'online' }),
      ]);

      // A second tab in use keeps them online while the first is idle; both idle: ausente.
      sockets.push(await connectClient(t.realtimeUrl, { token: joao.token }));
      expect(await ack(sockets[0]!, 'presence:set', { state: 'idle' })).toEqual({ ok: true, state: 'idle' });
      expect(await presenceOf()).toBe('online');
      await ack(sockets[1]!, 'presence:set', { state: 'idle' });
      await waitFor(async () => heard.some((e) => e.userId === joao.id && e.status === 'ausente'), 'ausente');
      expect(await presenceOf()).toBe('ausente');
      expect((await list(`q=${marker}&status=ausente`)).body.items.map((i: { id: number }) => i.id)).toEqual([
        joao.id,
      ]);
      expect(
        (await list(`q=${marker}&status=offline`)).body.items.map((i: { id: number }) => i.id),
      ).not.toContain(joao.id);

      // A bad report is refused and changes nothing.
      const refused = await ack<{ ok: boolean; error: { details: Record<string, string> } }>(
        sockets[0]!,
        'presence:set',
        { state: 'dormindo' },
      );
      expect(refused.ok).toBe(false);
      expect(refused.error.details).toEqual({ state: "state deve ser 'active' ou 'idle'" });

      await ack(sockets[1]!, 'presence:set', { state: 'active' });
      expect(await presenceOf()).toBe('online');
      for (const socket of sockets.splice(0)) socket.close();
      await waitFor(async () => (await presenceOf()) === 'offline', 'offline after both tabs closed');
      await waitFor(
        async () => heard.at(-1)?.userId === joao.id && heard.at(-1)?.status === 'offline',
        'offline told',
      );
    } finally {
      for (const socket of sockets) socket.close();
      watcher.close();
    }
  });

  it('does not tell presence to people without users.view', async () => {
    const outsider = await connectClient(t.realtimeUrl, { token: noKey.token });
    const heard = collect<UserPresenceEvent>(outsider, 'user:presence');
    const joaoSocket = await connectClient(t.realtimeUrl, { token: joao.token });
    try {
      const watcher = await connectClient(t.realtimeUrl, { token: viewer.token });
      const told = collect<UserPresenceEvent>(watcher, 'user:presence');
      joaoSocket.close();
      await waitFor(async () => told.some((e) => e.userId === joao.id && e.status === 'offline'), 'offline');
      watcher.close();
      expect(heard).toEqual([]);
    } finally {
      joaoSocket.close();
      outsider.close();
    }
  });
});

describe("Usuários: a person's page", () => {
  let viewer: TestUser;
  let manager: TestUser;
  let acmeClient: TestUser;
  let acmeColleague: TestUser;
  let globexClient: TestUser;

  beforeAll(async () => {
    const acme = await t.companyId('Acme');
    const globex = await t.companyId('Globex');
    viewer = await t.createUser({ role: 'gestor', permissions: ['users.view'] });
    manager = await t.createUser({ role: 'gestor', permissions: ['users.manage'] });
    acmeClient = await t.createUser({ role: 'cliente', companyId: acme, firstName: 'Rita' });
    acmeColleague = await t.createUser({ role: 'cliente', companyId: acme, firstName: 'Raul' });
    globexClient = await t.createUser({ role: 'client', companyId: globex });
    await t.server.db.query(
      `INSERT INTO company_contacts (company_id, name, job_title, department, user_id)
       VALUES ($1, 'Raul Teste', 'Analista', 'Financeiro', $2)`,
      [acme, acmeColleague.id],
    );
  });

  it('gives the contact facts, company and presence to whoever may see the person', async () => {
    const page = await t.api('GET', `/api/users/${acmeColleague.id}`, { token: viewer.token });
    expect(page.status).toBe(200);
    expect(userProfileSchema.strict().parse(page.body)).toMatchObject({
      id: acmeColleague.id,
      name: 'Raul Teste',
      company_name: 'Acme',
      job_title: 'Analista',
      department: 'Financeiro',
      presence: 'offline',
    });
    // A client sees their own company's people, never another company's (404, like a missing one).
    expect((await t.api('GET', `/api/users/${acmeColleague.id}`, { token: acmeClient.token })).status).toBe(
      200,
    );
    const hidden = await t.api('GET', `/api/users/${acmeColleague.id}`, { token: globexClient.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ error: 'not_found', message: 'Usuário não encontrado' });
  });

  it("shows the account's audit trail to users.manage only", async () => {
    await t.server.db.query(
      `INSERT INTO audit_events (actor_id, actor_kind, module, action, target_type, target_id, details)
       VALUES ($1, 'staff', 'accounts', 'suspended', 'user', $2, '{"reason": "teste"}')`,
      [manager.id, String(acmeClient.id)],
    );
    const trail = await t.api('GET', `/api/users/${acmeClient.id}/audit`, { token: manager.token });
    expect(trail.status).toBe(200);
    expect(trail.body.items[0]).toMatchObject({
      module: 'accounts',
      action: 'suspended',
      target_type: 'user',
      target_id: String(acmeClient.id),
      actor: { id: manager.id },
    });
    // Another person's events are not theirs.
    const other = await t.api('GET', `/api/users/${acmeColleague.id}/audit`, { token: manager.token });
    expect(other.body.items.map((e: { target_id: string }) => e.target_id)).not.toContain(
      String(acmeClient.id),
    );
    expect((await t.api('GET', `/api/users/${acmeClient.id}/audit`, { token: viewer.token })).status).toBe(
      403,
    );
    expect((await t.api('GET', '/api/users/99999999/audit', { token: manager.token })).status).toBe(404);
    const bad = await t.api('GET', `/api/users/${acmeClient.id}/audit?limit=500`, { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ limit: 'limit deve ser no máximo 100' });
  });
});
