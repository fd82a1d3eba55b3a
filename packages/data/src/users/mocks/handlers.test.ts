import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDirectoryListSchema, userProfileSchema } from '../../contract/user-directory';
import { fixtureTokens } from '../../mocks/fixtures';
import { createHandlers, flattenHandlers } from '../../mocks/handlers';
import { resetMockState } from '../../mocks/store';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState();
});
afterAll(() => server.close());

const get = async (path: string, token: string = fixtureTokens.gestor) => {
  const response = await fetch(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('the directory mock answers as the server', () => {
  it('searches ignoring accents, filters and pages', async () => {
    const joao = await get('/api/users?q=JOAO');
    expect(userDirectoryListSchema.parse(joao.body).items.map((item) => item.name)).toEqual(['João Araújo']);
    const acme = userDirectoryListSchema.parse((await get('/api/users?company_id=100')).body);
    expect(acme.items.every((item) => item.company_name === 'Acme Logística Ltda.')).toBe(true);
    const clients = userDirectoryListSchema.parse((await get('/api/users?role=cliente&limit=2&page=2')).body);
    expect(clients.total).toBe(6);
    expect(clients.items).toHaveLength(2);
    const online = userDirectoryListSchema.parse((await get('/api/users?status=online')).body);
    expect(online.items.every((item) => item.presence === 'online')).toBe(true);
    const bad = await get('/api/users?status=sumido');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ status: 'status deve ser um de: online, ausente, offline' });
  });

  it('keeps the directory to staff with users.view and a client to their own company', async () => {
    expect((await get('/api/users', fixtureTokens.tecnico)).status).toBe(403);
    expect((await get('/api/users', fixtureTokens.clienteAcme)).status).toBe(403);
    const page = await get('/api/users/10', fixtureTokens.gestor);
    expect(userProfileSchema.parse(page.body).job_title).toBe('Coordenador de TI');
    expect((await get('/api/users/11', fixtureTokens.clienteAcme)).status).toBe(404);
    expect((await get('/api/users/10/audit', fixtureTokens.gestor)).status).toBe(403);
    const audit = await get('/api/users/10/audit', fixtureTokens.admin);
    expect(audit.body.total).toBe(3);
  });
});
