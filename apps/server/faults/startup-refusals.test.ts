import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusedStart, scratch, seededDataDir, treeFingerprint } from './harness';

/** A refusal is one line of Portuguese that says what is wrong and what to do, and leaves the folder as it was. */
const expectRefusedUntouched = async (dataDir: string, reason: RegExp, todo: RegExp) => {
  const before = treeFingerprint(dataDir);
  const { code, reason: line, output } = await refusedStart({ dataDir });
  expect(code, output).toBe(1);
  expect(line).toMatch(reason);
  expect(line).toMatch(todo);
  expect(line).not.toMatch(/Aborted|ASSERTIONS|\[object Object\]|failed to initialize/);
  expect(treeFingerprint(dataDir)).toEqual(before);
  // Refused before anything was created beside it either.
  expect(existsSync(`${dataDir}.lock`)).toBe(false);
  return line;
};

describe('a data folder that is not a whole database is refused, untouched', () => {
  it('PG_VERSION deleted: refused (it used to be wiped and re-seeded without a word)', async () => {
    const dataDir = seededDataDir('no-pg-version');
    rmSync(path.join(dataDir, 'PG_VERSION'));
    await expectRefusedUntouched(dataDir, /está danificada: falta PG_VERSION/, /npm run restore/);
  });

  it('pg_control truncated: a readable line instead of "Aborted()"', async () => {
    const dataDir = seededDataDir('pg-control');
    truncateSync(path.join(dataDir, 'global/pg_control'), 100);
    await expectRefusedUntouched(dataDir, /global\/pg_control está truncado \(100 bytes/, /npm run restore/);
  });

  it('the WAL segment its last checkpoint needs is missing', async () => {
    const dataDir = seededDataDir('no-wal');
    const wal = path.join(dataDir, 'pg_wal');
    for (const name of readdirSync(wal).filter((entry) => /^[0-9A-F]{24}$/.test(entry)))
      rmSync(path.join(wal, name));
    await expectRefusedUntouched(dataDir, /está danificada: .*WAL/, /npm run restore/);
  });

  it('a folder of something else is not mistaken for an empty one', async () => {
    const dataDir = path.join(scratch('other-files'), 'data');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'notas.txt'), 'não é um banco');
    await expectRefusedUntouched(dataDir, /não é uma pasta de dados do Farol/, /Aponte FAROL_DATA_DIR/);
  });

  it('the path is a file: said at once, not "[object Object]" after a long wait', async () => {
    const file = path.join(scratch('a-file'), 'data');
    writeFileSync(file, 'um arquivo');
    const { code, reason } = await refusedStart({ dataDir: file });
    expect(code).toBe(1);
    expect(reason).toMatch(/é um arquivo, não uma pasta\. Aponte FAROL_DATA_DIR para uma pasta/);
  });
});

/** Visits every path under `target`, children before their folder. */
const eachPath = (target: string, visit: (file: string, isDir: boolean) => void) => {
  const isDir = statSync(target).isDirectory();
  if (isDir) for (const entry of readdirSync(target)) eachPath(path.join(target, entry), visit);
  visit(target, isDir);
};

describe('a read-only data folder', () => {
  it('is refused with what to do (not "PGlite failed to initialize properly"), untouched', async () => {
    const dataDir = seededDataDir('read-only');
    // root may write anywhere: then the server runs as nobody, over a folder nobody may read but not write.
    const nobody = process.getuid?.() === 0 ? 65534 : null;
    if (nobody !== null) {
      eachPath(dataDir, (file) => chownSync(file, nobody, nobody));
      chmodSync(path.dirname(path.dirname(dataDir)), 0o755);
      chmodSync(path.dirname(dataDir), 0o777);
    }
    eachPath(dataDir, (file, isDir) => chmodSync(file, isDir ? 0o555 : 0o444));
    try {
      const before = treeFingerprint(dataDir);
      const { code, reason, output } = await refusedStart({
        dataDir,
        ...(nobody !== null ? { uid: nobody, gid: nobody } : {}),
      });
      expect(code, output).toBe(1);
      expect(reason).toMatch(/é somente leitura/);
      expect(reason).toMatch(/Dê permissão de escrita/);
      expect(reason).not.toMatch(/failed to initialize/);
      expect(treeFingerprint(dataDir)).toEqual(before);
    } finally {
      eachPath(dataDir, (file, isDir) => chmodSync(file, isDir ? 0o755 : 0o644));
    }
  });
});
