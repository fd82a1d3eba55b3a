import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export interface QueryResult<T> {
  rows: T[];
}

/** The one database interface the modules use; PGlite (embedded) and PostgreSQL (pg Pool) both use $1 params. */
export interface Database {
  kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * A hot query as a named prepared statement: planned once per connection, then executed. `name` must be
   * unique per SQL text. Same answers as `query`.
   */
  prepared<T = Record<string, unknown>>(
    name: string,
    sql: string,
    params: unknown[],
  ): Promise<QueryResult<T>>;
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  dataDir?: string;
  databaseUrl?: string | null;
}

// int8 (count(*), bigint ids) as JS numbers, the same on both engines; values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const STATEMENT_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Values that can be written into SQL as literals with no quoting at all (so nothing to inject). */
const inlineLiteral = (value: unknown): string | null => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isSafeInteger(value))
    return value < 0 ? `(${value})` : String(value);
  return null;
};

const pgliteDatabase = (db: PGlite): Database => {
  // PGlite runs the extended protocol as six calls into WebAssembly per query; a PREPAREd statement run with
  // EXECUTE in the simple protocol is one, about twice as fast. Parameters must be integers, booleans or
  // null (inlined, never quoted); anything else takes the ordinary parameterised path.
  const preparing = new Map<string, Promise<boolean>>();
  const prepare = (name: string, sql: string) => {
    let ready = preparing.get(name);
    if (!ready) {
      ready = db.exec(`PREPARE ${name} AS ${sql}`).then(
        () => true,
        () => false,
      );
      preparing.set(name, ready);
    }
    return ready;
  };

  const wrap = (runner: Pick<PGlite, 'query' | 'exec'>, inTransaction: boolean): Database => ({
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await runner.query<T>(sql, params);
      return { rows: result.rows };
    },
    async prepared<T>(name: string, sql: string, params: unknown[]) {
      const literals = params.map(inlineLiteral);
      const inlinable = literals.every((literal) => literal !== null);
      // Prepared statements are per session and outside transactions; keep transactions simple.
      if (!inTransaction && inlinable && STATEMENT_NAME.test(name) && (await prepare(name, sql))) {
        const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
        const [result] = await runner.exec(`EXECUTE ${name}${args}`);
        return { rows: (result?.rows ?? []) as T[] };
      }
      const result = await runner.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
    transaction<T>(fn: (tx: Database) => Promise<T>) {
      if (inTransaction) return fn(wrap(runner, true));
      return db.transaction((tx) => fn(wrap(tx, true)));
    },
    async close() {
      if (!inTransaction && !db.closed) await db.close();
    },
  });
  return wrap(db, false);
};

const postgresDatabase = (pool: pg.Pool): Database => {
  const wrapClient = (client: pg.PoolClient): Database => ({
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    async prepared<T>(name: string, sql: string, params: unknown[]) {
      const result = await client.query({ name, text: sql, values: params });
      return { rows: result.rows as T[] };
    },
    transaction: (fn) => fn(wrapClient(client)),
    close: async () => undefined,
  });
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async prepared<T>(name: string, sql: string, params: unknown[]) {
      // node-postgres prepares a named statement once per pooled connection.
      const result = await pool.query({ name, text: sql, values: params });
      return { rows: result.rows as T[] };
    },
    async transaction<T>(fn: (tx: Database) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrapClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      // Idempotent, like PGlite's: shutdown paths may race.
      if (!pool.ended) await pool.end();
    },
  };
};

/**
 * A PGlite session whose prepared statements keep one generic plan, as `prepared` promises ("planned once"):
 * left to itself PostgreSQL re-plans each EXECUTE whose parameters include a LIMIT, and in WebAssembly that
 * planning costs as much as running the tickets list page. Every prepared statement here is shaped for it
 * (filters on integer ids and fixed values, LIMIT/OFFSET); queries sent with parameters are still planned for
 * their values. PostgreSQL keeps its own choice.
 */
const createPglite = async (dir: string) => {
  // unaccent and pg_trgm: accent- and case-insensitive search through an index (migration 008).
  const pglite = await PGlite.create(dir, { extensions: { unaccent, pg_trgm } });
  await pglite.exec('SET plan_cache_mode = force_generic_plan');
  return pglite;
};

/** PGlite in `dataDir` ('memory://' for tests) unless `databaseUrl` points at PostgreSQL. */
export const openDatabase = async ({ dataDir, databaseUrl }: OpenDatabaseOptions): Promise<Database> => {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = postgresDatabase(pool);
    await db.query('SELECT 1');
    return db;
  }
  const dir = dataDir ?? 'memory://';
  if (dir.startsWith('memory://')) return pgliteDatabase(await createPglite(dir));
  const release = lockDataDir(dir);
  try {
    const db = pgliteDatabase(await createPglite(dir));
    return {
      ...db,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite has no locking of its own: two processes on one folder would corrupt it. A lock file beside the
 * folder (`<dir>.lock`, holding the owner's pid) refuses a second opener; a dead owner's lock is taken over.
 */
const lockDataDir = (dir: string): (() => void) => {
  const lockPath = `${path.resolve(dir)}.lock`;
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new Error(
          `A pasta de dados ${dir} já está em uso pelo processo ${owner}. Pare o servidor antes (ou use DATABASE_URL).`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Não foi possível travar a pasta de dados ${dir}`);
};
