import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, userDirectoryEntrySchema } from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';

const t = setupTestServer();

/** Every endpoint S-core owns, with a body where it needs one. */
const SIGNED_IN_ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/profile'],
  ['PUT', '/api/profile', { theme: 'default' }],
  ['GET', '/api/notifications'],
  ['GET', '/api/notifications/unread-count'],
  ['PUT', '/api/notifications/read-all'],
  ['POST', '/api/notifications/mark-all-read'],
  ['PUT', '/api/notifications/999999/read', { read: true }],
  ['POST', '/api/notifications/999999/mark-read'],
  ['PUT', '/api/notifications/999999', { read: true }],
  ['DELETE', '/api/notifications/999999'],
  ['GET', '/api/users/1'],
  ['GET', '/api/users'],
  ['POST', '/api/auth/logout'],
];

describe('authorization matrix', () => {
  it('every endpoint but login and health answers 401 without a session', async () => {
    for (const [method, path, body] of SIGNED_IN_ENDPOINTS.filter(
      ([, path]) => path !== '/api/auth/logout',
    )) {
      const response = await t.api(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.error).toBe('unauthorized');
    }
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  });

  it('GET /api/users needs users.view: each key alone, and the roles', async () => {
    for (const key of PERMISSION_KEYS) {
      const user = await t.createUser({ role: 'tecnico', permissions: [key] });
      const response = await t.api('GET', '/api/users', { token: user.token });
      expect(response.status, key).toBe(key === 'users.view' ? 200 : 403);
      if (response.status === 403) {
        expect(response.body).toEqual({
          error: 'forbidden',
          message: 'Você não tem permissão para esta ação.',
        });
      }
    }
    const noKeys = await t.createUser({ role: 'tecnico', permissions: [] });
    expect((await t.api('GET', '/api/users', { token: noKeys.token })).status).toBe(403);
    // Admin passes without any stored key, case-insensitively.
    const admin = await t.createUser({ role: 'Admin', permissions: [] });
    expect((await t.api('GET', '/api/users', { token: admin.token })).status).toBe(200);
    const expected: Record<string, number> = {
      'admin@farol.dev': 200,
      'gestor@farol.dev': 200,
      'tecnico@farol.dev': 403,
      'cliente@acme.com.br': 403,
      'cliente@globex.com.br': 403,
    };
    for (const [email, status] of Object.entries(expected)) {
      const token = await t.loginAs(email);
      expect((await t.api('GET', '/api/users', { token })).status, email).toBe(status);
    }
  });

  it('a client never lists users, even holding every key in its record', async () => {
    const acme = await t.companyId('Acme');
    for (const role of ['cliente', 'client', 'CLIENTE']) {
      const client = await t.createUser({ role, companyId: acme, permissions: [...PERMISSION_KEYS] });
      expect((await t.api('GET', '/api/users', { token: client.token })).status, role).toBe(403);
      const profile = await t.api('GET', '/api/profile', { token: client.token });
      expect(profile.body.permissions).toEqual([]);
    }
  });

  it('every signed-in role reaches the endpoints that need only a login', async () => {
    for (const email of ['admin@farol.dev', 'gestor@farol.dev', 'tecnico@farol.dev', 'cliente@acme.com.br']) {
      const token = await t.loginAs(email);
      for (const [method, path, body] of SIGNED_IN_ENDPOINTS) {
        if (path === '/api/users' || path === '/api/auth/logout' || path === '/api/users/1') continue;
        const response = await t.api(method, path, { token, body });
        // Someone else's (or a missing) notification is 404; everything else succeeds.
        expect([200, 204, 404], `${email} ${method} ${path}`).toContain(response.status);
        if (path.includes('999999')) expect(response.status).toBe(404);
      }
    }
  });
});

describe('users', () => {
  let acmeClient: TestUser;
  let acmeColleague: TestUser;
  let globexClient: TestUser;
  let staff: TestUser;
  let staffInConversation: TestUser;
  let viewer: TestUser;
  // Unique per run: the PostgreSQL test database keeps earlier runs' users.
  const marker = `Zenaide${Date.now().toString(36)}`;

  beforeAll(async () => {
    const acme = await t.companyId('Acme');
    const globex = await t.companyId('Globex');
    acmeClient = await t.createUser({ role: 'cliente', companyId: acme, firstName: 'Zuleica' });
    acmeColleague = await t.createUser({ role: 'cliente', companyId: acme, firstName: 'Zacarias' });
    globexClient = await t.createUser({ role: 'client', companyId: globex, firstName: marker });
    staff = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    staffInConversation = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    viewer = await t.createUser({ role: 'gestor', permissions: ['users.view'] });
    const { rows } = await t.server.db.query<{ id: number }>(
      "INSERT INTO conversations (title) VALUES ('Suporte') RETURNING id",
    );
    await t.server.db.query(
      'INSERT INTO conversation_participants (conversation_id, user_id) VALUES ($1, $2), ($1, $3)',
      [rows[0]!.id, acmeClient.id, staffInConversation.id],
    );
  });

  it('lists pages of user summaries with a search', async () => {
    const page = await t.api('GET', '/api/users?page=1&limit=2', { token: viewer.token });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(11);
    for (const item of page.body.items) {
      expect(userDirectoryEntrySchema.strict().parse(item)).toBeTruthy();
    }
    const search = await t.api('GET', `/api/users?q=${marker.toLowerCase()}`, { token: viewer.token });
    expect(search.body.items.map((user: { id: number }) => user.id)).toEqual([globexClient.id]);
    expect(search.body.total).toBe(1);
    // LIKE wildcards typed by the user are literal.
    expect((await t.api('GET', '/api/users?q=%25', { token: viewer.token })).body.total).toBe(0);
    const bad = await t.api('GET', '/api/users?page=0&limit=abc', { token: viewer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ page: 'page deve ser ao menos 1', limit: 'limit deve ser um número' });
  });

  it('clients of Acme and Globex never see each other', async () => {
    const colleague = await t.api('GET', `/api/users/${acmeColleague.id}`, { token: acmeClient.token });
    expect(colleague.status).toBe(200);
    expect(colleague.body).toMatchObject({ id: acmeColleague.id, name: 'Zacarias Teste' });
    for (const [token, id] of [
      [acmeClient.token, globexClient.id],
      [globexClient.token, acmeClient.id],
      [globexClient.token, acmeColleague.id],
    ] as const) {
      const response = await t.api('GET', `/api/users/${id}`, { token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Usuário não encontrado' });
    }
  });

  it('a client sees staff only when they share a conversation', async () => {
    expect(
      (await t.api('GET', `/api/users/${staffInConversation.id}`, { token: acmeClient.token })).status,
    ).toBe(200);
    expect((await t.api('GET', `/api/users/${staff.id}`, { token: acmeClient.token })).status).toBe(404);
    expect(
      (await t.api('GET', `/api/users/${staffInConversation.id}`, { token: globexClient.token })).status,
    ).toBe(404);
  });

  it('staff without users.view see themselves and conversation partners; with it, anyone', async () => {
    expect((await t.api('GET', `/api/users/${staff.id}`, { token: staff.token })).status).toBe(200);
    expect((await t.api('GET', `/api/users/${acmeClient.id}`, { token: staff.token })).status).toBe(404);
    expect(
      (await t.api('GET', `/api/users/${acmeClient.id}`, { token: staffInConversation.token })).status,
    ).toBe(200);
    expect((await t.api('GET', `/api/users/${globexClient.id}`, { token: viewer.token })).status).toBe(200);
    expect((await t.api('GET', '/api/users/99999999', { token: viewer.token })).status).toBe(404);
    const bad = await t.api('GET', '/api/users/abc', { token: viewer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ id: 'id deve ser um número' });
  });
});
