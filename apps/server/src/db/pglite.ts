import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { explainOpenFailure, INIT_MARKER, inspectDataDir, megabytes, readOnlyError } from './data-dir';
import { preparedOneByOne } from './prepared-many';
import type { Database, QueryResult } from './types';
import { PreparedText } from './sql';
import { CHANNEL_NAME, type ListenHandlers } from './listen';
import { serveControl, type ControlServer } from './control';
import {
  databaseRestartingError,
  diskFullError,
  freeBytes,
  StorageError,
  type DatabaseHealth,
} from './storage';

// unaccent and pg_trgm: accent- and case-insensitive search through an index (migration 008).
const EXTENSIONS = { unaccent, pg_trgm };

const STATEMENT_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** How long after a failed reopen the next one is tried (by a request, a health check or the timer), doubling up to the maximum. */
const REOPEN_RETRY_MS = 2_000;
const REOPEN_RETRY_MAX_MS = 30_000;
/** Below this much free space a reopen is not even tried: PostgreSQL needs a whole WAL segment (16 MB). */
const REOPEN_MIN_FREE_BYTES = 32 * 1024 * 1024;
/** A "disk full" error keeps the health degraded this long unless a write succeeds first. */
const DISK_FULL_WINDOW_MS = 60_000;
const DISK_FULL = /No space left on device|ENOSPC|disk full|could not extend file/i;

/** Values that can be written into SQL as literals with no quoting at all (so nothing to inject): integers, booleans, null and arrays of integers. */
const inlineLiteral = (value: unknown): string | null => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isSafeInteger(value))
    return value < 0 ? `(${value})` : String(value);
  // An array of integers (ids), e.g. for `= ANY ($1::integer[])`.
  if (Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isSafeInteger(item)))
    return `ARRAY[${value.map((item: number) => (item < 0 ? `(${item})` : String(item))).join(', ')}]::bigint[]`;
  // Text the caller marked (PreparedText): dollar-quoted under a tag the text does not contain, so it is
  // read as one literal whatever it holds; a NUL (which PostgreSQL text cannot hold) takes the ordinary path.
  if (value instanceof PreparedText && !value.value.includes('\0')) {
    let tag = 't';
    while (value.value.includes(`$${tag}$`) || value.value.endsWith(`$${tag}`)) tag += 't';
    return `$${tag}$${value.value}$${tag}$::text`;
  }
  return null;
};

/** EXECUTE's argument list from inlined literals. @param literals every one inlinable */
const executeArgs = (literals: (string | null)[]) => (literals.length > 0 ? `(${literals.join(', ')})` : '');

/** PostgreSQL's "prepared statement already exists" (42P05). */
const isDuplicateStatement = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42P05';

/** Parameters as the drivers take them: PreparedText unwrapped. */
const plainParams = (params: unknown[]) =>
  params.map((value) => (value instanceof PreparedText ? value.value : value));

/**
 * The parts of PGlite's Emscripten module the abort guard hooks into. They are internals: a PGlite upgrade
 * that renames them leaves the guard off (with a warning) and fails the fault suite's full-disk test.
 */
interface GuardedModule {
  onAbort?: (what: unknown) => void;
  stackRestore(pointer: number): void;
  _PostgresMainLoopOnce(): void;
  _PostgresSendReadyForQueryIfNecessary(): void;
  _pgl_pq_flush(): void;
  FS?: { quit(): void };
}
const GUARDED = [
  'stackRestore',
  '_PostgresMainLoopOnce',
  '_PostgresSendReadyForQueryIfNecessary',
  '_pgl_pq_flush',
] as const;

/** One PGlite instance and what belongs to its session. */
interface Session {
  pglite: PGlite;
  /** PREPAREd statements of this session, by name (outside transactions). */
  preparing: Map<string, Promise<boolean>>;
  /** Whether a statement is PREPAREd (true) or cannot be (false), once known: what a transaction may use. */
  prepared: Map<string, boolean>;
  /** PostgreSQL aborted inside (a PANIC): the instance must never run another statement. */
  aborted: boolean;
  /** The last PANIC or FATAL line PostgreSQL wrote. */
  panic: string | null;
  released: boolean;
}

class DatabaseAborted extends Error {
  constructor() {
    super('o banco embutido abortou (PANIC) e precisa ser reaberto');
    this.name = 'DatabaseAborted';
  }
}

let warnedUnguarded = false;

/**
 * A PANIC inside PostgreSQL (a WAL file it cannot write: a full disk) calls Emscripten's abort(), which PGlite
 * catches and ignores: the backend is left half-dead and the next statement spins forever at 100 % CPU,
 * blocking the event loop (so even SIGTERM is never handled). The guard notes the abort and, from then on,
 * makes PGlite's message loop throw instead of entering the backend again, so the statement that hit it and
 * every later one fail at once and the instance can be replaced by a fresh one (crash recovery from the WAL).
 */
const guardAborts = (session: Session) => {
  const mod = session.pglite.Module as unknown as GuardedModule;
  if (GUARDED.some((name) => typeof mod[name] !== 'function')) {
    if (!warnedUnguarded) {
      warnedUnguarded = true;
      process.emitWarning(
        'PGlite mudou por dentro: a proteção contra travamento após um PANIC (disco cheio) ficou desligada.',
      );
    }
    return;
  }
  const loopOnce = mod._PostgresMainLoopOnce;
  const stackRestore = mod.stackRestore;
  const sendReady = mod._PostgresSendReadyForQueryIfNecessary;
  const flush = mod._pgl_pq_flush;
  mod.onAbort = () => {
    session.aborted = true;
  };
  mod._PostgresMainLoopOnce = () => {
    if (session.aborted) throw new DatabaseAborted();
    loopOnce();
  };
  // PGlite restores the stack in the catch around each loop turn and goes on: throwing here leaves the loop.
  mod.stackRestore = (pointer) => {
    stackRestore(pointer);
    if (session.aborted) throw new DatabaseAborted();
  };
  mod._PostgresSendReadyForQueryIfNecessary = () => {
    if (!session.aborted) sendReady();
  };
  mod._pgl_pq_flush = () => {
    if (!session.aborted) flush();
  };
};

/** Closes the files a dead instance still holds open (without entering its backend again). */
const releaseFiles = (pglite: PGlite) => {
  try {
    (pglite.Module as unknown as GuardedModule | undefined)?.FS?.quit();
  } catch {
    // Nothing more can be done for it.
  }
};

/**
 * A PGlite session whose prepared statements keep one generic plan, as `prepared` promises ("planned once"):
 * left to itself PostgreSQL re-plans each EXECUTE whose parameters include a LIMIT, and in WebAssembly that
 * planning costs as much as running the tickets list page. Every prepared statement here is shaped for it
 * (filters on integer ids and fixed values, LIMIT/OFFSET); queries sent with parameters are still planned for
 * their values. PostgreSQL keeps its own choice.
 */
const startSession = async (dataDir: string, options: Partial<PGliteOptions> = {}): Promise<Session> => {
  const session: Session = {
    pglite: undefined as unknown as PGlite,
    preparing: new Map(),
    prepared: new Map(),
    aborted: false,
    panic: null,
    released: false,
  };
  const pglite = new PGlite(dataDir, {
    extensions: EXTENSIONS,
    // A start that fails (a full disk) would leave PostgreSQL's startup-progress timer re-arming itself for
    // ever in the dead instance, keeping its memory (128 MB and up) alive: one leak per reopen attempt.
    startParams: [...PGlite.defaultStartParams, '-c', 'log_startup_progress_interval=0'],
    onStderr: (line) => {
      if (/\b(PANIC|FATAL):/.test(line)) session.panic = line.trim();
      return false;
    },
    ...options,
  });
  try {
    await pglite.waitReady;
  } catch (error) {
    releaseFiles(pglite);
    // PGlite's own message says nothing ("Aborted()…"); PostgreSQL's last word says what happened.
    if (error instanceof Error) {
      error.message = error.message.replace(/\. Build with -sASSERTIONS for more info\.?/, '');
      if (session.panic) error.message = `${error.message} — ${session.panic}`;
    }
    throw error;
  }
  session.pglite = pglite;
  guardAborts(session);
  await pglite.exec('SET plan_cache_mode = force_generic_plan');
  return session;
};

export interface ManagedPgliteOptions {
  /** The data folder; null for an in-memory database (nothing to reopen, no disk to watch). */
  dir: string | null;
  diskReserveBytes: number;
  /** Starts a fresh session on the same folder after an abort; null: an abort is final. */
  reopen: (() => Promise<Session>) | null;
  onClose?: () => Promise<void> | void;
}

export interface ManagedPglite extends Database {
  /** A consistent copy of the data folder as a .tar.gz (nothing else runs while it is taken). */
  backup(): Promise<Uint8Array>;
}

const managedPglite = (first: Session, options: ManagedPgliteOptions): ManagedPglite => {
  const { dir, reopen } = options;
  let current = first;
  let closed = false;
  let reopening: Promise<Session> | null = null;
  let lastFailure: { at: number; error: StorageError } | null = null;
  let retryMs = REOPEN_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let diskFullAt = 0;
  /** Every `listen` in force: LISTENed again on the session a reopen starts. */
  const listeners = new Set<{ channel: string; handlers: ListenHandlers }>();

  const where = dir ?? 'memória';
  const abortError = (session: Session) => {
    const cause = session.panic ?? 'PostgreSQL abortou';
    return DISK_FULL.test(cause)
      ? diskFullError(`o banco embutido parou por falta de espaço em disco em ${where}: ${cause}`)
      : databaseRestartingError(`o banco embutido parou: ${cause}`);
  };

  const failedReopenError = async (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    const free = dir ? await freeBytes(dir) : null;
    const low = free !== null && free < Math.max(options.diskReserveBytes, 16 * 1024 * 1024);
    return DISK_FULL.test(text) || low
      ? diskFullError(
          `o banco embutido não reabre em ${where} por falta de espaço em disco (livre: ${free === null ? '?' : megabytes(free)}): ${text}`,
        )
      : databaseRestartingError(`o banco embutido não reabriu em ${where}: ${text}`);
  };

  const retire = (session: Session) => {
    if (session.released) return;
    session.released = true;
    releaseFiles(session.pglite);
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      recover().catch(() => undefined);
    }, retryMs);
    retryTimer.unref();
  };

  /** A fresh session after an abort; failures are remembered for REOPEN_RETRY_MS and retried by a timer. */
  const recover = (): Promise<Session> => {
    if (!current.aborted) return Promise.resolve(current);
    if (closed) return Promise.reject(abortError(current));
    if (!reopen) return Promise.reject(abortError(current));
    if (reopening) return reopening;
    if (lastFailure && Date.now() - lastFailure.at < retryMs) {
      scheduleRetry();
      return Promise.reject(lastFailure.error);
    }
    retire(current);
    reopening = (async () => {
      try {
        const free = dir ? await freeBytes(dir) : null;
        if (free !== null && free < REOPEN_MIN_FREE_BYTES) {
          throw diskFullError(
            `o banco embutido parou por falta de espaço em disco em ${where} e espera espaço para reabrir (livre: ${megabytes(free)}; precisa de ${megabytes(REOPEN_MIN_FREE_BYTES)})`,
          );
        }
        const next = await reopen();
        if (closed) {
          await next.pglite.close();
          throw abortError(current);
        }
        current = next;
        await relisten(next);
        lastFailure = null;
        retryMs = REOPEN_RETRY_MS;
        return next;
      } catch (error) {
        const failure = error instanceof StorageError ? error : await failedReopenError(error);
        // Waiting for space costs nothing; a real attempt that failed is retried less and less often.
        if (!(error instanceof StorageError)) retryMs = Math.min(retryMs * 2, REOPEN_RETRY_MAX_MS);
        lastFailure = { at: Date.now(), error: failure };
        scheduleRetry();
        throw failure;
      } finally {
        reopening = null;
      }
    })();
    return reopening;
  };

  const translate = (error: unknown, session: Session): unknown => {
    if (error instanceof StorageError) return error;
    if (session.aborted) {
      recover().catch(() => undefined);
      return abortError(session);
    }
    const { code, message } = error as { code?: string; message?: string };
    if (code === '53100' || (message && /No space left on device/.test(message))) {
      diskFullAt = Date.now();
      return diskFullError(`${where}: ${message ?? code}`);
    }
    return error;
  };

  // The one embedded session hears its own NOTIFYs, delivered as its statements return. After a reopen the
  // new session listens again, and listeners start over (nothing was heard while the old one was dead).
  const relisten = async (next: Session) => {
    for (const { channel, handlers } of listeners) {
      handlers.onState(false);
      await next.pglite.listen(channel, handlers.onNotify);
      handlers.onState(true);
    }
  };

  const session = async (): Promise<Session> => {
    if (closed) throw new Error('O banco de dados foi fechado');
    return current.aborted ? recover() : current;
  };

  const run = async <T>(fn: (session: Session) => Promise<T>): Promise<T> => {
    const active = await session();
    try {
      return await fn(active);
    } catch (error) {
      throw translate(error, active);
    }
  };

  // Only a write that stores something proves there is room again: a DELETE also succeeds on a full disk (a
  // failed upload's cleanup right after the refusal used to clear the fault, and the health said ok at once).
  const noteWrite = (sql: string, result: { affectedRows?: number }) => {
    if ((result.affectedRows ?? 0) > 0 && !/^\s*DELETE\b/i.test(sql)) diskFullAt = 0;
  };

  // PGlite runs the extended protocol as six calls into WebAssembly per query; a PREPAREd statement run with
  // EXECUTE in the simple protocol is one, about twice as fast. Parameters must be integers, booleans or
  // null (inlined, never quoted); anything else takes the ordinary parameterised path.
  const prepare = (active: Session, name: string, sql: string) => {
    let ready = active.preparing.get(name);
    if (!ready) {
      ready = active.pglite.exec(`PREPARE ${name} AS ${sql}`).then(
        () => true,
        // A transaction may have prepared it meanwhile (see prepareInTransaction).
        (error: unknown) => isDuplicateStatement(error),
      );
      ready = ready.then((done) => {
        active.prepared.set(name, done);
        return done;
      });
      active.preparing.set(name, ready);
    }
    return ready;
  };

  // Inside a transaction a statement is PREPAREd through the transaction itself (waiting for `prepare`, queued
  // behind the transaction, would deadlock), under a savepoint so a refusal leaves the transaction usable.
  // Prepared statements are the session's, not the transaction's: they outlive a rollback.
  const prepareInTransaction = async (tx: Transaction, active: Session, name: string, sql: string) => {
    const known = active.prepared.get(name);
    if (known !== undefined) return known;
    await tx.exec('SAVEPOINT farol_prepare');
    try {
      await tx.exec(`PREPARE ${name} AS ${sql}`);
      await tx.exec('RELEASE SAVEPOINT farol_prepare');
      active.prepared.set(name, true);
      return true;
    } catch (error) {
      await tx.exec('ROLLBACK TO SAVEPOINT farol_prepare');
      await tx.exec('RELEASE SAVEPOINT farol_prepare');
      const done = isDuplicateStatement(error);
      active.prepared.set(name, done);
      return done;
    }
  };

  const inTransaction = (tx: Transaction, active: Session, wrote: { value: boolean }): Database => {
    const self: Database = {
      kind: 'pglite',
      async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
        try {
          const result = await tx.query<T>(sql, params);
          if ((result.affectedRows ?? 0) > 0) wrote.value = true;
          return { rows: result.rows };
        } catch (error) {
          throw translate(error, active);
        }
      },
      prepared: async <T>(name: string, sql: string, params: unknown[]) =>
        (await self.preparedMany([{ name, sql, params }]))[0] as QueryResult<T>,
      // One EXECUTE after another in a single call, once every statement is PREPAREd and all their values can
      // be inlined; else each as a plain query.
      async preparedMany(statements) {
        const literals = statements.map(({ params }) => params.map(inlineLiteral));
        let together = true;
        for (const [index, { name, sql }] of statements.entries()) {
          together &&=
            literals[index]!.every((literal) => literal !== null) &&
            STATEMENT_NAME.test(name) &&
            (await prepareInTransaction(tx, active, name, sql));
        }
        if (!together) {
          const results: QueryResult<Record<string, unknown>>[] = [];
          for (const { sql, params } of statements) results.push(await self.query(sql, plainParams(params)));
          return results;
        }
        try {
          const results = await tx.exec(
            statements
              .map(({ name }, index) => `EXECUTE ${name}${executeArgs(literals[index]!)}`)
              .join(';\n'),
          );
          if (results.some((result) => (result.affectedRows ?? 0) > 0)) wrote.value = true;
          return results.map((result) => ({ rows: result.rows as Record<string, unknown>[] }));
        } catch (error) {
          throw translate(error, active);
        }
      },
      async exec(sql: string) {
        try {
          await tx.exec(sql);
        } catch (error) {
          throw translate(error, active);
        }
      },
      transaction: (fn) => fn(self),
      listen: (channel, handlers) => db.listen(channel, handlers),
      close: async () => undefined,
      health: () => db.health(),
      assertWritable: (bytes) => db.assertWritable(bytes),
    };
    return self;
  };

  const db: ManagedPglite = {
    kind: 'pglite',
    query: <T>(sql: string, params: unknown[] = []) =>
      run(async (active) => {
        const result = await active.pglite.query<T>(sql, params);
        noteWrite(sql, result);
        return { rows: result.rows };
      }),
    prepared: <T>(name: string, sql: string, params: unknown[]) =>
      run(async (active): Promise<QueryResult<T>> => {
        const literals = params.map(inlineLiteral);
        const inlinable = literals.every((literal) => literal !== null);
        if (inlinable && STATEMENT_NAME.test(name) && (await prepare(active, name, sql))) {
          const [result] = await active.pglite.exec(`EXECUTE ${name}${executeArgs(literals)}`);
          if (result) noteWrite(sql, result);
          return { rows: (result?.rows ?? []) as T[] };
        }
        const result = await active.pglite.query<T>(sql, plainParams(params));
        noteWrite(sql, result);
        return { rows: result.rows };
      }),
    preparedMany: (statements) => preparedOneByOne(db, statements),
    exec: (sql: string) =>
      run(async (active) => {
        await active.pglite.exec(sql);
      }),
    transaction: <T>(fn: (tx: Database) => Promise<T>) =>
      run(async (active) => {
        const wrote = { value: false };
        const result = await active.pglite.transaction((tx) => fn(inTransaction(tx, active, wrote)));
        if (wrote.value) diskFullAt = 0;
        return result;
      }),
    async listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const entry = { channel, handlers };
      listeners.add(entry);
      const active = await session();
      await active.pglite.listen(channel, handlers.onNotify);
      handlers.onState(true);
      return async () => {
        listeners.delete(entry);
        if (!closed && !current.aborted) await current.pglite.unlisten(channel, handlers.onNotify);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await reopening?.catch(() => undefined);
      if (current.aborted) retire(current);
      else if (!current.pglite.closed) await current.pglite.close();
      await options.onClose?.();
    },
    async health(): Promise<DatabaseHealth> {
      const free = dir ? await freeBytes(dir) : null;
      let readable = true;
      let failure: unknown = null;
      try {
        await db.query('SELECT 1');
      } catch (error) {
        readable = false;
        failure = error;
      }
      const reserve = options.diskReserveBytes;
      const freeText = free === null ? '?' : megabytes(free);
      if (!readable) {
        if (failure instanceof StorageError) {
          return {
            state: failure.status === 507 ? 'degraded' : 'down',
            readable,
            message: `${failure.detail}. Nova tentativa de reabrir em até ${Math.ceil(retryMs / 1000)} s.`,
          };
        }
        return { state: 'down', readable };
      }
      if (reserve > 0 && free !== null && free < reserve) {
        return {
          state: 'degraded',
          readable,
          message: `Pouco espaço em disco em ${where}: livre ${freeText}, reserva ${megabytes(reserve)}. Gravações são recusadas (507) até liberar espaço.`,
        };
      }
      if (diskFullAt > 0 && Date.now() - diskFullAt < DISK_FULL_WINDOW_MS) {
        return {
          state: 'degraded',
          readable,
          message: `O disco de ${where} encheu e uma gravação falhou (livre agora: ${freeText}). Libere espaço; o estado volta ao normal na próxima gravação bem-sucedida.`,
        };
      }
      return { state: 'ok', readable };
    },
    async assertWritable(bytes: number) {
      const reserve = options.diskReserveBytes;
      if (!dir || reserve <= 0 || closed) return;
      const free = await freeBytes(dir);
      // The request's body may be stored twice over (table and WAL).
      if (free !== null && free < reserve + 2 * Math.max(0, bytes)) {
        throw diskFullError(
          `gravação recusada: livre ${megabytes(free)} em ${where}, reserva ${megabytes(reserve)}, pedido de ${megabytes(bytes)}`,
        );
      }
    },
    backup: () =>
      run(async (active) => {
        await active.pglite.exec('CHECKPOINT');
        let archive: Blob | undefined;
        // Inside a transaction of its own: no other statement runs while the files are read.
        await active.pglite.transaction(async () => {
          archive = await active.pglite.dumpDataDir('gzip');
        });
        return new Uint8Array(await archive!.arrayBuffer());
      }),
  };
  return db;
};

/** An in-memory PGlite (tests; a backup being checked). */
export const openMemoryPglite = async (dir = 'memory://', loadDataDir?: Blob): Promise<ManagedPglite> =>
  managedPglite(await startSession(dir, loadDataDir ? { loadDataDir } : {}), {
    dir: null,
    diskReserveBytes: 0,
    reopen: null,
  });

/**
 * Creates the database of a backup in `dir` (missing or empty; the caller holds its lock), then closes it.
 * Until it has opened, the folder carries INIT_MARKER, so a failure leaves a folder the next start may redo.
 */
export const loadIntoFolder = async (dir: string, archive: Blob) => {
  mkdirSync(dir, { recursive: true });
  const marker = path.join(dir, INIT_MARKER);
  writeFileSync(marker, 'Backup do Farol sendo restaurado.\n');
  const session = await startSession(dir, { loadDataDir: archive });
  try {
    await session.pglite.query('SELECT count(*) FROM schema_migrations');
  } finally {
    await session.pglite.close();
  }
  rmSync(marker, { force: true });
};

export interface OpenPgliteFolderOptions {
  diskReserveBytes: number;
  /** Serve `npm run backup` on `<dir>.sock` (the server does; one-off tools do not). */
  control?: boolean;
}

/** Empties a folder a creation left unfinished (it holds INIT_MARKER, so nothing of anyone's). */
const clearUnfinished = (dir: string) => {
  for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
};

/**
 * PGlite in a folder, after checking it (see inspectDataDir) and locking it (see acquireDataDirLock). Only a
 * missing or empty folder is initialised; a refused folder is left exactly as it was.
 */
export const openPgliteFolder = async (
  dataDir: string,
  options: OpenPgliteFolderOptions,
): Promise<ManagedPglite> => {
  const dir = path.resolve(dataDir);
  // Looked at before anything is created (the lock file beside it included).
  inspectDataDir(dir);
  const lock: DataDirLock = await acquireDataDirLock(dir);
  let control: ControlServer | null = null;
  try {
    // Again under the lock: another process may have been creating it.
    const state = inspectDataDir(dir);
    const marker = path.join(dir, INIT_MARKER);
    if (state !== 'database') {
      try {
        mkdirSync(dir, { recursive: true });
        if (state === 'incomplete') clearUnfinished(dir);
        writeFileSync(
          marker,
          'Banco do Farol sendo criado; se esta pasta ficou assim, ela pode ser recriada.\n',
        );
      } catch (error) {
        if (['EACCES', 'EPERM', 'EROFS'].includes((error as NodeJS.ErrnoException).code ?? '')) {
          throw readOnlyError(dir, null);
        }
        throw error;
      }
    }
    let first: Session;
    try {
      first = await startSession(dir);
    } catch (error) {
      throw explainOpenFailure(dir, error, await freeBytes(dir));
    }
    if (state !== 'database') rmSync(marker, { force: true });
    const db = managedPglite(first, {
      dir,
      diskReserveBytes: options.diskReserveBytes,
      reopen: () => startSession(dir),
      onClose: async () => {
        await control?.close();
        lock.release();
      },
    });
    if (options.control) {
      control = await serveControl(dir, { backup: () => db.backup() }).catch((error: unknown) => {
        process.emitWarning(
          `Canal de backup desligado (${error instanceof Error ? error.message : String(error)}): pare o servidor para fazer backup.`,
        );
        return null;
      });
    }
    return db;
  } catch (error) {
    await control?.close();
    lock.release();
    throw error;
  }
};
