import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { hashPassword } from '../src/auth/password';
import { issueToken } from '../src/auth/tokens';
import { createServer, type FarolServer, type ServerOptions } from '../src/app';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openMemoryPglite } from '../src/db/pglite';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
import { createDatabase, newDatabaseName } from './postgres-databases';

/** 'pglite' (default) or 'postgres' (FAROL_TEST_DB=postgres with FAROL_TEST_DATABASE_URL). */
export const testDatabaseKind = process.env.FAROL_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Where a test server keeps its data: in memory for PGlite; for PostgreSQL the file's own database, a copy of a
 * migrated and seeded template (database-per-file.ts), so there `demo: false` still finds the demo people.
 */
export const testDatabaseOptions = (): Pick<ServerOptions, 'dataDir' | 'databaseUrl'> => {
  if (testDatabaseKind === 'postgres') {
    const url = process.env.FAROL_TEST_DATABASE_URL;
    if (!url) throw new Error('FAROL_TEST_DB=postgres needs FAROL_TEST_DATABASE_URL');
    return { databaseUrl: url };
  }
  return { dataDir: 'memory://' };
};

export interface ApiOptions {
  token?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

// Answers are read loosely in tests; the shapes that matter are checked with the contract's schemas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseJson = any;

export interface ApiResponse<T = LooseJson> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

// scrypt is deliberately slow; one hash of the demo password serves every test user.
let demoHash: Promise<string> | undefined;
const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD));

// Enough for every test file's logins from 127.0.0.1 without weakening the per-account limit.
const TEST_RATE_LIMIT = { perIp: 1000, perAccount: 5, windowMs: 15 * 60 * 1000 };

/**
 * On PGlite, a server on a fresh in-memory database starts from an archive of one already migrated (and seeded,
 * unless `demo: false`) instead of running every migration and the demo seed again: most of a file's time. The
 * first file that needs an archive makes it in the run's cache folder (global-setup.ts); the others read it.
 */
const memoryArchive = async (options: ServerOptions): Promise<Blob | undefined> => {
  const database = { ...testDatabaseOptions(), ...options };
  if (database.databaseUrl || (database.dataDir ?? 'memory://') !== 'memory://') return undefined;
  return runArchive(options.demo !== false);
};

/** The run's archive of an embedded database migrated (and seeded with the demo when `demo`), made once. */
const runArchive = async (demo: boolean): Promise<Blob> => {
  const file = path.join(inject('serverTestCache'), demo ? 'demo.tar.gz' : 'migrated.tar.gz');
  if (!existsSync(file)) {
    const db = await openMemoryPglite();
    try {
      await migrate(db);
      if (demo) await seedDemo(db);
      // Written aside and renamed: a file running at the same time never reads half an archive.
      const partial = `${file}.${process.pid}.${randomUUID()}`;
      writeFileSync(partial, await db.backup());
      renameSync(partial, file);
    } finally {
      await db.close();
    }
  }
  return new Blob([readFileSync(file)]);
};

/**
 * A database migrated and seeded with the demo, on the pass's engine, without a server: PGlite from the run's
 * archive, or the file's own PostgreSQL copy.
 */
export const openSeededTestDatabase = async (): Promise<Database> =>
  openDatabase({ ...testDatabaseOptions(), memoryArchive: await memoryArchive({}) });

/**
 * A database migrated but not seeded, on the pass's engine: PGlite from the run's archive; on PostgreSQL the
 * file's own copy (migrated and seeded, as every PostgreSQL test database is).
 */
export const openMigratedTestDatabase = async (): Promise<Database> =>
  openDatabase({ ...testDatabaseOptions(), memoryArchive: await memoryArchive({ demo: false }) });

/**
 * A fresh embedded (PGlite, in-memory) database migrated and seeded with the demo, on either pass: the run's
 * archive, without running every migration and the seed again.
 */
export const openSeededMemoryDatabase = async (): Promise<Database> =>
  openDatabase({ dataDir: 'memory://', memoryArchive: await runArchive(true) });

/** An empty database on the pass's engine, for tests that migrate one themselves (an earlier release's). */
export const openEmptyTestDatabase = async (): Promise<Database> =>
  testDatabaseKind === 'postgres'
    ? openDatabase({ databaseUrl: await createDatabase(newDatabaseName()) })
    : openDatabase({ dataDir: 'memory://' });

export const startTestServer = async (options: ServerOptions = {}) =>
  createServer({
    memoryArchive: await memoryArchive(options),
    port: 0,
    realtimePort: 0,
    host: '127.0.0.1',
    logger: false,
    staticDir: null,
    loginRateLimit: TEST_RATE_LIMIT,
    ...testDatabaseOptions(),
    ...options,
  });

export interface TestUserInput {
  role?: string;
  permissions?: string[];
  companyId?: number | null;
  firstName?: string;
  password?: string;
}

export interface TestUser {
  id: number;
  email: string;
  token: string;
}

/** The per-file test server (started once in beforeAll, closed in afterAll) and helpers around it. */
export const setupTestServer = (options: ServerOptions = {}) => {
  let server: FarolServer | undefined;
  let baseUrl = '';

  beforeAll(async () => {
    server = await startTestServer(options);
    baseUrl = await server.listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  const ctx = {
    get server(): FarolServer {
      if (!server) throw new Error('test server not started');
      return server;
    },
    get baseUrl() {
      return baseUrl;
    },
    get realtimeUrl() {
      return `http://127.0.0.1:${ctx.server.realtime.port}`;
    },
    async api<T = LooseJson>(method: string, path: string, init: ApiOptions = {}): Promise<ApiResponse<T>> {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.cookie) headers.cookie = init.cookie;
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      if (response.headers.get('content-type')?.includes('application/json') && text) {
        parsed = JSON.parse(text);
      }
      return { status: response.status, headers: response.headers, body: parsed as T, text };
    },
    /** Logs in a demo user (password farol-demo) and returns the token. */
    async loginAs(email: string, password = DEMO_PASSWORD): Promise<string> {
      const response = await ctx.api('POST', '/api/auth/login', { body: { login: email, email, password } });
      if (response.status !== 200)
        throw new Error(`login ${email} failed: ${response.status} ${response.text}`);
      return response.body.token as string;
    },
    /** A fresh user with a unique e-mail, inserted directly, with a live token. */
    async createUser(input: TestUserInput = {}): Promise<TestUser> {
      const email = `t-${randomUUID()}@test.farol.dev`;
      const { rows } = await ctx.server.db.query<{ id: number }>(
        `INSERT INTO users (email, first_name, last_name, role, permissions, company_id, password_hash)
         VALUES ($1, $2, 'Teste', $3, $4, $5, $6) RETURNING id`,
        [
          email,
          input.firstName ?? 'Pessoa',
          input.role ?? 'tecnico',
          input.permissions ?? [],
          input.companyId ?? null,
          input.password ? await hashPassword(input.password) : await demoPasswordHash(),
        ],
      );
      const id = rows[0]!.id;
      const { token } = await issueToken(ctx.server.db, id);
      return { id, email, token };
    },
    async companyId(name: string): Promise<number> {
      const { rows } = await ctx.server.db.query<{ id: number }>('SELECT id FROM companies WHERE name = $1', [
        name,
      ]);
      if (!rows[0]) throw new Error(`company ${name} not seeded`);
      return rows[0].id;
    },
  };
  return ctx;
};
