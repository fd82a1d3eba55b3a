import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../contract/auth';
import { conversationListSchema, messagePageSchema } from '../contract/conversation';
import { notificationListSchema } from '../contract/notification';
import { PERMISSION_KEYS } from '../contract/constants';
import { userSchema } from '../contract/user';
import { callMockApi, type MockApiCall } from './call-mock-api';
import {
  FIXTURE_NOW,
  FIXTURE_PASSWORD,
  authHandlers,
  createHandlers,
  fixtureTokens,
  fixtures,
  flattenHandlers,
  messagesHandlers,
  notificationFixtures,
  notificationHandlers,
  resetMockState,
} from '.';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState();
});
afterAll(() => server.close());

const call = (method: string, path: string, options: MockApiCall = {}) => callMockApi(method, path, options);

describe('fixtures', () => {
  it('are canonical users with the permission sets of each role', () => {
    for (const user of Object.values(fixtures.users)) expect(userSchema.safeParse(user).success).toBe(true);
    expect(fixtures.users.admin.permissions).toHaveLength(PERMISSION_KEYS.length);
    expect(fixtures.users.gestor.permissions).not.toContain('users.manage');
    expect(fixtures.users.gestor.permissions).toHaveLength(PERMISSION_KEYS.length - 1);
    expect(fixtures.users.tecnico.permissions).toEqual(['tickets.view', 'tasks.view', 'connections.view']);
    expect([fixtures.users.clienteAcme.role, fixtures.users.clienteGlobex.role]).toEqual([
      'cliente',
      'client',
    ]);
  });

  it('build deterministic, mixed notifications relative to FIXTURE_NOW', () => {
    const many = notificationFixtures.many(30);
    expect(notificationFixtures.many(30)).toEqual(many);
    expect(new Set(many.map((item) => item.id)).size).toBe(30);
    expect(new Set(many.map((item) => item.severity)).size).toBe(4);
    expect(many.some((item) => item.read_at) && many.some((item) => !item.read_at)).toBe(true);
    expect(many.every((item) => Date.parse(item.created_at) < FIXTURE_NOW.getTime())).toBe(true);
  });
});

describe('auth and profile handlers', () => {
  it('sign a fixture user in by e-mail or username, and refuse a wrong password', async () => {
    const ok = await call('POST', '/auth/login', {
      body: { login: 'carla.mendes', email: 'carla.mendes', password: FIXTURE_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(loginResponseSchema.parse(ok.body)).toMatchObject({ token: fixtureTokens.tecnico });

    const wrong = await call('POST', '/auth/login', {
      body: { login: 'ana.souza@farol.com.br', password: 'x' },
    });
    expect(wrong).toEqual({ status: 401, body: { error: 'Credenciais inválidas' } });

    const missing = await call('POST', '/auth/login', { body: { login: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      details: { login: 'Informe o login', password: 'Informe a senha' },
    });
  });

  it('can make every login fail with the server text', async () => {
    server.use(...authHandlers.loginFails('Conta bloqueada'));
    const answer = await call('POST', '/auth/login', {
      body: { login: 'ana.souza', password: FIXTURE_PASSWORD },
    });
    expect(answer).toEqual({ status: 401, body: { error: 'Conta bloqueada' } });
  });

  it('answer the profile of the bearer token and keep theme changes', async () => {
    expect((await call('GET', '/profile')).status).toBe(401);
    const token = fixtureTokens.clienteGlobex;
    expect((await call('GET', '/profile', { token })).body).toEqual(fixtures.users.clienteGlobex);

    const invalid = await call('PUT', '/profile', { token, body: { theme: 'Tema Ruim!' } });
    expect(invalid).toMatchObject({ status: 400, body: { details: { theme: 'Tema inválido' } } });
    await call('PUT', '/profile', { token, body: { theme: 'floresta' } });
    expect((await call('GET', '/profile', { token })).body).toMatchObject({ theme: 'floresta' });
    expect((await call('POST', '/auth/logout', { token })).status).toBe(204);
  });
});

describe('notification handlers', () => {
  const token = fixtureTokens.admin;

  it('list, count, mark read, mark all and delete against one store', async () => {
    const list = await call('GET', '/notifications?limit=3', { token });
    expect(notificationListSchema.parse(list.body)).toMatchObject({ total: 6 });
    expect((list.body as { items: unknown[] }).items).toHaveLength(3);
    expect((await call('GET', '/notifications/unread-count', { token })).body).toEqual({
      unread: 4,
      count: 4,
    });

    expect((await call('PUT', '/notifications/1/read', { token, body: { read: true } })).status).toBe(200);
    expect((await call('POST', '/notifications/2/mark-read', { token })).status).toBe(200);
    expect((await call('PUT', '/notifications/4', { token, body: { read: true } })).status).toBe(200);
    expect((await call('GET', '/notifications/unread-count', { token })).body).toEqual({
      unread: 1,
      count: 1,
    });
    expect((await call('DELETE', '/notifications/5', { token })).status).toBe(204);
    expect((await call('DELETE', '/notifications/5', { token })).status).toBe(404);
    expect((await call('PUT', '/notifications/read-all', { token })).body).toEqual({ updated: 0 });
    expect((await call('GET', '/notifications?limit=1000', { token })).status).toBe(400);
  });

  it('start every handler set from its own fresh state', async () => {
    server.use(...notificationHandlers.empty());
    await call('POST', '/notifications/mark-all-read', { token });
    expect((await call('GET', '/notifications', { token })).body).toEqual({ items: [], total: 0 });
    server.resetHandlers();
    expect((await call('GET', '/notifications/unread-count', { token })).body).toEqual({
      unread: 4,
      count: 4,
    });
  });

  it('offer the failure states the stories need', async () => {
    server.use(...notificationHandlers.markReadFallsBackToPut());
    expect((await call('PUT', '/notifications/1/read', { token })).status).toBe(404);
    expect((await call('POST', '/notifications/1/mark-read', { token })).status).toBe(404);
    expect((await call('PUT', '/notifications/1', { token })).status).toBe(200);

    server.use(...notificationHandlers.unauthorized());
    expect((await call('GET', '/notifications', { token })).status).toBe(401);
    server.use(...notificationHandlers.bareArray());
    expect(Array.isArray((await call('GET', '/notifications', { token })).body)).toBe(true);
  });
});

describe('messages handlers', () => {
  it('answer the unread count, the conversations and one conversation', async () => {
    expect((await call('GET', '/messages/unread-count')).body).toEqual({ count: 3 });
    expect(conversationListSchema.parse((await call('GET', '/messages')).body).items).toHaveLength(3);
    expect(messagePageSchema.parse((await call('GET', '/messages/conversations/1')).body).items).toHaveLength(
      3,
    );
    expect((await call('GET', '/messages/conversations/99')).status).toBe(404);
    server.use(...messagesHandlers.failing());
    expect((await call('GET', '/messages/unread-count')).status).toBe(500);
  });
});
