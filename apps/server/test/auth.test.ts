import { describe, expect, it } from 'vitest';
import { loginResponseSchema, SESSION_COOKIE, userSchema } from '@farol/data/contract';
import { issueToken } from '../src/auth/tokens';
import { setupTestServer } from './harness';

const t = setupTestServer();

const sessionCookie = (setCookie: string | null) => {
  const match = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(setCookie ?? '');
  return match?.[1] ?? null;
};

describe('login', () => {
  it('signs in by e-mail with {user, token} and an HttpOnly SameSite=Lax cookie', async () => {
    const response = await t.api('POST', '/api/auth/login', {
      body: { login: 'admin@farol.dev', email: 'admin@farol.dev', password: 'farol-demo' },
    });
    expect(response.status).toBe(200);
    const body = loginResponseSchema.parse(response.body);
    expect(body.user).toMatchObject({ email: 'admin@farol.dev', role: 'admin', company_id: null });
    const setCookie = response.headers.get('set-cookie');
    expect(sessionCookie(setCookie)).toBe(body.token);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    // Plain http here, so the cookie must not be Secure (the browser would drop it).
    expect(setCookie).not.toMatch(/Secure/i);
    expect(response.text).not.toContain('password_hash');
    expect(response.text).not.toContain('scrypt$');
  });

  it('signs in by username, case-insensitively, whichever field carries it', async () => {
    const byLogin = await t.api('POST', '/api/auth/login', {
      body: { login: 'GESTOR', password: 'farol-demo' },
    });
    expect(byLogin.status).toBe(200);
    expect(byLogin.body.user.email).toBe('gestor@farol.dev');
    const byEmailField = await t.api('POST', '/api/auth/login', {
      body: { email: 'cliente.acme', password: 'farol-demo' },
    });
    expect(byEmailField.status).toBe(200);
    expect(userSchema.parse(byEmailField.body.user)).toMatchObject({ role: 'cliente', company_name: 'Acme' });
  });

  it('answers 401 Credenciais inválidas for a wrong password or an unknown login, setting no cookie', async () => {
    for (const body of [
      { login: 'tecnico@farol.dev', email: 'tecnico@farol.dev', password: 'errada' },
      { login: 'ninguem@farol.dev', email: 'ninguem@farol.dev', password: 'farol-demo' },
    ]) {
      const response = await t.api('POST', '/api/auth/login', { body });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'invalid_credentials', message: 'Credenciais inválidas' });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('validates the body with Portuguese field messages', async () => {
    const response = await t.api('POST', '/api/auth/login', { body: { login: '', password: '' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation_failed',
      message: 'Dados inválidos',
      details: { password: 'Informe a senha', login: 'Informe o login' },
    });
    const wrongType = await t.api('POST', '/api/auth/login', { body: { login: 'admin', password: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details).toEqual({ password: 'Informe a senha' });
  });
});

describe('sessions', () => {
  it('authenticates by bearer token or by cookie alone', async () => {
    const token = await t.loginAs('tecnico@farol.dev');
    const byBearer = await t.api('GET', '/api/profile', { token });
    expect(byBearer.status).toBe(200);
    expect(byBearer.body.email).toBe('tecnico@farol.dev');
    const byCookie = await t.api('GET', '/api/profile', { cookie: `${SESSION_COOKIE}=${token}` });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.email).toBe('tecnico@farol.dev');
  });

  it('rejects missing, malformed and unknown tokens with 401', async () => {
    const expected = { error: 'unauthorized', message: 'Sessão expirada ou inválida. Entre novamente.' };
    for (const headers of [
      {},
      { authorization: 'Bearer nope' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ] as Record<string, string>[]) {
      const response = await t.api('GET', '/api/profile', { headers });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(expected);
    }
  });

  it('rejects an expired token', async () => {
    const user = await t.createUser();
    const { token } = await issueToken(t.server.db, user.id, {}, -1000);
    expect((await t.api('GET', '/api/profile', { token })).status).toBe(401);
    expect((await t.api('GET', '/api/profile', { token: user.token })).status).toBe(200);
  });

  it('logout revokes the token (bearer) and clears the cookie', async () => {
    const token = await t.loginAs('gestor@farol.dev');
    const other = await t.loginAs('gestor@farol.dev');
    const logout = await t.api('POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await t.api('GET', '/api/profile', { token })).status).toBe(401);
    expect((await t.api('GET', '/api/profile', { cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(401);
    // Only that session ends.
    expect((await t.api('GET', '/api/profile', { token: other })).status).toBe(200);
    // Logging out again is harmless.
    expect((await t.api('POST', '/api/auth/logout', { token })).status).toBe(204);
  });

  it('logout by cookie from the same origin revokes it', async () => {
    const token = await t.loginAs('tecnico@farol.dev');
    const cookie = `${SESSION_COOKIE}=${token}`;
    const origin = t.baseUrl;
    expect((await t.api('POST', '/api/auth/logout', { cookie, headers: { origin } })).status).toBe(204);
    expect((await t.api('GET', '/api/profile', { cookie })).status).toBe(401);
  });
});

describe('CSRF: cookie-only writes must come from the same origin', () => {
  it('rejects a cross-site or origin-less write authenticated by the cookie alone, storing nothing', async () => {
    const user = await t.createUser();
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
      {},
    ];
    for (const headers of attempts) {
      const response = await t.api('PUT', '/api/profile', { cookie, headers, body: { theme: 'hackeado' } });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('csrf_rejected');
      expect(response.body.message).toMatch(/origem/);
    }
    const logout = await t.api('POST', '/api/auth/logout', {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(logout.status).toBe(403);
    const profile = await t.api('GET', '/api/profile', { cookie });
    expect(profile.status).toBe(200);
    expect(profile.body.theme).toBe('default');
  });

  it('compares the scheme too, and believes no X-Forwarded-Proto without a trusted proxy', async () => {
    const user = await t.createUser();
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const httpsOrigin = t.baseUrl.replace(/^http:/, 'https:');
    const attempts: Record<string, string>[] = [
      { origin: httpsOrigin },
      { origin: httpsOrigin, 'x-forwarded-proto': 'https' },
    ];
    for (const headers of attempts) {
      const response = await t.api('PUT', '/api/profile', { cookie, headers, body: { theme: 'oceano' } });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('csrf_rejected');
    }
    const login = await t.api('POST', '/api/auth/login', {
      body: { login: user.email, password: 'farol-demo' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
  });

  it('accepts the same origin (Origin or Referer), and bearer writes need no origin', async () => {
    const user = await t.createUser();
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const sameOrigin = await t.api('PUT', '/api/profile', {
      cookie,
      headers: { origin: t.baseUrl },
      body: { theme: 'oceano' },
    });
    expect(sameOrigin.status).toBe(200);
    const byReferer = await t.api('PUT', '/api/profile', {
      cookie,
      headers: { referer: `${t.baseUrl}/settings` },
      body: { theme: 'floresta' },
    });
    expect(byReferer.status).toBe(200);
    const bearer = await t.api('PUT', '/api/profile', {
      token: user.token,
      headers: { origin: 'https://evil.example' },
      body: { theme: 'aurora' },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.body.theme).toBe('aurora');
    // Reads by cookie are not writes: no origin needed.
    expect((await t.api('GET', '/api/notifications', { cookie })).status).toBe(200);
  });
});
