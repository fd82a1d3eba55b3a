import pg from 'pg';
import { listenPostgres, type Unlisten } from './listen';
import { openMemoryPglite, openPgliteFolder } from './pglite';
import { preparedOneByOne } from './prepared-many';
import { DEFAULT_DISK_RESERVE_BYTES } from './storage';
import type { Database } from './types';

export type { Database, QueryResult } from './types';

export interface OpenDatabaseOptions {
  dataDir?: string;
  databaseUrl?: string | null;
  /** Room kept free on the PGlite folder's disk (writes are refused below it); 0 turns the check off. */
  diskReserveBytes?: number;
  /** Serve `npm run backup` on `<dataDir>.sock` (the server; not one-off tools). */
  control?: boolean;
  /** An in-memory database starts as this `dumpDataDir` archive (the server tests' migrated starting point). */
  memoryArchive?: Blob;
}

// int8 (count(*), bigint ids) as JS numbers, the same on both engines; values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const postgresDatabase = (pool: pg.Pool, connectionString: string): Database => {
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
    preparedMany(statements) {
      return preparedOneByOne(this, statements);
    },
    transaction: (fn) => fn(wrapClient(client)),
    listen: (channel, handlers) => database.listen(channel, handlers),
    close: async () => undefined,
    health: () => database.health(),
    assertWritable: async () => undefined,
  });
  const listeners = new Set<Unlisten>();
  const database: Database = {
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
    preparedMany(statements) {
      return preparedOneByOne(this, statements);
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
    async listen(channel, handlers) {
      const unlisten = await listenPostgres(connectionString, channel, handlers);
      listeners.add(unlisten);
      return async () => {
        listeners.delete(unlisten);
        await unlisten();
      };
    },
    async close() {
      // Idempotent, like PGlite's: shutdown paths may race.
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      listeners.clear();
      if (!pool.ended) await pool.end();
    },
    async health() {
      try {
        await pool.query('SELECT 1');
        return { state: 'ok', readable: true };
      } catch {
        return { state: 'down', readable: false };
      }
    },
    assertWritable: async () => undefined,
  };
  return database;
};

/** PGlite in `dataDir` ('memory://' for tests) unless `databaseUrl` points at PostgreSQL. */
export const openDatabase = async ({
  dataDir,
  databaseUrl,
  diskReserveBytes = DEFAULT_DISK_RESERVE_BYTES,
  control = false,
  memoryArchive,
}: OpenDatabaseOptions): Promise<Database> => {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = postgresDatabase(pool, databaseUrl);
    await db.query('SELECT 1');
    return db;
  }
  const dir = dataDir ?? 'memory://';
  if (dir.startsWith('memory://')) return openMemoryPglite(dir, memoryArchive);
  return openPgliteFolder(dir, { diskReserveBytes, control });
};
