import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ApiErrorCode } from '@farol/data/contract';
import { StorageError } from '../db/storage';

/** An error that becomes the contract's `{error, message, details?}` answer with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return this.details
      ? { error: this.code, message: this.message, details: this.details }
      : { error: this.code, message: this.message };
  }
}

export const httpError = (
  status: number,
  code: ApiErrorCode,
  message: string,
  details?: Record<string, string>,
): HttpError => new HttpError(status, code, message, details);

export const notFound = (message = 'Registro não encontrado') => httpError(404, 'not_found', message);
export const unauthorized = () =>
  httpError(401, 'unauthorized', 'Sessão expirada ou inválida. Entre novamente.');
export const forbidden = () => httpError(403, 'forbidden', 'Você não tem permissão para esta ação.');

/** Fastify's and its plugins' own errors, by code, mapped to the contract. */
const frameworkErrors: Record<string, () => HttpError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => httpError(400, 'invalid_json', 'JSON inválido'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => httpError(400, 'invalid_json', 'JSON inválido'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => httpError(413, 'payload_too_large', 'Corpo da requisição muito grande'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    httpError(415, 'unsupported_media_type', 'Tipo de conteúdo não suportado'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    httpError(400, 'validation_failed', 'Content-Length não corresponde ao corpo'),
  FST_REQ_FILE_TOO_LARGE: () => httpError(413, 'payload_too_large', 'Arquivo maior que 5MB'),
  FST_FILES_LIMIT: () => httpError(413, 'payload_too_large', 'Envie apenas um arquivo'),
  FST_PARTS_LIMIT: () => httpError(413, 'payload_too_large', 'Partes demais no envio'),
  FST_FIELDS_LIMIT: () => httpError(413, 'payload_too_large', 'Campos demais no envio'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    httpError(415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data'),
  FST_ERR_VALIDATION: () => httpError(400, 'validation_failed', 'Dados inválidos'),
};

const toHttpError = (error: FastifyError | Error): HttpError | null => {
  if (error instanceof HttpError) return error;
  const code = (error as FastifyError).code;
  const mapped = code ? frameworkErrors[code] : undefined;
  if (mapped) return mapped();
  const status = (error as FastifyError).statusCode;
  if (status === 413) return httpError(413, 'payload_too_large', 'Corpo da requisição muito grande');
  if (status === 415) return httpError(415, 'unsupported_media_type', 'Tipo de conteúdo não suportado');
  if (error instanceof SyntaxError && status === 400) return httpError(400, 'invalid_json', 'JSON inválido');
  if (status && status >= 400 && status < 500)
    return httpError(status, 'validation_failed', 'Requisição inválida');
  return null;
};

const INTERNAL_ERROR: ApiErrorBody = {
  error: 'internal_error',
  message: 'Erro interno do servidor. Tente novamente.',
};

/** The contract's error body of anything thrown (a socket acknowledgement's `error`); unknown errors say nothing more. */
export const toErrorBody = (error: unknown): ApiErrorBody =>
  error instanceof HttpError || error instanceof StorageError ? error.toBody() : INTERNAL_ERROR;

export const sendError = (reply: FastifyReply, error: HttpError) => {
  if (error.headers) void reply.headers(error.headers);
  return reply.status(error.status).send(error.toBody());
};

/** Every failure answers JSON in the contract's shape; unexpected ones are logged and never leak a stack. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    // A full disk (507) or the embedded database restarting (503): see db/storage.ts.
    if (error instanceof StorageError) {
      request.log.warn({ detail: error.detail, status: error.status }, 'storage refused the request');
      return reply.status(error.status).headers(error.headers).send(error.toBody());
    }
    const known = toHttpError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(INTERNAL_ERROR);
  });
};

/** Unknown routes: the fallback (the SPA's index.html) when it applies, else JSON 404. */
export const registerNotFound = (
  app: FastifyInstance,
  fallback: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>,
) => {
  app.setNotFoundHandler(async (request, reply) => {
    if (await fallback(request, reply)) return reply;
    return reply.status(404).send({ error: 'not_found', message: 'Rota não encontrada' });
  });
};
