import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginRequestSchema, SESSION_COOKIE, SESSION_TTL_MS, type LoginResponse } from '@farol/data/contract';
import { assertSameOrigin, bearerToken, cookieToken } from '../../auth/guard';
import { dummyPasswordHash, verifyPassword } from '../../auth/password';
import { assertLoginAllowed, clearAccountFailures, recordLoginFailure } from '../../auth/rate-limit';
import { issueToken, type TokenVerifier } from '../../auth/tokens';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { httpError } from '../../http/errors';
import { parse } from '../../http/validation';
import { toUserWire, USER_COLUMNS, USER_FROM, type UserRow } from '../users/user-row';

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: request.protocol === 'https',
});

const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));

export const registerAuthRoutes = (
  app: FastifyInstance,
  db: Database,
  tokens: TokenVerifier,
  config: ServerConfig,
  /** The realtime side: a logout also closes the sockets opened with that token. */
  sessions: { disconnectSession(token: string): void },
) => {
  app.post('/api/auth/login', async (request, reply) => {
    const body = parse(loginRequestSchema, request.body);
    // The client sends the identifier as both `login` and `email` (spec §5); either may be a username.
    const identifiers = [
      ...new Set([body.login, body.email].filter((value): value is string => Boolean(value))),
    ];
    const account = identifiers[0] ?? '';
    await assertLoginAllowed(db, config.loginRateLimit, request.ip, account);

    const { rows } = await db.query<UserRow & { password_hash: string }>(
      `SELECT ${USER_COLUMNS}, u.password_hash FROM ${USER_FROM}
        WHERE lower(u.email) = ANY($1::text[]) OR lower(u.username) = ANY($1::text[])
        ORDER BY u.id LIMIT 1`,
      [identifiers.map((value) => value.toLowerCase())],
    );
    const row = rows[0];
    const valid = await verifyPassword(body.password, row?.password_hash ?? (await dummyPasswordHash()));
    if (!row || !valid) {
      await recordLoginFailure(db, request.ip, account);
      throw httpError(401, 'invalid_credentials', 'Credenciais inválidas');
    }
    await clearAccountFailures(db, account);
    const { token } = await issueToken(db, row.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    void reply.setCookie(SESSION_COOKIE, token, {
      ...cookieOptions(request),
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
    const { password_hash: _hash, ...user } = row;
    request.log.info({ userId: row.id }, 'login');
    return { user: toUserWire(user), token } satisfies LoginResponse;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const bearer = bearerToken(request);
    const token = bearer ?? cookieToken(request);
    if (token && (await tokens.verify(token))) {
      if (!bearer) assertSameOrigin(request, config.allowedOrigins);
      await tokens.revoke(token);
      sessions.disconnectSession(token);
    }
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });
};
