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

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * Same-origin check for writes authenticated by the cookie alone: Origin (else Referer) must name this host
 * or an allowed origin. A bearer token cannot be sent by a cross-site form, so it needs no check.
 */
export const assertSameOrigin = (request: FastifyRequest, allowedOrigins: readonly string[]) => {
  const host = request.headers.host?.toLowerCase();
  const source = request.headers.origin ?? request.headers.referer;
  const sourceHost = source && source !== 'null' ? hostOf(source) : null;
  const allowedHosts = allowedOrigins.map(hostOf);
  if (sourceHost && (sourceHost === host || allowedHosts.includes(sourceHost))) return;
  throw httpError(
    403,
    'csrf_rejected',
    'Requisição de outra origem recusada. Recarregue a página e tente novamente.',
  );
};
