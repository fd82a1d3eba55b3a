import { HttpError, httpError } from './errors';

const MALFORMED_MESSAGE = 'Envio multipart malformado. Envie o formulário novamente.';

/** 400 for a body that is not valid multipart/form-data (no boundary, garbage, a truncated part). */
export const malformedMultipart = () =>
  httpError(400, 'validation_failed', MALFORMED_MESSAGE, { _: 'Corpo multipart/form-data inválido' });

/**
 * What a failed multipart read answers: our own refusals and the plugin's limits (413, mapped in errors.ts)
 * as they are; anything else the parser throws (busboy's "Boundary not found", "Unexpected end of form",
 * "Malformed part header", a premature close) is the client's malformed body, never a 500.
 */
export const asUploadError = (error: unknown): unknown => {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_') && code !== 'FST_MP_PREMATURE_CLOSE') return error;
  return malformedMultipart();
};

/** Runs a multipart read, a malformed body becoming 400 (see asUploadError). */
export const readingMultipart = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (error) {
    throw asUploadError(error);
  }
};

/** Concurrent uploads a process reads and stores at once; the next ones wait their turn before being read. */
export const UPLOAD_SLOTS = 2;

export interface UploadSlots {
  /** Waits for a free slot (first come, first served); resolves to its release, which is safe to call twice. */
  acquire(): Promise<() => void>;
  /** Slots in use and uploads waiting, for tests and logs. */
  readonly busy: number;
  readonly waiting: number;
}

/**
 * A cap on concurrent upload work (reading a large multipart body, storing its files): big uploads queue
 * behind each other instead of all taking memory and database time at once, while small requests, which
 * take no slot, go on being answered.
 */
export const createUploadSlots = (max: number): UploadSlots => {
  let busy = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else busy -= 1;
  };
  return {
    acquire() {
      return new Promise((resolve) => {
        let released = false;
        const grant = () =>
          resolve(() => {
            if (released) return;
            released = true;
            release();
          });
        if (busy < max) {
          busy += 1;
          grant();
        } else queue.push(grant);
      });
    },
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
  };
};
