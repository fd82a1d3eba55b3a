import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@farol/data/contract';
import { loadConfig } from '../src/config';
import { fastifyTrustProxy, parseTrustProxy } from '../src/http/proxy';
import { setupTestServer } from './harness';

/**
 * Issue 11, items 1, 2 and 4: the login limits count against the resolved account and per address, the
 * progressive delay never holds back a clean address, and a trusted proxy (here: loopback, which the tests
 * connect from) speaks for the client's address and scheme.
 */
const t = setupTestServer({
  trustProxy: ['loopback'],
  loginRateLimit: {
    perIp: 12,
    perAccount: 3,
    windowMs: 10 * 60 * 1000,
    // Long enough that no test run outlasts it: the gate is checked without waiting.
    accountDelay: { afterFailures: 3, baseMs: 60_000, maxMs: 600_000 },
  },
});

const login = (body: Record<string, string>, from = '203.0.113.10', headers: Record<string, string> = {}) =>
  t.api('POST', '/api/auth/login', { body, headers: { 'x-forwarded-for': from, ...headers } });

const byEmail = (email: string, password: string, from?: string) =>
  login({ login: email, email, password }, from);

const expect429 = (response: Awaited<ReturnType<typeof login>>) => {
  expect(response.status, response.text).toBe(429);
  expect(response.body.error).toBe('rate_limited');
  return Number(response.headers.get('retry-after'));
};

const userWithUsername = async () => {
  const user = await t.createUser();
  const username = `u${randomUUID().slice(0, 8)}`;
  await t.server.db.query('UPDATE users SET username = $2 WHERE id = $1', [user.id, username]);
  return { ...user, username };
};

beforeEach(async () => {
  await t.server.db.query('DELETE FROM login_failures');
});

describe('item 1: failures count against the account, whichever field named it', () => {
  it('counts a decoy login with the victim in the email field against the victim', async () => {
    const victim = await t.createUser();
    for (let guess = 0; guess < 3; guess += 1) {
      const response = await login({
        login: `decoy-${guess}`,
        email: victim.email,
        password: `guess${guess}`,
      });
      expect(response.status).toBe(401);
    }
    expect429(await login({ login: 'decoy-9', email: victim.email, password: 'guess9' }));
    expect429(await byEmail(victim.email, 'farol-demo'));
  });

  it('counts a username and its e-mail as one account', async () => {
    const user = await userWithUsername();
    expect((await login({ login: user.username, password: 'x' })).status).toBe(401);
    expect((await login({ email: user.username.toUpperCase(), password: 'x' })).status).toBe(401);
    expect((await byEmail(user.email, 'x')).status).toBe(401);
    expect429(await login({ login: user.username, password: 'farol-demo' }));
  });
});

describe('item 2: no lock-out of everyone else', () => {
  it('limits the address that failed, while the right password from another address still signs in', async () => {
    const victim = await t.createUser({ role: 'admin' });
    for (let guess = 0; guess < 3; guess += 1) {
      expect((await byEmail(victim.email, `errada${guess}`, '198.51.100.66')).status).toBe(401);
    }
    expect429(await byEmail(victim.email, 'farol-demo', '198.51.100.66'));
    expect((await byEmail(victim.email, 'farol-demo', '192.0.2.44')).status).toBe(200);
  });

  it('makes addresses that failed on an account under attack wait, never a clean one', async () => {
    const victim = await t.createUser();
    for (const from of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await byEmail(victim.email, 'errada', from)).status).toBe(401);
    }
    // One failure each (below the per-address limit of 3), yet the account has 3: the first failing address
    // now waits about a minute, even with the right password.
    const retryAfter = expect429(await byEmail(victim.email, 'farol-demo', '198.51.100.1'));
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The owner, from an address without failures, signs in at once.
    expect((await byEmail(victim.email, 'farol-demo', '192.0.2.10')).status).toBe(200);
  });

  it('keys the per-address limit on the forwarded address of a trusted proxy, and audits it', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await byEmail(`ninguem-${attempt}@farol.dev`, 'x', '203.0.113.99')).status).toBe(401);
    }
    const someone = await t.createUser();
    expect429(await byEmail(someone.email, 'farol-demo', '203.0.113.99'));
    expect((await byEmail(someone.email, 'farol-demo', '203.0.113.100')).status).toBe(200);
    const { rows } = await t.server.db.query<{ ip: string }>(
      "SELECT ip FROM audit_events WHERE module = 'auth' AND action = 'login' AND actor_id = $1",
      [someone.id],
    );
    expect(rows.map((row) => row.ip)).toEqual(['203.0.113.100']);
  });
});

describe('item 2: FAROL_TRUST_PROXY', () => {
  it('is off by default, and takes a hop count or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.10 ,::1, fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['proxy.local', '10.0.0.0/33', '300.1.1.1', '1/2/3', '99']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/FAROL_TRUST_PROXY inválido/);
    }
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ FAROL_TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('trusts exactly the first n hops for a hop count (fastify alone would trust none)', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.5', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});

describe('item 4: Secure cookie and the scheme in the same-origin check', () => {
  const cookieOf = (response: Awaited<ReturnType<typeof login>>) => response.headers.get('set-cookie') ?? '';

  it('marks the cookie Secure when a trusted proxy says the request came over https', async () => {
    const user = await t.createUser();
    const plain = await byEmail(user.email, 'farol-demo');
    expect(cookieOf(plain)).not.toMatch(/;\s*Secure/i);
    const tls = await login({ login: user.email, email: user.email, password: 'farol-demo' }, '192.0.2.1', {
      'x-forwarded-proto': 'https',
    });
    expect(tls.status).toBe(200);
    expect(cookieOf(tls)).toMatch(/;\s*Secure/i);
  });

  it('marks it Secure always with FAROL_COOKIE_SECURE=1', async () => {
    expect(loadConfig({ FAROL_COOKIE_SECURE: '1' }).cookieSecure).toBe(true);
    expect(loadConfig({}).cookieSecure).toBe(false);
    const user = await t.createUser();
    t.server.config.cookieSecure = true;
    try {
      const response = await byEmail(user.email, 'farol-demo');
      expect(response.status).toBe(200);
      expect(cookieOf(response)).toMatch(/;\s*Secure/i);
    } finally {
      t.server.config.cookieSecure = false;
    }
  });

  it('compares the scheme as well as the host for cookie-only writes', async () => {
    const user = await t.createUser();
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const host = new URL(t.baseUrl).host;
    const write = (origin: string, headers: Record<string, string> = {}) =>
      t.api('PUT', '/api/profile', { cookie, headers: { origin, ...headers }, body: { theme: 'oceano' } });
    // An https page may not write to a plain-http server's session, nor an http page to an https one.
    expect((await write(`https://${host}`)).status).toBe(403);
    expect((await write(`http://${host}`, { 'x-forwarded-proto': 'https' })).status).toBe(403);
    expect((await write(`https://${host}`, { 'x-forwarded-proto': 'https' })).status).toBe(200);
    expect((await write(`http://${host}`)).status).toBe(200);
    // The proxy's public host name, when it forwards one.
    const proxied = await write('https://suporte.example.com.br', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'suporte.example.com.br',
    });
    expect(proxied.status).toBe(200);
  });
});
