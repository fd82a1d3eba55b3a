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
