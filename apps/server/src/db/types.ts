import type { ListenHandlers, Unlisten } from './listen';
import type { DatabaseHealth } from './storage';

export interface QueryResult<T> {
  rows: T[];
}

/** A statement for `Database.prepared`: its unique name, its SQL and its parameters. */
export interface PreparedStatement {
  name: string;
  sql: string;
  params: unknown[];
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
  /**
   * Several prepared statements in order, each answering as `prepared` would; one that fails stops the rest. In a
   * PGlite transaction they go to the database as one call (each call into PGlite has a fixed cost).
   */
  preparedMany(statements: readonly PreparedStatement[]): Promise<QueryResult<Record<string, unknown>>[]>;
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  /**
   * Hears NOTIFY on `channel` from every process on the database (PostgreSQL: a connection of its own that
   * reconnects by itself; PGlite: the one embedded session, re-listened after a reopen) and whether delivery
   * is certain right now (see ListenHandlers). Resolves once the first attempt to listen is over.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  close(): Promise<void>;
  /** Whether it answers, and (PGlite) whether its disk still takes writes: GET /api/health. */
  health(): Promise<DatabaseHealth>;
  /**
   * Refuses (StorageError 507) a write of about `bytes` when the embedded database's disk is below its
   * reserve, before anything is written; PostgreSQL manages its own disk.
   */
  assertWritable(bytes: number): Promise<void>;
}
