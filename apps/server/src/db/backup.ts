import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { acquireDataDirLock } from './data-dir-lock';
import { DataDirError, inspectDataDir } from './data-dir';
import { NoControlServer, requestBackup } from './control';
import { loadIntoFolder, openMemoryPglite, openPgliteFolder } from './pglite';

/** Thrown for what an operator must fix; the CLIs print its message as one line. */
export class BackupError extends Error {}

export const POSTGRES_BACKUP_HINT =
  'Com DATABASE_URL (PostgreSQL) use as ferramentas do PostgreSQL: pg_dump --format=custom --file=farol.dump "$DATABASE_URL" ' +
  'para o backup e pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" farol.dump para restaurar (veja o README).';

/** 20261124-084500 (UTC), for file names. */
export const timestamp = (date = new Date()) =>
  date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Opens the archive in memory and reads it: a backup that does not open is no backup. */
export const verifyArchive = async (archive: Uint8Array): Promise<{ migrations: number }> => {
  let db;
  try {
    db = await openMemoryPglite('memory://', new Blob([archive as Uint8Array<ArrayBuffer>]));
  } catch (error) {
    throw new BackupError(
      `o arquivo não é um backup do Farol que abra (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  try {
    const { rows } = await db.query<{ migrations: number }>(
      'SELECT count(*)::int AS migrations FROM schema_migrations',
    );
    return { migrations: rows[0]?.migrations ?? 0 };
  } catch {
    throw new BackupError('o arquivo abre, mas não tem o banco do Farol (falta schema_migrations)');
  } finally {
    await db.close();
  }
};

/**
 * A consistent copy of the PGlite folder as a .tar.gz: asked of the running server through its control
 * socket (it holds the folder), or taken directly when no server runs.
 */
export const takeBackup = async (dataDir: string): Promise<{ archive: Buffer; fromServer: boolean }> => {
  const dir = path.resolve(dataDir);
  try {
    return { archive: await requestBackup(dir), fromServer: true };
  } catch (error) {
    if (!(error instanceof NoControlServer))
      throw new BackupError(`o servidor não fez o backup: ${(error as Error).message}`);
  }
  if (inspectDataDir(dir) !== 'database')
    throw new BackupError(`não há banco de dados em ${dir} para copiar`);
  let db;
  try {
    db = await openPgliteFolder(dir, { diskReserveBytes: 0 });
  } catch (error) {
    if (error instanceof DataDirError && error.problem === 'locked') {
      throw new BackupError(
        `${error.message} O servidor em execução não atende pelo canal de backup (${dir}.sock): pare-o para fazer o backup.`,
      );
    }
    throw error;
  }
  try {
    return { archive: Buffer.from(await db.backup()), fromServer: false };
  } finally {
    await db.close();
  }
};

/** Writes `data` to `file` all at once, never over an existing file. */
export const writeNewFile = (file: string, data: Uint8Array) => {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.parcial`;
  writeFileSync(draft, data, { flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(`${file} já existe: escolha outro nome ou apague o arquivo antigo`);
    }
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
};

export interface RestoreResult {
  /** Where the folder that was there went (null when there was none, or it was empty). */
  previous: string | null;
  migrations: number;
}

/**
 * Replaces the PGlite folder with a backup. The server must be stopped (the folder's lock says so). A
 * folder already there, even a damaged one, is moved aside to `<dir>.antes-da-restauracao-<data>`, never
 * deleted; if anything fails it is put back.
 */
export const restoreBackup = async (dataDir: string, file: string): Promise<RestoreResult> => {
  const dir = path.resolve(dataDir);
  let archive: Buffer;
  try {
    archive = await readFile(file);
  } catch (error) {
    throw new BackupError(
      `não foi possível ler ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  const { migrations } = await verifyArchive(archive);
  let lock;
  try {
    lock = await acquireDataDirLock(dir);
  } catch (error) {
    if (error instanceof DataDirError && error.problem === 'locked') {
      throw new BackupError(`${error.message.replace(/ Pare .*$/, '')} Pare o servidor antes de restaurar.`);
    }
    throw error;
  }
  try {
    let previous: string | null = null;
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw new BackupError(`${dir} é um arquivo, não uma pasta de dados`);
      if (readdirSync(dir).length > 0) {
        previous = `${dir}.antes-da-restauracao-${timestamp()}`;
        try {
          renameSync(dir, previous);
        } catch (error) {
          throw new BackupError(
            `não foi possível mover a pasta atual para ${previous} (${(error as NodeJS.ErrnoException).code}); mova-a você mesmo e tente de novo`,
          );
        }
      }
    }
    try {
      // The new database goes into a folder of its own making: the one there was is kept aside untouched.
      if (previous === null && existsSync(dir)) inspectDataDir(dir);
      await loadIntoFolder(dir, new Blob([archive as Uint8Array<ArrayBuffer>]));
    } catch (error) {
      if (previous !== null) {
        rmSync(dir, { recursive: true, force: true });
        renameSync(previous, dir);
      }
      throw error;
    }
    return { previous, migrations };
  } finally {
    lock.release();
  }
};
