import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SESSION_COOKIE } from '@farol/data/contract';
import { forbidden, httpError, unauthorized } from '../http/errors';
import type { TokenVerifier } from './tokens';
import { hasPermissions, type AuthUser } from './types';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`. */
    user: AuthUser | null;
    /** The raw token that authenticated the request (for logout). */
    authToken: string | null;
  }
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

export const registerAuth = (
  app: FastifyInstance,
  tokens: TokenVerifier,
  allowedOrigins: readonly string[],
) => {
  app.decorateRequest('user', null);
  app.decorateRequest('authToken', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const bearer = bearerToken(request);
    const token = bearer ?? cookieToken(request);
    const user = await tokens.verify(token);
    if (!user) throw unauthorized();
    if (!bearer && !SAFE_METHODS.has(request.method)) assertSameOrigin(request, allowedOrigins);
    request.user = user;
    request.authToken = token;
  });
};

/** The signed-in user of a route behind `app.authenticate`. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw unauthorized();
  return request.user;
};

/** preHandler (after `app.authenticate`): 403 unless admin or every key is held. */
export const requirePermission =
  (...keys: string[]): preHandlerAsyncHookHandler =>
  async (request) => {
    if (!hasPermissions(currentUser(request), keys)) throw forbidden();
  };
