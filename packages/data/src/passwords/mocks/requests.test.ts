import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  clientPasswordListSchema,
  createdVaultRequestSchema,
  vaultRequestInfoSchema,
  vaultRequestListSchema,
} from '../../contract/password-request';
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

const call = async (method: string, path: string, token: string | null, body?: unknown) => {
  const response = await fetch(`http://localhost${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: response.status,
    body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>),
  };
};

describe("the vault's client-side mocks answer as the server", () => {
  it('lists and makes requests for passwords.manage only, and the public link answers without a session', async () => {
    const list = await call('GET', '/api/passwords/requests', fixtureTokens.admin);
    expect(list.status).toBe(200);
    expect(vaultRequestListSchema.parse(list.body).items.map((request) => request.state)).toEqual([
      'pendente',
      'recebido',
      'expirado',
    ]);
    expect((await call('GET', '/api/passwords/requests', fixtureTokens.tecnico)).status).toBe(403);
    const made = await call('POST', '/api/passwords/requests', fixtureTokens.admin, {
      company_id: 100,
      kind: 'login',
      title: 'Painel do NAS',
    });
    expect(made.status).toBe(201);
    expect(createdVaultRequestSchema.parse(made.body).link).toMatch(/\/credencial\/mock-token-\d+$/);
    const info = await call('GET', '/api/passwords/requests/link/qualquer', null);
    expect(info.status).toBe(200);
    expect(vaultRequestInfoSchema.parse(info.body).company).toBe('Acme Logística Ltda.');
    const empty = await call('POST', '/api/passwords/requests/link/qualquer', null, { username: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body?.details).toEqual({ password: 'Informe a senha, a chave ou as observações' });
  });

  it("shows a client their company's shared items; staff get 404 on the portal's routes", async () => {
    const mine = await call('GET', '/api/passwords/portal/items', fixtureTokens.clienteAcme);
    expect(clientPasswordListSchema.parse(mine.body).items.map((item) => item.name)).toEqual([
      'Wi-Fi Visitantes',
      'Portal da nota fiscal',
    ]);
    const revealed = await call('POST', '/api/passwords/portal/items/11/reveal', fixtureTokens.clienteAcme, {
      field: 'password',
    });
    expect(revealed.body).toEqual({ field: 'password', value: 'visitantes-2026' });
    const other = await call('POST', '/api/passwords/portal/items/11/reveal', fixtureTokens.clienteGlobex, {
      field: 'password',
    });
    expect(other.status).toBe(404);
    expect((await call('GET', '/api/passwords/portal/items', fixtureTokens.admin)).status).toBe(404);
  });
});
