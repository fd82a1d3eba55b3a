import { accessSync, constants, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What is wrong with the embedded database's folder; the message says it in one Portuguese line. */
export type DataDirProblem =
  | 'not_a_directory'
  | 'not_a_data_dir'
  | 'damaged'
  | 'read_only'
  | 'unreadable'
  | 'locked'
  | 'disk_full'
  | 'open_failed';

/** A start-up refusal about the data folder: one line saying what is wrong and what to do. */
export class DataDirError extends Error {
  constructor(
    readonly problem: DataDirProblem,
    message: string,
  ) {
    super(message);
    this.name = 'DataDirError';
  }
}

/**
 * Written into a folder before PGlite creates a database in it and removed once it has: a folder holding it
 * is the remains of a creation that never finished (no one's data), which may be started again from scratch.
 */
export const INIT_MARKER = '.farol-init';

const RESTORE =
  'Restaure um backup (npm run restore -- <arquivo>) ou, para começar do zero, mova a pasta para outro lugar.';
const UNTOUCHED = 'Nada foi alterado nela.';
/** A mounted volume's root may hold these and still count as empty. */
const IGNORED_WHEN_EMPTY = new Set(['lost+found']);
const ESSENTIALS = ['PG_VERSION', 'global/pg_control', 'base', 'pg_wal'] as const;
const PG_CONTROL_SIZE = 8192;
const WAL_SEGMENT_NAME = /^[0-9A-F]{24}$/;
const DEFAULT_WAL_SEGMENT = 16n * 1024n * 1024n;

/**
 * missing: nothing there yet; empty: an empty folder; incomplete: a creation that never finished (INIT_MARKER);
 * database: a database folder that passed the checks below. Only the first three may be initialised.
 */
export type DataDirState = 'missing' | 'empty' | 'incomplete' | 'database';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;
const isPermission = (error: unknown) => ['EACCES', 'EPERM', 'EROFS'].includes(errno(error) ?? '');
const whoAmI = () => (typeof process.getuid === 'function' ? ` (usuário uid=${process.getuid()})` : '');

/** `target`: what cannot be written (a file of the folder, the folder beside it), or null for the folder. */
export const readOnlyError = (dir: string, target: string | null) =>
  new DataDirError(
    'read_only',
    `A pasta de dados ${dir} é somente leitura${whoAmI()}: ${target ? `não é possível gravar em ${target}` : 'não é possível gravar nela'}, e o banco embutido precisa gravar ali. ` +
      'Dê permissão de escrita à pasta e aos arquivos dela (chown -R / chmod -R u+w), monte o volume com escrita ou aponte FAROL_DATA_DIR para outra pasta.',
  );

const damaged = (dir: string, what: string) =>
  new DataDirError('damaged', `A pasta de dados ${dir} está danificada: ${what}. ${UNTOUCHED} ${RESTORE}`);

const hex8 = (value: bigint | number) => value.toString(16).toUpperCase().padStart(8, '0');

/** The WAL segment holding `lsn` (XLogFileName of PostgreSQL). */
const walSegmentName = (timeline: number, lsn: bigint, segmentSize: bigint) => {
  const segment = lsn / segmentSize;
  const perId = 0x1_0000_0000n / segmentSize;
  return `${hex8(timeline)}${hex8(segment / perId)}${hex8(segment % perId)}`;
};

const isPowerOfTwo = (value: number) => value > 0 && (value & (value - 1)) === 0;

/**
 * The WAL segments recovery starts from must be there: pg_control names the last checkpoint and where its
 * replay starts (their offsets in ControlFileData have not moved from PostgreSQL 10 to 18).
 */
const checkWal = (dir: string, control: Buffer) => {
  const walDir = path.join(dir, 'pg_wal');
  const segments = readdirSync(walDir).filter((name) => WAL_SEGMENT_NAME.test(name));
  if (segments.length === 0)
    throw damaged(dir, 'a pasta pg_wal não tem nenhum arquivo do WAL (o registro de transações)');
  const version = control.readUInt32LE(8);
  const timeline = control.readUInt32LE(48);
  if (version < 1000 || version >= 2000 || timeline === 0) return;
  const sizes = segments.map((name) => statSync(path.join(walDir, name)).size);
  const size = sizes.find((candidate) => isPowerOfTwo(candidate) && candidate >= 1 << 20);
  const segmentSize = size ? BigInt(size) : DEFAULT_WAL_SEGMENT;
  for (const lsn of [control.readBigUInt64LE(32), control.readBigUInt64LE(40)]) {
    const name = walSegmentName(timeline, lsn, segmentSize);
    const at = segments.indexOf(name);
    if (at === -1) throw damaged(dir, `falta o arquivo do WAL pg_wal/${name}, necessário para abrir o banco`);
    if (sizes[at] !== Number(segmentSize)) {
      throw damaged(dir, `o arquivo do WAL pg_wal/${name} está truncado (${sizes[at]} bytes)`);
    }
  }
};

const checkWritable = (dir: string, relative: string) => {
  try {
    accessSync(path.join(dir, relative), constants.W_OK);
  } catch (error) {
    if (isPermission(error)) throw readOnlyError(dir, relative || null);
    throw error;
  }
};

/**
 * Looks at the folder without changing anything and says whether it may be opened or initialised. A folder
 * that is neither missing, empty, nor a complete database is refused with what is wrong: PGlite itself would
 * initialise over it (wiping what is there) or abort with a message nobody can act on.
 */
export const inspectDataDir = (dir: string): DataDirState => {
  let entries: string[];
  try {
    if (!statSync(dir).isDirectory()) {
      throw new DataDirError(
        'not_a_directory',
        `A pasta de dados (FAROL_DATA_DIR) ${dir} é um arquivo, não uma pasta. ` +
          'Aponte FAROL_DATA_DIR para uma pasta (uma pasta vazia ou inexistente cria um banco novo) ou tire esse arquivo do caminho.',
      );
    }
    entries = readdirSync(dir);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    if (errno(error) === 'ENOENT') return 'missing';
    if (errno(error) === 'ENOTDIR') {
      throw new DataDirError(
        'not_a_directory',
        `O caminho da pasta de dados (FAROL_DATA_DIR) ${dir} passa por um arquivo. Aponte FAROL_DATA_DIR para uma pasta.`,
      );
    }
    if (isPermission(error)) {
      throw new DataDirError(
        'unreadable',
        `Sem permissão para ler a pasta de dados ${dir}${whoAmI()}. Dê ao usuário do servidor permissão de leitura e escrita nela (chown -R) ou aponte FAROL_DATA_DIR para outra pasta.`,
      );
    }
    throw error;
  }
  if (entries.includes(INIT_MARKER)) {
    checkWritable(dir, '');
    return 'incomplete';
  }
  if (entries.every((entry) => IGNORED_WHEN_EMPTY.has(entry))) {
    checkWritable(dir, '');
    return 'empty';
  }
  const present = ESSENTIALS.filter((essential) => {
    try {
      statSync(path.join(dir, essential));
      return true;
    } catch {
      return false;
    }
  });
  if (present.length === 0) {
    throw new DataDirError(
      'not_a_data_dir',
      `A pasta ${dir} não está vazia e não é uma pasta de dados do Farol (não tem PG_VERSION, global/pg_control, base nem pg_wal). ${UNTOUCHED} ` +
        'Aponte FAROL_DATA_DIR para a pasta de dados certa ou para uma pasta vazia.',
    );
  }
  const missing = ESSENTIALS.filter((essential) => !present.includes(essential));
  if (missing.length > 0) {
    throw damaged(dir, `falta${missing.length > 1 ? 'm' : ''} ${missing.join(', ')}`);
  }
  try {
    if (!/^\d+\s*$/.test(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8'))) {
      throw damaged(dir, 'o arquivo PG_VERSION não tem uma versão do PostgreSQL');
    }
    const control = readFileSync(path.join(dir, 'global/pg_control'));
    if (control.length !== PG_CONTROL_SIZE) {
      throw damaged(
        dir,
        `global/pg_control está truncado (${control.length} bytes; o certo são ${PG_CONTROL_SIZE})`,
      );
    }
    checkWal(dir, control);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    if (isPermission(error)) {
      throw new DataDirError(
        'unreadable',
        `Sem permissão para ler os arquivos da pasta de dados ${dir}${whoAmI()}. Dê ao usuário do servidor permissão de leitura e escrita neles (chown -R).`,
      );
    }
    throw damaged(dir, `não foi possível ler os arquivos de controle (${errno(error) ?? String(error)})`);
  }
  for (const relative of ['', 'global/pg_control', 'global', 'base', 'pg_wal']) checkWritable(dir, relative);
  return 'database';
};

const MB = 1024 * 1024;
export const megabytes = (bytes: number) => `${Math.floor(bytes / MB).toLocaleString('pt-BR')} MB`;

/**
 * PGlite's own failures at start ("Aborted(). Build with -sASSERTIONS…", "PGlite failed to initialize
 * properly") as one line saying what is likely wrong, given what the folder and the disk look like.
 */
export const explainOpenFailure = (dir: string, error: unknown, freeBytes: number | null): DataDirError => {
  if (error instanceof DataDirError) return error;
  const raw =
    error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);
  const detail = (raw ?? '').split('\n')[0]!.slice(0, 160);
  if (freeBytes !== null && freeBytes < 64 * MB) {
    return new DataDirError(
      'disk_full',
      `O banco embutido não abriu a pasta ${dir}: o disco está quase cheio (livre: ${megabytes(freeBytes)}). Nada foi apagado. Libere espaço no disco e inicie o servidor de novo.`,
    );
  }
  return new DataDirError(
    'open_failed',
    `O banco embutido não conseguiu abrir a pasta de dados ${dir} (PGlite: ${detail}). Nada foi apagado. ` +
      `Confira se o usuário do servidor pode gravar nela e se há espaço em disco; se ela estiver danificada, ${RESTORE.charAt(0).toLowerCase()}${RESTORE.slice(1)}`,
  );
};
