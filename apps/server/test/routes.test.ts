import { compileErrors, validate } from '@readme/openapi-parser';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, TWO_FACTOR_SETUP_REQUIRED_MESSAGE, type PermissionKey } from '@farol/data/contract';
import type { TokenVerifier } from '../src/auth/tokens';
import type { ServerConfig } from '../src/config';
import '../src/decorations';
import type { RegisteredRoute, RouteAccess } from '../src/http/access';
import { registerFoundation } from '../src/http/foundation';
import { setupTestServer, type TestUser } from './harness';

const t = setupTestServer();

/**
 * Every route open without a session, and nothing else. The API reference's pages and the portal's files are
 * public by nature; each API route here was decided one by one.
 */
const PUBLIC_ROUTES = [
  'POST /api/auth/login',
  'POST /api/auth/logout',
  // The invitation and reset links are the credential (one-time, hashed, expiring); reset requests are rate limited.
  'GET /api/invitations/:token',
  'POST /api/invitations/:token/accept',
  'POST /api/password-resets',
  'GET /api/password-resets/:token',
  'POST /api/password-resets/:token',
  // A vault credential request's link is the credential too (one-time, hashed, 72 h), rate limited by address.
  'GET /api/passwords/requests/link/:token',
  'POST /api/passwords/requests/link/:token',
  // The sign-in's code step: the password already passed; the challenge it carries stands for it.
  'POST /api/auth/login/2fa',
  'GET /api/health',
  'GET /api/config',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  // The test server has no built portal: '/' explains how to build it.
  'GET /',
].sort();

/**
 * What a session reaches while its person must still enrol in a required 2FA (issue 13): what enrolment needs,
 * decided one by one. Every other signed-in route answers 403 `two_factor_setup_required`.
 */
const BEFORE_TWO_FACTOR_ROUTES = [
  'GET /api/profile',
  'GET /api/accounts/me',
  // A temporary password is changed first (the portal asks for it before enrolment).
  'POST /api/accounts/me/password',
  'GET /api/security/two-factor',
  'POST /api/security/two-factor/setup',
  'POST /api/security/two-factor/confirm',
  // The rest of the Segurança da conta page the person is sent to.
  'GET /api/security/sessions',
  'DELETE /api/security/sessions/:sessionId',
  'POST /api/security/sessions/revoke-others',
  'GET /api/security/login-history',
].sort();

type Guarded = RegisteredRoute & { access: Exclude<RouteAccess, { public: true }> };

const name = (route: RegisteredRoute) => `${route.method} ${route.url}`;
/** A concrete URL for a route: every path parameter 1, a wildcard 'x'. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace('*', 'x');
/** HEAD routes mirror their GET (fastify adds them with the same options). */
const walked = () => t.server.routes.filter((route) => route.method !== 'HEAD');
const guarded = () => walked().filter((route): route is Guarded => !route.access.public);

describe('every route declares who may call it', () => {
  it('has access options; the public ones are exactly the allow-list', () => {
    const routes = walked();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of t.server.routes) expect(route.access, name(route)).toBeDefined();
    const open = routes.filter((route) => route.access.public).map(name);
    expect(open.sort()).toEqual(PUBLIC_ROUTES);
    for (const route of guarded()) {
      const { permission, scope, clients } = route.access;
      if (permission !== null) expect(PERMISSION_KEYS, name(route)).toContain(permission);
      expect(['company', 'own', 'none'], name(route)).toContain(scope);
      expect(typeof clients, name(route)).toBe('boolean');
    }
    // HEAD routes carry their GET's access (a prefix's '/' route is registered with and without the slash).
    for (const head of t.server.routes.filter((route) => route.method === 'HEAD')) {
      const url = head.url.length > 1 ? head.url.replace(/\/$/, '') : head.url;
      const get = routes.find((route) => route.method === 'GET' && route.url === url);
      expect(head.access, head.url).toEqual(get?.access);
    }
  });

  it('answers 401 to anyone without a session, on every other route', async () => {
    for (const route of guarded()) {
      const response = await t.api(route.method, concrete(route.url));
      expect(response.status, name(route)).toBe(401);
      expect(response.body, name(route)).toEqual({
        error: 'unauthorized',
        message: 'Sessão expirada ou inválida. Entre novamente.',
      });
    }
  });

  describe('signed in', () => {
    let client: TestUser;
    let admin: TestUser;
    let everyKey: TestUser;
    const withAllBut = new Map<PermissionKey, TestUser>();
    const withOnly = new Map<PermissionKey, TestUser>();

    beforeAll(async () => {
      client = await t.createUser({ role: 'cliente', companyId: await t.companyId('Acme') });
      admin = await t.createUser({ role: 'admin' });
      everyKey = await t.createUser({ role: 'gestor', permissions: [...PERMISSION_KEYS] });
      for (const key of PERMISSION_KEYS) {
        const others = PERMISSION_KEYS.filter((other) => other !== key);
        withAllBut.set(key, await t.createUser({ role: 'gestor', permissions: others }));
        withOnly.set(key, await t.createUser({ role: 'tecnico', permissions: [key] }));
      }
    });

    const call = async (route: RegisteredRoute, user: TestUser) =>
      (await t.api(route.method, concrete(route.url), { token: user.token })).status;
    const refused = { error: 'forbidden', message: 'Você não tem permissão para esta ação.' };

    it('answers 403 to staff without the key, and lets the key through', async () => {
      for (const route of guarded()) {
        const { permission, adminOnly } = route.access;
        if (adminOnly) {
          // Every key is not enough: only the admin role.
          const response = await t.api(route.method, concrete(route.url), { token: everyKey.token });
          expect(response.status, name(route)).toBe(403);
          expect([401, 403], name(route)).not.toContain(await call(route, admin));
          continue;
        }
        if (permission === null) {
          // Any signed-in staff member passes (the record rules decide what they get).
          expect([401, 403], name(route)).not.toContain(await call(route, withAllBut.get('tickets.view')!));
          continue;
        }
        const without = await t.api(route.method, concrete(route.url), {
          token: withAllBut.get(permission)!.token,
        });
        expect(without.status, name(route)).toBe(403);
        expect(without.body, name(route)).toEqual(refused);
        expect([401, 403], name(route)).not.toContain(await call(route, withOnly.get(permission)!));
        expect([401, 403], name(route)).not.toContain(await call(route, admin));
      }
    });

    it('answers 403 to clients on staff routes, and lets them through where they belong', async () => {
      for (const route of guarded()) {
        const response = await t.api(route.method, concrete(route.url), { token: client.token });
        if (route.access.clients) expect([401, 403], name(route)).not.toContain(response.status);
        else {
          expect(response.status, name(route)).toBe(403);
          expect(response.body, name(route)).toEqual(refused);
        }
      }
    });
  });
});

describe('a person whom the 2FA requirement covers, before they enrol', () => {
  // A role of this file's own, so the requirement binds nobody else of a shared database.
  const role = `exige-2fa-${Date.now()}`;
  let pending: TestUser;

  beforeAll(async () => {
    pending = await t.createUser({ role, permissions: [...PERMISSION_KEYS] });
    await t.server.db.query(
      "UPDATE security_settings SET require_two_factor = 'roles', roles = ARRAY[$1::text]",
      [role],
    );
  });
  afterAll(async () => {
    await t.server.db.query("UPDATE security_settings SET require_two_factor = 'none', roles = '{}'");
  });

  it('reaches only what enrolment needs; every other route answers 403 two_factor_setup_required', async () => {
    const open = guarded().filter((route) => route.access.beforeTwoFactor);
    expect(open.map(name).sort()).toEqual(BEFORE_TWO_FACTOR_ROUTES);
    for (const route of guarded()) {
      const response = await t.api(route.method, concrete(route.url), { token: pending.token });
      if (route.access.beforeTwoFactor) {
        expect([401, 403], name(route)).not.toContain(response.status);
        continue;
      }
      expect(response.status, name(route)).toBe(403);
      expect(response.body, name(route)).toEqual({
        error: 'two_factor_setup_required',
        message: TWO_FACTOR_SETUP_REQUIRED_MESSAGE,
      });
    }
  });
});

describe('a route without access options', () => {
  it('stops the server from starting', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', {} as ServerConfig);
    app.decorate('tokens', {} as TokenVerifier);
    registerFoundation(app);
    app.get('/api/esquecida', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/Rotas sem config.access.*GET \/api\/esquecida/);
    await app.close();
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and documents every API route with its method and access', async () => {
    const response = await t.api('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(document));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);

    const documented = walked().filter((route) => !route.hidden);
    expect(documented.length).toBeGreaterThan(30);
    for (const route of documented) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, name(route)).toBeDefined();
      expect(operation['x-farol-access'], name(route)).toEqual(route.access);
      expect(operation.security, name(route)).toEqual(
        route.access.public ? [] : [{ bearer: [] }, { session: [] }],
      );
    }
    // Every API route is documented but the reference's own pages and the document itself.
    const hidden = walked()
      .filter((route) => route.hidden && route.url.startsWith('/api/'))
      .map((route) => route.url);
    expect(hidden.every((url) => url === '/api/openapi.json' || url.startsWith('/api/docs'))).toBe(true);
    // Request and answer shapes come from the contract: a strict body refuses unknown fields.
    const create = document.paths['/api/tickets'].post;
    expect(Object.keys(create.requestBody.content).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(create.responses['201']).toBeDefined();
    expect(create.responses['401']).toBeDefined();
    expect(document.components.schemas.Ticket).toBeDefined();
  });

  it('has a readable reference at /api/docs, served from this server alone', async () => {
    const page = await fetch(`${t.baseUrl}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const script = await fetch(`${t.baseUrl}/api/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    const initializer = await (await fetch(`${t.baseUrl}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain('./json');
  });
});

describe('the page shown without a built portal', () => {
  it('carries a Content-Security-Policy that runs no script', async () => {
    const page = await fetch(`${t.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
  });
});
