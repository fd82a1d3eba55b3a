import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createServer, type FarolServer } from '../src/app';
import { openDatabase } from '../src/db/database';
import { startTestServer, testDatabaseKind, testDatabaseOptions } from './harness';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A data folder that outlives one server (PGlite), or the shared test database (PostgreSQL). One folder
 * for the whole file: creating one costs seconds, reopening it a fraction of a second. Each test starts
 * real servers on it (several seconds, more on a busy machine), hence their generous timeouts; nothing
 * here is timed.
 */
let storage: ReturnType<typeof createStorage> | undefined;
const persistentStorage = () => (storage ??= createStorage());
const createStorage = () =>
  testDatabaseKind === 'postgres'
    ? testDatabaseOptions()
    : { dataDir: mkdtempSync(path.join(tmpdir(), 'farol-data-')) };

const login = async (baseUrl: string, email: string) => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, email, password: 'farol-demo' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
};

const uniqueTheme = () => `tema-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

/** PUT /api/profile {theme} as the token's user; answers the status. */
const putTheme = async (baseUrl: string, token: string, theme: string) =>
  (
    await fetch(`${baseUrl}/api/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ theme }),
    })
  ).status;

describe('durability', () => {
  it('keeps what was written across a close and a reopen of the same storage', async () => {
    const storage = persistentStorage();
    let server: FarolServer = await startTestServer(storage);
    const baseUrl = await server.listen();
    const token = await login(baseUrl, 'tecnico@farol.dev');
    const theme = uniqueTheme();
    expect(await putTheme(baseUrl, token, theme)).toBe(200);
    const { rows } = await server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'tecnico@farol.dev'",
    );
    const notification = await server.notify(rows[0]!.id, { type: 'system', message: 'Persistida' });
    await server.close();

    server = await startTestServer(storage);
    try {
      const again = await server.listen();
      // The session survives too: the same token still works.
      const profile = await fetch(`${again}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { theme: string }).theme).toBe(theme);
      const list = await fetch(`${again}/api/notifications?limit=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const ids = ((await list.json()) as { items: { id: number }[] }).items.map((item) => item.id);
      expect(ids).toContain(notification.id);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('close() lets in-flight requests finish and keeps their writes', async () => {
    const storage = persistentStorage();
    let server = await createServer({
      port: 0,
      realtimePort: 0,
      host: '127.0.0.1',
      logger: false,
      staticDir: null,
      ...storage,
    });
    const baseUrl = await server.listen();
    const token = await login(baseUrl, 'gestor@farol.dev');
    const theme = uniqueTheme();
    // Shut down once the request has reached the server (fastify handles it before this listener runs):
    // a fixed pause was not always enough on a busy machine, and a request not yet received gets 503.
    const received = new Promise((resolve) => server.app.server.once('request', resolve));
    const inFlight = fetch(`${baseUrl}/api/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ theme }),
    });
    await received;
    await server.close();
    expect((await inFlight).status).toBe(200);

    server = await createServer({
      port: 0,
      realtimePort: 0,
      host: '127.0.0.1',
      logger: false,
      staticDir: null,
      ...storage,
    });
    try {
      const { rows } = await server.db.query<{ theme: string }>(
        "SELECT theme FROM users WHERE email = 'gestor@farol.dev'",
      );
      expect(rows[0]?.theme).toBe(theme);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('a real process stopped with SIGTERM exits cleanly and its data survives', async () => {
    const storage = persistentStorage();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      REALTIME_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FAROL_STATIC_DIR: path.join(serverRoot, 'no-portal-here'),
      ...(storage.databaseUrl
        ? { DATABASE_URL: storage.databaseUrl, FAROL_DEMO: '1' }
        : { FAROL_DATA_DIR: storage.dataDir, DATABASE_URL: '' }),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@farol/source', 'src/main.ts'], {
      cwd: serverRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let output = '';
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line:\n${output}`)), 50_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Farol no ar: (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    expect(output).toContain('cliente@globex.com.br');
    expect(output).toContain('farol-demo');
    const token = await login(baseUrl, 'admin@farol.dev');
    const theme = uniqueTheme();
    expect(await putTheme(baseUrl, token, theme)).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const db = await openDatabase(storage);
    try {
      const { rows } = await db.query<{ theme: string }>(
        "SELECT theme FROM users WHERE email = 'admin@farol.dev'",
      );
      expect(rows[0]?.theme).toBe(theme);
    } finally {
      await db.close();
    }
  }, 90_000);
});

describe('the embedded data folder', () => {
  it('is opened by one process at a time: a second opener is refused until the first closes', async () => {
    // The file's folder when it has one (reopening is fast; creating one takes seconds).
    const dataDir = persistentStorage().dataDir ?? mkdtempSync(path.join(tmpdir(), 'farol-lock-'));
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(/já está em uso pelo processo \d+/);
    await first.close();
    const second = await openDatabase({ dataDir });
    expect((await second.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await second.close();
    // On the PostgreSQL pass the folder is made here: a new embedded database is slow on a busy machine.
  }, 120_000);
});
