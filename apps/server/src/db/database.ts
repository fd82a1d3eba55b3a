import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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
  const pglite = await PGlite.create(dataDir ?? 'memory://');
  return pgliteDatabase(pglite);
};
