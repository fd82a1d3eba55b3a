import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirError, readOnlyError } from './data-dir';

/** Who holds a data folder: enough to tell, from another process, whether that holder still runs. */
export interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks after boot (/proc/<pid>/stat), null without /proc. */
  start: string | null;
  /** /proc/sys/kernel/random/boot_id: a different one means the machine rebooted since. */
  boot: string | null;
  /** The pid namespace (/proc/self/ns/pid): pids of another container mean nothing here. */
  pidns: string | null;
  host: string | null;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export interface LockOptions {
  /** How often the holder touches the lock file (its heartbeat). */
  heartbeatMs?: number;
  /** A lock of a process we cannot see (another container or machine) is stale once untouched this long. */
  staleMs?: number;
}

export const LOCK_HEARTBEAT_MS = 10_000;
export const LOCK_STALE_MS = 30_000;

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
export const processStartTime = (pid: number): string | null => {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
};

/** When a process started, in ms since the epoch (boot time + its start ticks at 100 per second), or null. */
const processStartedAtMs = (pid: number): number | null => {
  const ticks = processStartTime(pid);
  const boot = /^btime (\d+)$/m.exec(readText('/proc/stat') ?? '')?.[1];
  if (!ticks || !boot) return null;
  return Number(boot) * 1000 + Number(ticks) * 10;
};

const pidNamespace = () => {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
};

export const currentOwner = (): LockOwner => ({
  pid: process.pid,
  start: processStartTime(process.pid),
  boot: readText('/proc/sys/kernel/random/boot_id')?.trim() || null,
  pidns: pidNamespace(),
  host: os.hostname(),
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The lock's owner, from this format or the earlier one (the bare pid). */
export const parseLock = (text: string): LockOwner | null => {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed))
    return { pid: Number(trimmed), start: null, boot: null, pidns: null, host: null };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isSafeInteger(value.pid) || (value.pid ?? 0) <= 0) return null;
    const text = (field: unknown) => (typeof field === 'string' && field !== '' ? field : null);
    return {
      pid: value.pid!,
      start: text(value.start),
      boot: text(value.boot),
      pidns: text(value.pidns),
      host: text(value.host),
    };
  } catch {
    return null;
  }
};

export type LockVerdict =
  | { kind: 'stale'; reason: string }
  | { kind: 'held'; owner: LockOwner }
  /** A process we cannot see (another container or machine), alive as long as it keeps touching the file. */
  | { kind: 'remote'; owner: LockOwner | null };

const differs = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;

/**
 * Whether the process named in a lock still holds it. A pid alone proves nothing: after a crash in a
 * container the new server often gets the very pid of the old one, and any pid is eventually reused by an
 * unrelated process. So a lock is held only by a live process with the recorded start time (or, for a lock
 * of the earlier format, a live process that already ran when the lock was last written).
 */
export const judgeLock = (
  owner: LockOwner | null,
  lockMtimeMs: number,
  me: LockOwner,
  now = Date.now(),
  staleMs = LOCK_STALE_MS,
): LockVerdict => {
  const fresh = now - lockMtimeMs < staleMs;
  if (!owner)
    return fresh ? { kind: 'remote', owner } : { kind: 'stale', reason: 'unreadable and untouched' };
  if (differs(owner.host, me.host) || differs(owner.pidns, me.pidns)) {
    return fresh ? { kind: 'remote', owner } : { kind: 'stale', reason: 'untouched by its remote holder' };
  }
  if (differs(owner.boot, me.boot)) return { kind: 'stale', reason: 'written before the last reboot' };
  if (owner.pid === me.pid) return { kind: 'stale', reason: 'names this very process' };
  if (!isAlive(owner.pid)) return { kind: 'stale', reason: 'its process is gone' };
  if (owner.start !== null) {
    const start = processStartTime(owner.pid);
    if (start !== null && start !== owner.start)
      return { kind: 'stale', reason: 'its pid now belongs to another process' };
    return { kind: 'held', owner };
  }
  // The earlier format: a process that started after the lock was written cannot have written it.
  const startedAt = processStartedAtMs(owner.pid);
  if (startedAt !== null && startedAt > lockMtimeMs + 1000) {
    return { kind: 'stale', reason: 'its pid now belongs to a newer process' };
  }
  return { kind: 'held', owner };
};

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Creates the lock file with its whole content at once (a reader never sees it half written). */
const tryCreate = (lockPath: string, record: string): boolean => {
  const draft = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(draft, 'wx', 0o644);
  try {
    writeSync(fd, record);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if (errno(error) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(errno(error) ?? '')) throw error;
    // A file system without hard links: an exclusive create (a reader may briefly see it empty: 'remote').
    try {
      const direct = openSync(lockPath, 'wx', 0o644);
      writeSync(direct, record);
      closeSync(direct);
      return true;
    } catch (inner) {
      if (errno(inner) === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    rmSync(draft, { force: true });
  }
};

/** Takes a stale lock away, unless someone replaced it since it was judged (then it is put back). */
const removeStale = (lockPath: string, judged: string) => {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if (errno(error) === 'ENOENT') return;
    throw error;
  }
  if (readText(aside) === judged) {
    rmSync(aside, { force: true });
    return;
  }
  try {
    linkSync(aside, lockPath);
  } catch {
    // Someone took the lock meanwhile; theirs stands.
  } finally {
    rmSync(aside, { force: true });
  }
};

const describe = (owner: LockOwner | null) =>
  owner ? `pelo processo ${owner.pid}${owner.host ? ` em ${owner.host}` : ''}` : 'por outro processo';

/** Locks this process holds: its own pid in a lock file means "stale" only for a lock it does not hold. */
const heldHere = new Set<string>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Locks a PGlite folder for this process: PGlite has no locking of its own, and two processes on one folder
 * would corrupt it. The lock is a file beside the folder (`<dir>.lock`) naming its holder (pid, process
 * start time, boot, pid namespace, host), touched every `heartbeatMs`. A lock whose holder is provably gone
 * is taken over at once; one held by a process in another container or machine is waited for until it has
 * gone untouched for `staleMs`.
 */
export const acquireDataDirLock = async (dir: string, options: LockOptions = {}): Promise<DataDirLock> => {
  const heartbeatMs = options.heartbeatMs ?? LOCK_HEARTBEAT_MS;
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const lockPath = `${path.resolve(dir)}.lock`;
  try {
    mkdirSync(path.dirname(lockPath), { recursive: true });
  } catch (error) {
    if (['EACCES', 'EPERM', 'EROFS'].includes(errno(error) ?? ''))
      throw readOnlyError(dir, `${path.dirname(lockPath)} (onde fica a trava ${path.basename(lockPath)})`);
    throw error;
  }
  if (heldHere.has(lockPath)) {
    throw new DataDirError(
      'locked',
      `A pasta de dados ${dir} já está em uso pelo processo ${process.pid} (este mesmo). Feche o banco aberto antes.`,
    );
  }
  const me = currentOwner();
  const record = `${JSON.stringify({ ...me, since: new Date().toISOString() })}\n`;
  const giveUpAt = Date.now() + staleMs + heartbeatMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (tryCreate(lockPath, record)) break;
    } catch (error) {
      if (['EACCES', 'EPERM', 'EROFS'].includes(errno(error) ?? ''))
        throw readOnlyError(dir, `${lockPath} (a trava, ao lado da pasta)`);
      throw error;
    }
    let text: string;
    let mtimeMs: number;
    try {
      text = readFileSync(lockPath, 'utf8');
      mtimeMs = statSync(lockPath).mtimeMs;
    } catch (error) {
      if (errno(error) === 'ENOENT') continue;
      throw error;
    }
    const verdict = judgeLock(parseLock(text), mtimeMs, me, Date.now(), staleMs);
    if (verdict.kind === 'stale') {
      if (attempt >= 20) {
        throw new DataDirError(
          'locked',
          `Não foi possível travar a pasta de dados ${dir}: a trava ${lockPath} é recriada o tempo todo por outro processo.`,
        );
      }
      removeStale(lockPath, text);
      continue;
    }
    if (verdict.kind === 'held') {
      throw new DataDirError(
        'locked',
        `A pasta de dados ${dir} já está em uso pelo processo ${verdict.owner.pid}. Pare aquele servidor antes (ou use DATABASE_URL).`,
      );
    }
    if (Date.now() < giveUpAt) {
      await sleep(Math.min(1000, heartbeatMs));
      continue;
    }
    throw new DataDirError(
      'locked',
      `A pasta de dados ${dir} está travada ${describe(verdict.owner)}, de outro contêiner ou máquina, que continua ativo ` +
        `(a trava ${lockPath} continua sendo renovada). Pare aquele servidor antes; uma trava abandonada expira sozinha em ${Math.round(staleMs / 1000)} s.`,
    );
  }
  heldHere.add(lockPath);
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lockPath, now, now);
    } catch {
      // A missing lock file is noticed by whoever looks next; nothing to do here.
    }
  }, heartbeatMs);
  heartbeat.unref();
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      heldHere.delete(lockPath);
      clearInterval(heartbeat);
      if (readText(lockPath) === record) rmSync(lockPath, { force: true });
    },
  };
};
