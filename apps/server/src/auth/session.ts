import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@farol/data/contract';
import { httpError } from '../http/errors';

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
};

export const cookieToken = (request: FastifyRequest): string | null =>
  request.cookies[SESSION_COOKIE] ?? null;

/** `scheme://host[:port]` of a URL, default ports left out; null when it is not one. */
const originOf = (url: string): string | null => {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/**
 * Same-origin check for writes authenticated by the cookie alone: Origin (else Referer) must name this
 * server's scheme and host — as the request arrived, or as a trusted proxy forwarded it (X-Forwarded-Proto,
 * X-Forwarded-Host) — or an allowed origin. `http://` pages cannot write to an `https://` server's session,
 * nor the reverse. A bearer token cannot be sent by a cross-site form, so it needs no check.
 */
export const assertSameOrigin = (request: FastifyRequest, allowedOrigins: readonly string[]) => {
  const own = request.host ? originOf(`${request.protocol}://${request.host}`) : null;
  const source = request.headers.origin ?? request.headers.referer;
  const sourceOrigin = source ? originOf(source) : null;
  const allowed = allowedOrigins.map(originOf);
  if (sourceOrigin && (sourceOrigin === own || allowed.includes(sourceOrigin))) return;
  throw httpError(
    403,
    'csrf_rejected',
    'Requisição de outra origem recusada. Recarregue a página e tente novamente.',
  );
};
