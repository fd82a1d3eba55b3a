import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password';
import { hashToken, issueToken } from '../src/auth/tokens';
import { createUserSessions } from '../src/auth/user-sessions';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { setupTestServer, testDatabaseKind, testDatabaseOptions } from './harness';
import { connectClient, nextEvent, settle, type ClientSocket } from './realtime-helpers';

/** Issue 11, item 3: a password, role or activity change signs the person out everywhere; dead sessions go. */
const t = setupTestServer();
const sockets: ClientSocket[] = [];
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const connect = async (token: string) => {
  const socket = await connectClient(t.realtimeUrl, { token });
  sockets.push(socket);
  return socket;
};

const profileStatus = async (token: string) => (await t.api('GET', '/api/profile', { token })).status;

const sessionRow = async (token: string) => {
  const { rows } = await t.server.db.query<{ revoked_at: Date | null }>(
    'SELECT revoked_at FROM sessions WHERE token_hash = $1',
    [hashToken(token)],
  );
  return rows[0] ?? null;
};

describe('app.revokeUserSessions', () => {
  it('revokes every other session of the user, drops them from the cache and disconnects their sockets', async () => {
    const user = await t.createUser({ role: 'tecnico' });
    const kept = await t.loginAs(user.email);
    const other = await t.loginAs(user.email);
    // Verified once, so PGlite's session cache holds them.
    expect(await profileStatus(user.token)).toBe(200);
    expect(await profileStatus(other)).toBe(200);
    const [keptSocket, otherSocket, thirdSocket] = await Promise.all([
      connect(kept),
      connect(other),
      connect(user.token),
    ]);
    const bystander = await t.createUser({ role: 'tecnico' });
    const bystanderSocket = await connect(bystander.token);
    const gone = Promise.all([nextEvent(otherSocket, 'disconnect'), nextEvent(thirdSocket, 'disconnect')]);

    expect(await t.server.app.revokeUserSessions(user.id, { exceptToken: kept })).toBe(2);

    await expect(gone).resolves.toEqual(['io server disconnect', 'io server disconnect']);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(user.token)).toBe(401);
    expect(await profileStatus(kept)).toBe(200);
    await settle();
    expect(keptSocket.connected).toBe(true);
    expect(bystanderSocket.connected).toBe(true);
    expect(await profileStatus(bystander.token)).toBe(200);
    await expect(connectClient(t.realtimeUrl, { token: other })).rejects.toThrow(/auth/);
  });

  it('revokes all of them without an exception', async () => {
    const user = await t.createUser({ role: 'gestor' });
    const socket = await connect(user.token);
    const gone = nextEvent(socket, 'disconnect');
    expect(await t.server.app.revokeUserSessions(user.id)).toBe(1);
    await expect(gone).resolves.toBe('io server disconnect');
    expect(await profileStatus(user.token)).toBe(401);
  });
});

describe('the session cache', () => {
  /** Polls until the status is `expected`, failing after a second — far below any cache time. */
  const refusedWithin = async (token: string) => {
    const started = Date.now();
    while ((await profileStatus(token)) !== 401) {
      if (Date.now() - started > 1_000) throw new Error('still accepted after 1 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('drops a session revoked or a user changed in SQL behind the server (the database announces it)', async () => {
    expect(t.server.app.tokens.caching).toBe(true);
    const user = await t.createUser({ role: 'tecnico' });
    expect(await profileStatus(user.token)).toBe(200);
    expect((await t.api('GET', '/api/users', { token: user.token })).status).toBe(403);
    await t.server.db.query("UPDATE users SET permissions = '{users.view}' WHERE id = $1", [user.id]);
    const started = Date.now();
    while ((await t.api('GET', '/api/users', { token: user.token })).status !== 200) {
      if (Date.now() - started > 1_000) throw new Error('the new permission was not seen within 1 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await t.server.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
      hashToken(user.token),
    ]);
    await refusedWithin(user.token);
  });

  it('drops a session deleted while it was live and keeps the user’s others', async () => {
    const user = await t.createUser({ role: 'tecnico' });
    const other = await t.loginAs(user.email);
    expect(await profileStatus(user.token)).toBe(200);
    expect(await profileStatus(other)).toBe(200);
    await t.server.db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(user.token)]);
    await refusedWithin(user.token);
    expect(await profileStatus(other)).toBe(200);
  });
});

describe('the session sweep', () => {
  it('deletes expired and revoked sessions and closes sockets of sessions revoked elsewhere', async () => {
    const user = await t.createUser({ role: 'tecnico' });
    const expired = await issueToken(t.server.db, user.id, {}, -1000);
    const live = await t.loginAs(user.email);
    const revokedElsewhere = await t.loginAs(user.email);
    const [liveSocket, revokedSocket] = await Promise.all([connect(live), connect(revokedElsewhere)]);
    // As `create-admin` would on a running PostgreSQL deployment: the database only, no disconnect.
    await t.server.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
      hashToken(revokedElsewhere),
    ]);
    const gone = nextEvent(revokedSocket, 'disconnect');

    const sessions = createUserSessions({
      db: t.server.db,
      tokens: t.server.app.tokens,
      realtime: t.server.realtime,
    });
    const swept = await sessions.sweep();

    await expect(gone).resolves.toBe('io server disconnect');
    expect(swept.deleted).toBeGreaterThanOrEqual(2);
    expect(swept.disconnected).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(expired.token)).toBeNull();
    expect(await sessionRow(revokedElsewhere)).toBeNull();
    expect(await sessionRow(live)).toEqual({ revoked_at: null });
    await settle();
    expect(liveSocket.connected).toBe(true);
  });
});

describe('create-admin on an existing user', () => {
  it('resets the password and role and revokes the sessions opened before', async () => {
    const dataDir = testDatabaseKind === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'farol-admin-')) : null;
    const storage = dataDir ? { dataDir } : testDatabaseOptions();
    const email = `promovido-${Date.now().toString(36)}@test.farol.dev`;
    try {
      let db = await openDatabase(storage);
      let token: string;
      try {
        await migrate(db);
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO users (email, first_name, last_name, role, password_hash)
           VALUES ($1, 'Ana', 'Lima', 'tecnico', $2) RETURNING id`,
          [email, await hashPassword('senha-antiga-123')],
        );
        token = (await issueToken(db, rows[0]!.id)).token;
      } finally {
        await db.close();
      }

      const output = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            '--conditions=@farol/source',
            'src/cli/create-admin.ts',
            '--email',
            email,
            '--password',
            'senha-nova-4567',
          ],
          {
            cwd: serverRoot,
            env: {
              ...process.env,
              ...(dataDir
                ? { FAROL_DATA_DIR: dataDir, DATABASE_URL: '' }
                : { DATABASE_URL: storage.databaseUrl! }),
              INIT_CWD: serverRoot,
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('error', reject);
        child.once('exit', (code) => resolve({ code, out }));
      });
      expect(output.code, output.out).toBe(0);
      expect(output.out).toMatch(/1 sessões abertas encerradas/);

      db = await openDatabase(storage);
      try {
        const { rows } = await db.query<{ role: string; revoked: boolean }>(
          `SELECT u.role, s.revoked_at IS NOT NULL AS revoked
             FROM users u JOIN sessions s ON s.user_id = u.id WHERE s.token_hash = $1`,
          [hashToken(token)],
        );
        expect(rows).toEqual([{ role: 'admin', revoked: true }]);
        if (!dataDir) await db.query('DELETE FROM users WHERE email = $1', [email]);
      } finally {
        await db.close();
      }
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
