import type { Vault } from '../vault/vault';
import type { Database } from './database';

/** What a migration's code step may use besides the transaction. */
export interface MigrationContext {
  /** The vault's envelope, for a migration that seals data stored in clear before; null when none is at hand. */
  vault: Vault | null;
}

/** One schema change. An id, once released, never changes meaning: databases remember which ids they ran. */
export interface Migration {
  id: string;
  sql: string;
  /** Work SQL cannot do (sealing with a key the database never holds), run after `sql` in the same transaction. */
  run?: (tx: Database, context: MigrationContext) => Promise<void>;
}
