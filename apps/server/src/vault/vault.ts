import type { Database } from '../db/database';
import {
  keyScope,
  newDataKey,
  openField,
  openText,
  sealField,
  sealText,
  unwrapDataKey,
  VaultIntegrityError,
  wrapDataKey,
  type FieldPlace,
} from './envelope';
import { readKeyFile, type Keyring, type KeySource, type VaultKeys } from './keyring';

export class VaultUnavailableError extends Error {}

interface WrappedRow {
  scope: string;
  kek_version: number;
  wrapped: string;
}

/**
 * Every data key re-wrapped under the keyring's current KEK version, in one transaction: the new copy is
 * written, then the copies under older versions are deleted. Answers how many data keys it re-wrapped.
 */
export const rewrapDataKeys = async (db: Database, keyring: Keyring): Promise<number> =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<WrappedRow>(
      'SELECT scope, kek_version, wrapped FROM vault_data_keys ORDER BY scope, kek_version DESC FOR UPDATE',
    );
    const kek = keyring.keys.get(keyring.current)!;
    const byScope = new Map<string, WrappedRow[]>();
    for (const row of rows) byScope.set(row.scope, [...(byScope.get(row.scope) ?? []), row]);
    let rewrapped = 0;
    for (const [scope, copies] of byScope) {
      if (copies.some((copy) => copy.kek_version === keyring.current) && copies.length === 1) continue;
      const readable = copies.find((copy) => keyring.keys.has(copy.kek_version));
      if (!readable) {
        throw new VaultUnavailableError(
          `A chave de dados ${scope} só abre com a versão ${copies.map((c) => c.kek_version).join(', ')} da chave do cofre, que não está disponível`,
        );
      }
      const dataKey = unwrapDataKey(
        keyring.keys.get(readable.kek_version)!,
        readable.kek_version,
        scope,
        readable.wrapped,
      );
      await tx.query(
        `INSERT INTO vault_data_keys (scope, kek_version, wrapped) VALUES ($1, $2, $3)
         ON CONFLICT (scope, kek_version) DO UPDATE SET wrapped = EXCLUDED.wrapped`,
        [scope, keyring.current, wrapDataKey(kek, keyring.current, scope, dataKey)],
      );
      await tx.query('DELETE FROM vault_data_keys WHERE scope = $1 AND kek_version <> $2', [
        scope,
        keyring.current,
      ]);
      rewrapped += 1;
    }
    return rewrapped;
  });

export interface Vault {
  readonly available: boolean;
  /** Why the vault is closed (PostgreSQL without FAROL_VAULT_KEY, an unreadable key), in Portuguese. */
  readonly unavailableMessage: string | null;
  readonly kekVersion: number | null;
  seal(place: FieldPlace, plaintext: string, tx?: Database): Promise<string>;
  open(place: FieldPlace, sealed: string, tx?: Database): Promise<string>;
  /** Seals a text under `scope`'s data key (a scope beside the companies', e.g. TWO_FACTOR_SCOPE), bound to `aad`. */
  sealIn(scope: string, aad: string, plaintext: string, tx?: Database): Promise<string>;
  openIn(scope: string, aad: string, sealed: string, tx?: Database): Promise<string>;
  /** Reads the key file again (after `npm run vault:rotate-key`) and re-wraps the data keys if it changed. */
  reload(): Promise<number>;
  close(): void;
}

/**
 * The vault's keys at run time: the keyring, and each scope's data key unwrapped once and kept in memory.
 * A data key wrapped under a KEK version this process does not know makes it read the key file again (another
 * process may have rotated it).
 */
export const createVault = ({
  db,
  keys,
  log,
  watch = true,
}: {
  db: Database;
  keys: VaultKeys;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Re-read the key file when it changes (embedded database: the rotate command writes it). */
  watch?: boolean;
}): Vault => {
  let keyring: Keyring | null = keys.state === 'ready' ? keys.keyring : null;
  const source: KeySource | null = keys.state === 'ready' ? keys.source : null;
  const unavailableMessage = keys.state === 'unavailable' ? keys.message : null;
  const dataKeys = new Map<string, Buffer>();
  const pending = new Map<string, Promise<Buffer>>();

  const requireKeyring = (): Keyring => {
    if (!keyring) throw new VaultUnavailableError(unavailableMessage ?? 'Cofre de senhas indisponível');
    return keyring;
  };

  const reloadFile = (): boolean => {
    if (source?.kind !== 'file') return false;
    const next = readKeyFile(source.file);
    const changed = next.current !== keyring?.current || next.keys.size !== keyring?.keys.size;
    keyring = next;
    return changed;
  };

  const loadDataKey = async (scope: string, db: Database): Promise<Buffer> => {
    const ring = requireKeyring();
    const read = async () =>
      (
        await db.query<WrappedRow>(
          'SELECT scope, kek_version, wrapped FROM vault_data_keys WHERE scope = $1 ORDER BY kek_version DESC',
          [scope],
        )
      ).rows;
    let rows = await read();
    if (rows.length === 0) {
      const dataKey = newDataKey();
      // Two processes may create it at once: the first insert wins and both read the winner.
      await db.query(
        `INSERT INTO vault_data_keys (scope, kek_version, wrapped) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [scope, ring.current, wrapDataKey(ring.keys.get(ring.current)!, ring.current, scope, dataKey)],
      );
      rows = await read();
    }
    let usable = rows.find((row) => keyring!.keys.has(row.kek_version));
    if (!usable && reloadFile()) usable = rows.find((row) => keyring!.keys.has(row.kek_version));
    if (!usable) {
      throw new VaultUnavailableError(
        `Cofre de senhas indisponível: a chave de dados ${scope} pede a versão ${rows[0]!.kek_version} da chave do cofre, que este servidor não tem`,
      );
    }
    return unwrapDataKey(keyring!.keys.get(usable.kek_version)!, usable.kek_version, scope, usable.wrapped);
  };

  const dataKey = async (scope: string, tx: Database = db): Promise<Buffer> => {
    const cached = dataKeys.get(scope);
    if (cached) return cached;
    let loading = pending.get(scope);
    if (!loading) {
      loading = loadDataKey(scope, tx).finally(() => pending.delete(scope));
      pending.set(scope, loading);
    }
    const key = await loading;
    dataKeys.set(scope, key);
    return key;
  };

  const reload = async () => {
    if (!reloadFile()) return 0;
    const count = await rewrapDataKeys(db, keyring!);
    log?.info(
      { kekVersion: keyring!.current, rewrapped: count },
      'vault: key file changed, data keys re-wrapped',
    );
    return count;
  };

  let stopWatching = () => {};
  if (watch && source?.kind === 'file') {
    // Polled (not fs.watch): the rotate command renames a new file over the old one, which inotify loses.
    const { file } = source;
    const onChange = () => {
      reload().catch((err: unknown) => log?.error({ err }, 'vault: reloading the key file failed'));
    };
    void import('node:fs').then(({ watchFile, unwatchFile }) => {
      watchFile(file, { interval: 2000, persistent: false }, onChange);
      stopWatching = () => unwatchFile(file, onChange);
    });
  }

  return {
    get available() {
      return keyring !== null;
    },
    unavailableMessage,
    get kekVersion() {
      return keyring?.current ?? null;
    },
    async seal(place, plaintext, tx) {
      return sealField(await dataKey(keyScope(place.companyId), tx), place, plaintext);
    },
    async open(place, sealed, tx) {
      return openField(await dataKey(keyScope(place.companyId), tx), place, sealed);
    },
    async sealIn(scope, aad, plaintext, tx) {
      return sealText(await dataKey(scope, tx), aad, plaintext);
    },
    async openIn(scope, aad, sealed, tx) {
      return openText(await dataKey(scope, tx), aad, sealed);
    },
    reload,
    close() {
      stopWatching();
    },
  };
};

export { VaultIntegrityError };
