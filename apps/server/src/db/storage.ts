import { statfs } from 'node:fs/promises';
import type { ApiErrorCode } from '@farol/data/contract';

/**
 * A write the database could not take because of its storage: 507 when the disk is full, 503 while the
 * embedded database restarts after a failure. Answered as the contract's `{error, message}` (see
 * http/errors.ts) and as a socket acknowledgement's error.
 */
export class StorageError extends Error {
  constructor(
    readonly status: 503 | 507,
    readonly code: Extract<ApiErrorCode, 'insufficient_storage' | 'storage_unavailable'>,
    message: string,
    /** What an operator needs to know (logged, never sent). */
    readonly detail: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  get headers(): Record<string, string> {
    return { 'retry-after': this.status === 503 ? '5' : '30' };
  }

  toBody(): { error: ApiErrorCode; message: string } {
    return { error: this.code, message: this.message };
  }
}

export const diskFullError = (detail: string) =>
  new StorageError(
    507,
    'insufficient_storage',
    'O servidor está sem espaço em disco e não salvou esta alteração. Tente de novo mais tarde ou avise o administrador.',
    detail,
  );

export const databaseRestartingError = (detail: string) =>
  new StorageError(
    503,
    'storage_unavailable',
    'O banco de dados está se recuperando de uma falha e não atendeu a este pedido. Tente de novo em instantes.',
    detail,
  );

const asking = new Map<string, Promise<number | null>>();

/**
 * Free bytes for this process on the file system holding `dir`, or null when it cannot be asked. Callers that
 * ask while a statfs of the same folder is under way share its answer (a burst of writes — 20 reveals at once —
 * asks once per turn of the event loop, not once per request); none is kept after it returns.
 */
export const freeBytes = (dir: string): Promise<number | null> => {
  let answer = asking.get(dir);
  if (!answer) {
    answer = statfs(dir).then(
      (stats) => Number(stats.bavail) * Number(stats.bsize),
      () => null,
    );
    asking.set(dir, answer);
    void answer.finally(() => asking.delete(dir));
  }
  return answer;
};

/** How the database is doing, for GET /api/health. */
export interface DatabaseHealth {
  /** ok; degraded: answering, or recovering, but refusing writes (disk full); down: not answering. */
  state: 'ok' | 'degraded' | 'down';
  /** Whether reads are answered right now. */
  readable: boolean;
  /** For an operator, in Portuguese, when not ok. */
  message?: string;
}

/** Default room kept free on the data folder's disk (FAROL_DISK_RESERVE_MB): four WAL segments. */
export const DEFAULT_DISK_RESERVE_BYTES = 64 * 1024 * 1024;
