import type { ListenHandlers, Unlisten } from './listen';
import type { DatabaseHealth } from './storage';

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
