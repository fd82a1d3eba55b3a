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
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  dataDir?: string;
  databaseUrl?: string | null;
}

// int8 (count(*), bigint ids) as JS numbers, the same on both engines; values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const pgliteDatabase = (db: PGlite): Database => {
  const wrap = (runner: Pick<PGlite, 'query' | 'exec'>, inTransaction: boolean): Database => ({
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
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
