import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The vault's key-encryption keys (KEK): 32 random bytes per version, the highest version current. They never
 * enter the database; they come from FAROL_VAULT_KEY or from the key file beside the embedded data folder.
 */
export interface Keyring {
  current: number;
  keys: ReadonlyMap<number, Buffer>;
}

export type KeySource =
  | { kind: 'env' }
  | { kind: 'file'; file: string }
  /** An in-memory database (tests): an in-memory key that dies with it. */
  | { kind: 'memory' };

export type VaultKeys =
  { state: 'ready'; keyring: Keyring; source: KeySource } | { state: 'unavailable'; message: string };

export class VaultKeyError extends Error {}

const KEY_BYTES = 32;

const decodeKey = (text: string, label: string): Buffer => {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new VaultKeyError(
      `${label}: a chave do cofre deve ter 32 bytes em base64 (gere uma com: openssl rand -base64 32)`,
    );
  }
  return key;
};

/**
 * FAROL_VAULT_KEY: one base64 key (version 1), or a keyring `v2:<base64>,v1:<base64>` whose highest version
 * is current (the older ones stay readable until `npm run vault:rotate-key` has re-wrapped every data key).
 */
export const parseKeyringText = (text: string, label = 'FAROL_VAULT_KEY'): Keyring => {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new VaultKeyError(`${label} está vazia`);
  const keys = new Map<number, Buffer>();
  for (const part of parts) {
    const match = /^v(\d{1,6}):(.+)$/.exec(part);
    if (!match) {
      if (parts.length > 1) throw new VaultKeyError(`${label}: use v<versão>:<chave> em cada item da lista`);
      keys.set(1, decodeKey(part, label));
      continue;
    }
    const version = Number(match[1]);
    if (version < 1) throw new VaultKeyError(`${label}: versões começam em 1`);
    if (keys.has(version)) throw new VaultKeyError(`${label}: a versão ${version} aparece duas vezes`);
    keys.set(version, decodeKey(match[2]!, `${label} (v${version})`));
  }
  return { current: Math.max(...keys.keys()), keys };
};

export const formatKeyring = (keyring: Keyring): string =>
  [...keyring.keys.entries()]
    .sort(([a], [b]) => b - a)
    .map(([version, key]) => `v${version}:${key.toString('base64')}`)
    .join(',');

/** A keyring with one more version, the new current, made of 32 bytes from the CSPRNG. */
export const addKeyVersion = (keyring: Keyring | null): Keyring => {
  const keys = new Map(keyring?.keys ?? []);
  const current = (keyring?.current ?? 0) + 1;
  keys.set(current, randomBytes(KEY_BYTES));
  return { current, keys };
};

/** Beside the data folder, not in it: a backup (a copy of the folder) never carries the key. */
export const keyFileOf = (dataDir: string) => `${path.resolve(dataDir)}.vault.key`;

const FILE_HEADER =
  '# Farol: chaves do cofre de senhas (KEK). Guarde uma cópia fora do servidor: sem ela, o backup do banco não abre os segredos.\n';

export const readKeyFile = (file: string): Keyring => {
  const mode = statSync(file).mode & 0o777;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new VaultKeyError(
      `${file} pode ser lido por outros usuários (modo ${mode.toString(8)}); use chmod 600 ${file}`,
    );
  }
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return parseKeyringText(lines.join(','), file);
};

/** Written whole to a temporary file with mode 0600, then renamed over the old one. */
export const writeKeyFile = (file: string, keyring: Keyring) => {
  const temporary = `${file}.${process.pid}.tmp`;
  const body = formatKeyring(keyring).split(',').join('\n');
  writeFileSync(temporary, `${FILE_HEADER}${body}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
};

export interface ResolveKeysOptions {
  /** FAROL_VAULT_KEY (or the config's vaultKey). */
  envKey: string | null | undefined;
  dataDir: string;
  databaseUrl: string | null;
}

export const POSTGRES_KEY_MISSING =
  'Cofre de senhas indisponível: com PostgreSQL, defina FAROL_VAULT_KEY (32 bytes em base64, gere com: openssl rand -base64 32) em todos os servidores.';

/**
 * Where the KEK comes from: FAROL_VAULT_KEY when set; else, on the embedded database, the key file beside its
 * folder, generated (mode 0600) on first start; an in-memory database gets an in-memory key. PostgreSQL
 * without FAROL_VAULT_KEY gets no vault: several servers would each make a different file.
 */
export const resolveVaultKeys = ({ envKey, dataDir, databaseUrl }: ResolveKeysOptions): VaultKeys => {
  try {
    if (envKey && envKey.trim())
      return { state: 'ready', keyring: parseKeyringText(envKey), source: { kind: 'env' } };
    if (databaseUrl) return { state: 'unavailable', message: POSTGRES_KEY_MISSING };
    if (dataDir.startsWith('memory://')) {
      return { state: 'ready', keyring: addKeyVersion(null), source: { kind: 'memory' } };
    }
    const file = keyFileOf(dataDir);
    if (!existsSync(file)) writeKeyFile(file, addKeyVersion(null));
    return { state: 'ready', keyring: readKeyFile(file), source: { kind: 'file', file } };
  } catch (error) {
    if (error instanceof VaultKeyError) {
      return { state: 'unavailable', message: `Cofre de senhas indisponível: ${error.message}` };
    }
    throw error;
  }
};
