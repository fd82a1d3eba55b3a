// Runs only in the PostgreSQL pass (FAROL_TEST_DATABASE_URL): the pglite pass excludes *.postgres.test.ts.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, issueToken } from '../src/auth/tokens';
import type { FarolServer } from '../src/app';
import { startTestServer } from './harness';

/**
 * Issue 18: each server process caches verified sessions, and two processes on one PostgreSQL still agree at
 * once on logout, revocation and user changes (the database announces them), and never serve a revoked
 * session while the announcements cannot reach them. The cache time here is a minute, so a refusal within
 * the test's second can only come from the announcement.
 */
const adminUrl = process.env.FAROL_TEST_DATABASE_URL;
const CACHE_MS = 60_000;
const database = `farol_sessions_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
let databaseUrl = '';
let one: FarolServer;
let two: FarolServer;

const admin = async <T>(fn: (client: pg.Client) => Promise<T>, url = adminUrl): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

const status = async (server: FarolServer, token: string, method = 'GET', path = '/api/profile') =>
  (await fetch(`${server.url()}${path}`, { method, headers: { authorization: `Bearer ${token}` } })).status;

/** Polls until `check` holds, failing after `withinMs` (well under the cache time). */
const within = async (withinMs: number, check: () => Promise<boolean>) => {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const person = async () => {
  const { rows } = await one.db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, role, password_hash)
     VALUES ($1, 'Sessão', 'Teste', 'tecnico', 'x') RETURNING id`,
    [`${randomUUID()}@sessions.test`],
  );
  const id = rows[0]!.id;
  const { token } = await issueToken(one.db, id);
  return { id, token };
};

/** Signed in and verified on both servers, so both hold the session in their caches. */
const cachedOnBoth = async () => {
  const who = await person();
  expect(await status(one, who.token)).toBe(200);
  expect(await status(two, who.token)).toBe(200);
  return who;
};

const listeners = () =>
  admin(async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'farol listen farol_sessions'`,
      [database],
    );
    return rows.map((row) => row.pid);
  });

beforeAll(async () => {
  if (!adminUrl) throw new Error('the sessions suite needs FAROL_TEST_DATABASE_URL (PostgreSQL)');
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
  one = await startTestServer({ databaseUrl, sessionCacheMs: CACHE_MS });
  two = await startTestServer({ databaseUrl, sessionCacheMs: CACHE_MS });
  await Promise.all([one.listen(), two.listen()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  if (adminUrl) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

describe('the session cache with two servers on one PostgreSQL', () => {
  it('caches on both (nothing asks the database for a session already verified)', async () => {
    expect(one.app.tokens.caching).toBe(true);
    expect(two.app.tokens.caching).toBe(true);
    const who = await cachedOnBoth();
    // Behind the servers' backs and without an announcement (triggers off for this session): the cache answers.
    await admin(async (client) => {
      await client.query("SET session_replication_role = 'replica'");
      await client.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
        hashToken(who.token),
      ]);
    }, databaseUrl);
    expect(await status(two, who.token)).toBe(200);
    two.app.tokens.forgetUser(who.id);
    expect(await status(two, who.token)).toBe(401);
  });

  it('a logout on one server is refused by the other at once', async () => {
    const who = await cachedOnBoth();
    expect(await status(one, who.token, 'POST', '/api/auth/logout')).toBe(204);
    expect(await status(one, who.token)).toBe(401);
    await within(1_000, async () => (await status(two, who.token)) === 401);
  });

  it('app.revokeUserSessions on one server signs the person out on the other at once, but the kept session', async () => {
    const who = await cachedOnBoth();
    const kept = (await issueToken(two.db, who.id)).token;
    expect(await status(two, kept)).toBe(200);
    expect(await one.app.revokeUserSessions(who.id, { exceptToken: kept })).toBe(1);
    await within(1_000, async () => (await status(two, who.token)) === 401);
    expect(await status(two, kept)).toBe(200);
    expect(await status(one, kept)).toBe(200);
  });

  it('a permission change or a revocation made in SQL (create-admin, by hand) reaches both at once', async () => {
    const who = await cachedOnBoth();
    // The permissions are read from the session's user, as cached: users.view opens GET /api/users.
    expect(await status(two, who.token, 'GET', '/api/users')).toBe(403);
    await admin(
      (client) => client.query("UPDATE users SET permissions = '{users.view}' WHERE id = $1", [who.id]),
      databaseUrl,
    );
    await within(1_000, async () => (await status(two, who.token, 'GET', '/api/users')) === 200);
    expect(await status(one, who.token, 'GET', '/api/users')).toBe(200);
    await admin(
      (client) => client.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [who.id]),
      databaseUrl,
    );
    await within(
      1_000,
      async () => (await status(one, who.token)) === 401 && (await status(two, who.token)) === 401,
    );
  });

  it("a deactivation and a role's keys changed through one server's API reach the other at once", async () => {
    const { rows } = await one.db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name, role, password_hash)
       VALUES ($1, 'Gestora', 'Teste', 'admin', 'x') RETURNING id`,
      [`${randomUUID()}@sessions.test`],
    );
    const manager = (await issueToken(one.db, rows[0]!.id)).token;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${one.url()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${manager}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    // The role's keys (table roles, announced as '*'): users.view added to tecnico opens GET /api/users.
    const who = await cachedOnBoth();
    expect(await status(two, who.token, 'GET', '/api/users')).toBe(403);
    const role = await call('GET', '/api/roles');
    const tecnico = ((await role.json()) as { items: { key: string; permissions: string[] }[] }).items.find(
      (item) => item.key === 'tecnico',
    )!;
    const patched = await call('PATCH', '/api/roles/tecnico', {
      permissions: [...tecnico.permissions, 'users.view'],
    });
    expect(patched.status).toBe(200);
    await within(1_000, async () => (await status(two, who.token, 'GET', '/api/users')) === 200);
    // Deactivated on one server: the other refuses the session at once.
    expect((await call('POST', `/api/accounts/${who.id}/deactivate`)).status).toBe(200);
    await within(1_000, async () => (await status(two, who.token)) === 401);
    expect(await status(one, who.token)).toBe(401);
  });

  it('never serves a revoked session while it cannot hear the database, and starts over once it hears again', async () => {
    const before = await cachedOnBoth();
    const during = await cachedOnBoth();
    const pids = await listeners();
    expect(pids).toHaveLength(2);
    await admin((client) =>
      client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]),
    );
    await within(5_000, async () => !one.app.tokens.caching && !two.app.tokens.caching);

    // Revoked where neither can hear it: both ask the database meanwhile.
    await admin(
      (client) => client.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [during.id]),
      databaseUrl,
    );
    expect(await status(one, during.token)).toBe(401);
    expect(await status(two, during.token)).toBe(401);
    expect(await status(two, before.token)).toBe(200);

    // Listening again (a second or so later), with nothing kept from before the outage.
    await within(10_000, async () => one.app.tokens.caching && two.app.tokens.caching);
    expect((await listeners()).filter((pid) => !pids.includes(pid))).toHaveLength(2);
    await admin(
      (client) => client.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [before.id]),
      databaseUrl,
    );
    await within(1_000, async () => (await status(two, before.token)) === 401);
    expect(await status(one, during.token)).toBe(401);
  });

  it('a notification read or written on one server shows in the other’s next list (its kept page dropped)', async () => {
    const who = await cachedOnBoth();
    const unread = async (server: FarolServer) => {
      const response = await fetch(`${server.url()}/api/notifications/unread-count`, {
        headers: { authorization: `Bearer ${who.token}` },
      });
      return ((await response.json()) as { unread: number }).unread;
    };
    // Read (and kept) on the other server first.
    expect(await unread(two)).toBe(0);
    await one.notify(who.id, { type: 'ticket', message: 'Primeira', severity: 'info' });
    await within(1_000, async () => (await unread(two)) === 1);
    expect(await unread(two)).toBe(1);
    const read = await fetch(`${one.url()}/api/notifications/read-all`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(read.status).toBe(200);
    await within(1_000, async () => (await unread(two)) === 0);
  });
});
