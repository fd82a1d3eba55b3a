import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { DataDirError, explainOpenFailure, INIT_MARKER, inspectDataDir } from '../src/db/data-dir';

let root = '';
let template = '';

// One real folder for the file (creating one takes seconds); each case works on a copy.
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'farol-data-dir-'));
  template = path.join(root, 'template');
  const db = await openDatabase({ dataDir: template });
  await db.exec('CREATE TABLE guardado (valor text); INSERT INTO guardado VALUES ($$intacto$$)');
  await db.close();
}, 180_000);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

let copies = 0;
const copy = () => {
  copies += 1;
  const dir = path.join(root, `copia-${copies}`);
  cpSync(template, dir, { recursive: true });
  return dir;
};

/** Paths, sizes, contents and times of everything in `dir`. */
const fingerprint = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((entry) => {
      const full = path.join(dir, entry);
      const stat = statSync(full);
      if (stat.isDirectory()) return `${entry}/`;
      return `${entry} ${stat.size} ${stat.mtimeMs} ${createHash('sha1').update(readFileSync(full)).digest('hex')}`;
    });

const refusal = async (dir: string) => {
  const error = await openDatabase({ dataDir: dir }).then(
    async (db) => {
      await db.close();
      return null;
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataDirError);
  return error as DataDirError;
};

describe('a data folder that is not a whole database', () => {
  it('without PG_VERSION is refused and left exactly as it was (it used to be wiped and re-seeded)', async () => {
    const dir = copy();
    rmSync(path.join(dir, 'PG_VERSION'));
    const before = fingerprint(dir);
    const error = await refusal(dir);
    expect(error.problem).toBe('damaged');
    expect(error.message).toMatch(
      /está danificada: falta PG_VERSION\. Nada foi alterado nela\. Restaure um backup/,
    );
    expect(fingerprint(dir)).toEqual(before);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('with pg_control truncated says so, instead of PGlite’s "Aborted()"', async () => {
    const dir = copy();
    truncateSync(path.join(dir, 'global/pg_control'), 512);
    const before = fingerprint(dir);
    const error = await refusal(dir);
    expect(error.message).toMatch(/global\/pg_control está truncado \(512 bytes; o certo são 8192\)/);
    expect(error.message).not.toMatch(/Aborted/);
    expect(fingerprint(dir)).toEqual(before);
  });

  it('without the WAL segment its last checkpoint starts from names that segment', async () => {
    const dir = copy();
    const wal = path.join(dir, 'pg_wal');
    const segments = readdirSync(wal)
      .filter((name) => /^[0-9A-F]{24}$/.test(name))
      .sort();
    // The newest segment holds the last checkpoint; an older one left behind does not make up for it.
    rmSync(path.join(wal, segments.at(-1)!));
    if (segments.length === 1)
      writeFileSync(path.join(wal, '000000010000000000000000'), Buffer.alloc(16 << 20));
    const before = fingerprint(dir);
    const error = await refusal(dir);
    expect(error.message).toContain(`falta o arquivo do WAL pg_wal/${segments.at(-1)}`);
    expect(fingerprint(dir)).toEqual(before);
  });

  it('holding other files is not taken for an empty folder', async () => {
    const dir = path.join(root, 'outra-coisa');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'planilha.csv'), 'a;b\n');
    const error = await refusal(dir);
    expect(error.problem).toBe('not_a_data_dir');
    expect(readdirSync(dir)).toEqual(['planilha.csv']);
  });

  it('that is a file is refused at once', async () => {
    const file = path.join(root, 'um-arquivo');
    writeFileSync(file, 'x');
    const error = await refusal(file);
    expect(error.problem).toBe('not_a_directory');
    expect(error.message).toMatch(/é um arquivo, não uma pasta/);
  });

  it('read-only (for a user without root’s override) is refused with what to do', async (context) => {
    if (process.getuid?.() === 0) {
      context.skip('root writes anyway; the fault suite runs this case as nobody');
      return;
    }
    const dir = copy();
    chmodSync(dir, 0o555);
    try {
      const error = await refusal(dir);
      expect(error.problem).toBe('read_only');
      expect(error.message).toMatch(/é somente leitura.*Dê permissão de escrita/);
    } finally {
      chmodSync(dir, 0o755);
    }
  });
});

describe('what may be initialised', () => {
  it('missing, empty (a volume’s lost+found aside) and unfinished folders; a complete one opens with its data', () => {
    expect(inspectDataDir(path.join(root, 'nao-existe'))).toBe('missing');
    const empty = path.join(root, 'vazia');
    mkdirSync(path.join(empty, 'lost+found'), { recursive: true });
    expect(inspectDataDir(empty)).toBe('empty');
    const unfinished = path.join(root, 'pela-metade');
    mkdirSync(path.join(unfinished, 'base'), { recursive: true });
    writeFileSync(path.join(unfinished, INIT_MARKER), '');
    expect(inspectDataDir(unfinished)).toBe('incomplete');
    expect(inspectDataDir(template)).toBe('database');
  });

  it('an unfinished creation (the marker still there) is made again, and the marker goes', async () => {
    const dir = path.join(root, 'interrompida');
    mkdirSync(path.join(dir, 'global'), { recursive: true });
    writeFileSync(path.join(dir, 'global', 'lixo'), 'de uma criação interrompida');
    writeFileSync(path.join(dir, INIT_MARKER), '');
    const db = await openDatabase({ dataDir: dir });
    try {
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(dir, INIT_MARKER))).toBe(false);
    expect(existsSync(path.join(dir, 'global', 'lixo'))).toBe(false);
  }, 180_000);

  it('a complete folder opens with what it held', async () => {
    const db = await openDatabase({ dataDir: copy() });
    try {
      expect((await db.query('SELECT valor FROM guardado')).rows).toEqual([{ valor: 'intacto' }]);
    } finally {
      await db.close();
    }
  });
});

describe('PGlite’s own start failures', () => {
  it('become one line saying what is likely wrong', () => {
    const aborted = new Error('Aborted(). Build with -sASSERTIONS for more info.');
    const full = explainOpenFailure('/dados', aborted, 5 * 1024 * 1024);
    expect(full.problem).toBe('disk_full');
    expect(full.message).toMatch(
      /o disco está quase cheio \(livre: 5 MB\)\. Nada foi apagado\. Libere espaço/,
    );
    const other = explainOpenFailure('/dados', { not: 'an error' }, null);
    expect(other.problem).toBe('open_failed');
    expect(other.message).not.toContain('[object Object]');
    expect(other.message).toMatch(/npm run restore/);
    expect(other.message).not.toContain('\n');
  });
});
