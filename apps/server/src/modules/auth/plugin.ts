import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_REFUSAL_MESSAGES,
  loginRequestSchema,
  loginResponseSchema,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  type AccountStatus,
  type LoginResponse,
} from '@farol/data/contract';
import { dummyPasswordHash, verifyPassword } from '../../auth/password';
import { assertSameOrigin, bearerToken, cookieToken } from '../../auth/session';
import { issueToken } from '../../auth/tokens';
import { httpError } from '../../http/errors';
import { PUBLIC } from '../../http/access';
import { noContent } from '../../http/openapi';
import { auditSource, userEvent } from '../../shared/audit';
import { toUserWire, USER_COLUMNS, USER_FROM, type UserRow } from '../../shared/users';
import {
  accountKeysFor,
  assertLoginAllowed,
  clearAccountFailures,
  normaliseIdentifier,
  recordLoginFailure,
} from './rate-limit';

/** Secure when the request came over TLS (directly, or per a trusted proxy's X-Forwarded-Proto) or when configured. */
const cookieOptions = (request: FastifyRequest, alwaysSecure: boolean) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: alwaysSecure || request.protocol === 'https',
});

/** POST /api/auth/login and /logout: public (they make and end the session), audited. */
export const authPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.post(
    '/login',
    {
      config: { access: PUBLIC },
      schema: {
        summary: 'Sign in: the session token, also set as an HttpOnly cookie; rate limited (429)',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // The client sends the identifier as both `login` and `email` (spec §5); either may be a username.
      const identifiers = [
        ...new Set([body.login, body.email].filter((value): value is string => Boolean(value))),
      ];
      const account = identifiers[0] ?? '';
      // status and must_change_password: the accounts module's (migration 019).
      const { rows } = await db.query<
        UserRow & { password_hash: string; status: AccountStatus; must_change_password: boolean }
      >(
        `SELECT ${USER_COLUMNS}, u.password_hash, u.status, u.must_change_password FROM ${USER_FROM}
          WHERE lower(u.email) = ANY($1::text[]) OR lower(u.username) = ANY($1::text[])
          ORDER BY u.id LIMIT 1`,
        [identifiers.map(normaliseIdentifier)],
      );
      const row = rows[0];
      // Counted against the account found, whichever field named it (a decoy in the other changes nothing).
      const accountKeys = accountKeysFor(row, identifiers);
      await assertLoginAllowed(db, config.loginRateLimit, request.ip, accountKeys);
      const valid = await verifyPassword(body.password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !valid) {
        await recordLoginFailure(db, request.ip, accountKeys);
        await app.audit({
          ...auditSource(request, null),
          module: 'auth',
          action: 'login_failed',
          companyId: row?.company_id ?? null,
          targetType: row ? 'user' : null,
          targetId: row?.id ?? null,
          details: { login: account },
        });
        throw httpError(401, 'invalid_credentials', 'Credenciais inválidas');
      }
      // A suspended or deactivated account is told so, once its password proved who is asking.
      if (row.status !== 'ativo') {
        await app.audit(
          userEvent(
            auditSource(request, null),
            'auth',
            'login_refused',
            { id: row.id, companyId: row.company_id },
            {
              status: row.status,
            },
          ),
        );
        throw httpError(403, 'account_inactive', ACCOUNT_REFUSAL_MESSAGES[row.status]);
      }
      await clearAccountFailures(db, request.ip, accountKeys[0]!);
      const { token } = await issueToken(db, row.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // Gerenciar Usuários' "último acesso" (beside the user, so the session caches are not disturbed).
      await db.query(
        `INSERT INTO user_last_access (user_id, at) VALUES ($1, now())
         ON CONFLICT (user_id) DO UPDATE SET at = excluded.at`,
        [row.id],
      );
      await app.audit(
        userEvent(auditSource(request, row), 'auth', 'login', { id: row.id, companyId: row.company_id }),
      );
      void reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions(request, config.cookieSecure),
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
      });
      const { password_hash: _hash, status: _status, must_change_password: mustChange, ...user } = row;
      request.log.info({ userId: row.id }, 'login');
      return {
        user: toUserWire(user),
        token,
        ...(mustChange ? { must_change_password: true } : {}),
      } satisfies LoginResponse;
    },
  );

  // Public: it answers 204 with or without a live session (idempotent), and checks the session itself.
  app.post(
    '/logout',
    {
      config: { access: PUBLIC },
      schema: { summary: 'Sign out: revokes the token and closes its sockets', response: { 204: noContent } },
    },
    async (request, reply) => {
      const bearer = bearerToken(request);
      const token = bearer ?? cookieToken(request);
      const user = token ? await app.tokens.verify(token) : null;
      if (token && user) {
        if (!bearer) assertSameOrigin(request, config.allowedOrigins);
        await app.tokens.revoke(token);
        app.realtime.disconnectSession(token);
        await app.audit(userEvent(auditSource(request, user), 'auth', 'logout', user));
      }
      void reply.clearCookie(SESSION_COOKIE, cookieOptions(request, config.cookieSecure));
      return reply.status(204).send();
    },
  );
};
