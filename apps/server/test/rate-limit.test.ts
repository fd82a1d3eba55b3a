import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestServer } from './harness';

const t = setupTestServer({ loginRateLimit: { perIp: 8, perAccount: 3, windowMs: 10 * 60 * 1000 } });

const login = (login: string, password: string, headers: Record<string, string> = {}) =>
  t.api('POST', '/api/auth/login', { body: { login, email: login, password }, headers });

const expectRateLimited = (response: Awaited<ReturnType<typeof login>>) => {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    error: 'rate_limited',
    message: 'Muitas tentativas. Tente novamente em alguns minutos.',
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
};

describe('login rate limit', () => {
  beforeEach(async () => {
    await t.server.db.query('DELETE FROM login_failures');
  });

  it('locks an account after its failed attempts, even for the right password, without touching others', async () => {
    const target = await t.createUser();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(target.email, 'errada')).status).toBe(401);
    }
    expectRateLimited(await login(target.email, 'farol-demo'));
    // Case and spacing do not make a new account key.
    expectRateLimited(await login(` ${target.email.toUpperCase()} `, 'farol-demo'));
    const other = await t.createUser();
    expect((await login(other.email, 'farol-demo')).status).toBe(200);
  });

  it('a successful login forgets the account’s earlier failures', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await login(user.email, 'x')).status).toBe(401);
    expect((await login(user.email, 'farol-demo')).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await login(user.email, 'x')).status).toBe(401);
    expect((await login(user.email, 'farol-demo')).status).toBe(200);
  });

  it('limits an IP across accounts, and a forged X-Forwarded-For changes nothing', async () => {
    const victim = await t.createUser();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await login(`ninguem-${attempt}@farol.dev`, 'errada', {
        'x-forwarded-for': `203.0.113.${attempt}`,
        'x-real-ip': `198.51.100.${attempt}`,
      });
      expect(response.status).toBe(401);
    }
    expectRateLimited(await login(victim.email, 'farol-demo', { 'x-forwarded-for': '192.0.2.77' }));
    expectRateLimited(await login(victim.email, 'farol-demo'));
  });

  it('keeps the counts in the database, so a new process sees them', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < 3; attempt += 1) await login(user.email, 'errada');
    const { rows } = await t.server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM login_failures WHERE key = 'account:' || lower($1)",
      [user.email],
    );
    expect(rows[0]?.n).toBe(3);
  });
});
