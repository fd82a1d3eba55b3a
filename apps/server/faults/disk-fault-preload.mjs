// Fault suite only (node --import this-file apps/server/dist/main.js): a disk that fills up on demand, with
// no privileges needed. FAROL_FAULT_DISK names a file whose content is the fault in force:
//   full — every write into the data folder (FAROL_DATA_DIR) fails with ENOSPC, as on a full disk
//   wal  — only writes into its pg_wal fail: PostgreSQL cannot write its log, so it PANICs (the case that
//          used to freeze the server) rather than failing the statement while a table grows
//   low  — statfs reports 1 MB free (the disk is nearly full; writes still work)
//   anything else, or no file — a healthy disk.
// PGlite reaches the folder through Emscripten's NODEFS, which calls node:fs's synchronous functions.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

const flag = process.env.FAROL_FAULT_DISK;
const dataDir = process.env.FAROL_DATA_DIR ? path.resolve(process.env.FAROL_DATA_DIR) : null;

if (flag && dataDir) {
  // Read on every write (no caching): a test that changes the flag sees the fault on the very next write.
  const mode = () => {
    try {
      return fs.readFileSync(flag, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const walDir = path.join(dataDir, 'pg_wal');
  const inDataDir = (target) =>
    typeof target === 'string' &&
    (path.resolve(target) === dataDir || path.resolve(target).startsWith(`${dataDir}${path.sep}`));
  const enospc = (syscall) =>
    Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), {
      code: 'ENOSPC',
      errno: -28,
      syscall,
    });

  /** Descriptors opened on the data folder's files, and whether each is in pg_wal. */
  const tracked = new Map();
  const failing = (fd) =>
    tracked.has(fd) && (mode() === 'full' || (mode() === 'wal' && tracked.get(fd) === true));
  const { openSync, closeSync, writeSync, ftruncateSync, statfsSync, statfs } = fs;
  const { statfs: statfsPromise } = fs.promises;

  fs.openSync = function (target, ...rest) {
    const fd = openSync.call(this, target, ...rest);
    if (inDataDir(target)) tracked.set(fd, path.resolve(target).startsWith(`${walDir}${path.sep}`));
    return fd;
  };
  fs.closeSync = function (fd) {
    tracked.delete(fd);
    return closeSync.call(this, fd);
  };
  fs.writeSync = function (fd, ...rest) {
    if (failing(fd)) throw enospc('write');
    return writeSync.call(this, fd, ...rest);
  };
  fs.ftruncateSync = function (fd, length, ...rest) {
    if (failing(fd) && length > fs.fstatSync(fd).size) throw enospc('ftruncate');
    return ftruncateSync.call(this, fd, length, ...rest);
  };

  /** 1 MB free in blocks of 4 KB. */
  const nearlyFull = (stats) => {
    const blocks = 256;
    if (typeof stats.bavail === 'bigint')
      return { ...stats, bsize: 4096n, bavail: BigInt(blocks), bfree: BigInt(blocks) };
    return { ...stats, bsize: 4096, bavail: blocks, bfree: blocks };
  };
  fs.statfsSync = function (...args) {
    const stats = statfsSync.apply(this, args);
    return mode() === 'low' ? nearlyFull(stats) : stats;
  };
  fs.statfs = function (target, options, callback) {
    const done = typeof options === 'function' ? options : callback;
    const opts = typeof options === 'function' ? undefined : options;
    return statfs.call(this, target, opts, (error, stats) =>
      done(error, error || mode() !== 'low' ? stats : nearlyFull(stats)),
    );
  };
  fs.promises.statfs = async function (...args) {
    const stats = await statfsPromise.apply(this, args);
    return mode() === 'low' ? nearlyFull(stats) : stats;
  };
  syncBuiltinESMExports();
}
