import type { Database } from './database';
import type { Migration, MigrationContext } from './migration';
import { migrations as defaultMigrations } from './migrations/index';

export type { Migration, MigrationContext } from './migration';

/** Arbitrary constant: every Farol process takes this transaction-level advisory lock before migrating. */
const MIGRATION_LOCK_KEY = 7_351_902;

/**
 * Applies the pending migrations in one transaction. The advisory lock makes concurrent starts of several
 * processes on one PostgreSQL safe: the second waits, then finds everything applied.
 */
export const migrate = async (
  db: Database,
  list: Migration[] = defaultMigrations,
  context: MigrationContext = { vault: null },
): Promise<string[]> =>
  db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.id));
    const done: string[] = [];
    for (const migration of list) {
      if (applied.has(migration.id)) continue;
      if (migration.sql) await tx.exec(migration.sql);
      await migration.run?.(tx, context);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      done.push(migration.id);
    }
    return done;
  });
