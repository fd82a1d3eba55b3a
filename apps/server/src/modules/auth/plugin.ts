import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginOutcomeSchema,
  loginRequestSchema,
  loginSessionSchema,
  loginTwoFactorRequestSchema,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  type LoginChallenge,
  type LoginMethod,
  type LoginSession,
  ACCOUNT_REFUSAL_MESSAGES,
  type AccountStatus,
} from '@farol/data/contract';
import { dummyPasswordHash, verifyPassword } from '../../auth/password';
import { assertSameOrigin, bearerToken, cookieToken } from '../../auth/session';
import { issueToken } from '../../auth/tokens';
import { HttpError, httpError } from '../../http/errors';
import { PUBLIC } from '../../http/access';
import { noContent } from '../../http/openapi';
import { auditSource, userEvent } from '../../shared/audit';
import { toUserWire, USER_COLUMNS, USER_FROM, type UserRow } from '../../shared/users';
import { VaultIntegrityError } from '../../vault/envelope';
import { VaultUnavailableError } from '../../vault/vault';
import {
  accountKeysFor,
  assertLoginAllowed,
  clearAccountFailures,
  normaliseIdentifier,
  recordLoginFailure,
} from './rate-limit';
import {
  consumeChallenge,
  createChallenge,
  failChallenge,
  findChallenge,
  isTwoFactorEnabled,
  recordLoginEvent,
  requiresTwoFactor,
  verifySecondFactor,
} from './two-factor';
import { SEED_TAMPERED_MESSAGE } from './security-plugin';

/** Secure when the request came over TLS (directly, or per a trusted proxy's X-Forwarded-Proto) or when configured. */
const cookieOptions = (request: FastifyRequest, alwaysSecure: boolean) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: alwaysSecure || request.protocol === 'https',
});

// status and must_change_password: the accounts module's (migration 019).
type LoginRow = UserRow & { password_hash: string; status: AccountStatus; must_change_password: boolean };
const LOGIN_COLUMNS = `${USER_COLUMNS}, u.password_hash, u.status, u.must_change_password`;

const USER_BY_ID = `SELECT ${LOGIN_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1`;

/**
 * POST /api/auth/login, /login/2fa and /logout: public (they make and end the session), audited, every
 * attempt on a known account kept in its login history. An account with two-factor sign-in gets a short-lived
 * code step from /login (one extra round trip) and its session from /login/2fa.
 */
export const authPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  const agentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

  /** The rate limit, with a refusal of a known account kept in its history. */
  const assertAllowed = async (request: FastifyRequest, row: LoginRow | undefined, accountKeys: string[]) => {
    try {
      await assertLoginAllowed(db, config.loginRateLimit, request.ip, accountKeys);
    } catch (error) {
      if (row && error instanceof HttpError && error.status === 429) {
        await recordLoginEvent(db, {
          userId: row.id,
          ip: request.ip,
          userAgent: agentOf(request),
          success: false,
          reason: 'rate_limited',
          method: null,
        });
      }
      throw error;
    }
  };

  /** A session for a person whose password (and code, if they have 2FA) passed. */
  const openSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    row: LoginRow,
    accountKey: string,
    method: LoginMethod,
  ): Promise<LoginSession> => {
    await clearAccountFailures(db, request.ip, accountKey);
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
    await recordLoginEvent(db, {
      userId: row.id,
      ip: request.ip,
      userAgent: agentOf(request),
      success: true,
      reason: 'ok',
      method,
    });
    await app.audit(
      userEvent(
        auditSource(request, row),
        'auth',
        'login',
        { id: row.id, companyId: row.company_id },
        { method },
      ),
    );
    void reply.setCookie(SESSION_COOKIE, token, {
      ...cookieOptions(request, config.cookieSecure),
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
    const { password_hash: _hash, status: _status, must_change_password: mustChange, ...user } = row;
    request.log.info({ userId: row.id, method }, 'login');
    const setupRequired = method === 'password' && (await requiresTwoFactor(db, row.role));
    return {
      user: toUserWire(user),
      token,
      ...(setupRequired ? { two_factor_setup_required: true } : {}),
      ...(mustChange ? { must_change_password: true } : {}),
    };
  };

  app.post(
    '/login',
    {
      config: { access: PUBLIC },
      schema: {
        summary:
          'Sign in: the session token (also set as an HttpOnly cookie), or the code step when the account has 2FA; rate limited (429)',
        body: loginRequestSchema,
        response: { 200: loginOutcomeSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // The client sends the identifier as both `login` and `email` (spec §5); either may be a username.
      const identifiers = [
        ...new Set([body.login, body.email].filter((value): value is string => Boolean(value))),
      ];
      const account = identifiers[0] ?? '';
      const { rows } = await db.query<LoginRow>(
        `SELECT ${LOGIN_COLUMNS} FROM ${USER_FROM}
          WHERE lower(u.email) = ANY($1::text[]) OR lower(u.username) = ANY($1::text[])
          ORDER BY u.id LIMIT 1`,
        [identifiers.map(normaliseIdentifier)],
      );
      const row = rows[0];
      // Counted against the account found, whichever field named it (a decoy in the other changes nothing).
      const accountKeys = accountKeysFor(row, identifiers);
      await assertAllowed(request, row, accountKeys);
      const valid = await verifyPassword(body.password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !valid) {
        await recordLoginFailure(db, request.ip, accountKeys);
        if (row) {
          await recordLoginEvent(db, {
            userId: row.id,
            ip: request.ip,
            userAgent: agentOf(request),
            success: false,
            reason: 'wrong_password',
            method: 'password',
          });
        }
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
        await recordLoginEvent(db, {
          userId: row.id,
          ip: request.ip,
          userAgent: agentOf(request),
          success: false,
          reason: 'suspended',
          method: 'password',
        });
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
      if (await isTwoFactorEnabled(db, row.id)) {
        const { token, expiresAt } = await createChallenge(db, row.id);
        await app.audit(
          userEvent(auditSource(request, null), 'auth', 'login_code_requested', {
            id: row.id,
            companyId: row.company_id,
          }),
        );
        return {
          two_factor_required: true,
          challenge: token,
          expires_at: expiresAt.toISOString(),
        } satisfies LoginChallenge;
      }
      return openSession(request, reply, row, accountKeys[0]!, 'password');
    },
  );

  app.post(
    '/login/2fa',
    {
      config: { access: PUBLIC },
      schema: {
        summary:
          "Sign in, second step: the code step's handle and a 6-digit code or a recovery code → the session; rate limited (429)",
        body: loginTwoFactorRequestSchema,
        response: { 200: loginSessionSchema },
      },
    },
    async (request, reply) => {
      const { challenge: handle, code } = request.body;
      const expired = () =>
        httpError(401, 'invalid_credentials', 'A verificação expirou. Entre com sua senha novamente.');
      const found = await findChallenge(db, handle);
      if (!found) throw expired();
      const { rows } = await db.query<LoginRow>(USER_BY_ID, [found.userId]);
      const row = rows[0];
      if (!row) throw expired();
      const accountKeys = accountKeysFor(row, []);
      const event = { userId: row.id, ip: request.ip, userAgent: agentOf(request) };
      if (found.closed) {
        await recordLoginEvent(db, { ...event, success: false, reason: 'challenge_expired', method: null });
        throw expired();
      }
      await assertAllowed(request, row, accountKeys);
      const outcome = await db.transaction(async (tx) => {
        const current = await findChallenge(tx, handle);
        if (!current || current.closed) return 'closed' as const;
        let method: LoginMethod | null;
        try {
          method = await verifySecondFactor(tx, app.vault, row.id, code);
        } catch (error) {
          if (error instanceof VaultUnavailableError)
            throw httpError(503, 'vault_unavailable', error.message);
          if (!(error instanceof VaultIntegrityError)) throw error;
          // The stored seed was altered or moved: no code from it is trusted (a recovery code still works).
          request.log.error({ err: error, userId: row.id }, 'two-factor: a seed failed its integrity check');
          return 'tampered' as const;
        }
        if (method) await consumeChallenge(tx, current.id);
        return method;
      });
      if (outcome === 'closed') {
        await recordLoginEvent(db, { ...event, success: false, reason: 'challenge_expired', method: null });
        throw expired();
      }
      if (!outcome || outcome === 'tampered') {
        await failChallenge(db, found.id);
        await recordLoginFailure(db, request.ip, accountKeys);
        await recordLoginEvent(db, { ...event, success: false, reason: 'two_factor_failed', method: null });
        await app.audit(
          userEvent(auditSource(request, null), 'auth', 'login_code_failed', {
            id: row.id,
            companyId: row.company_id,
          }),
        );
        if (outcome === 'tampered') {
          throw httpError(401, 'invalid_credentials', SEED_TAMPERED_MESSAGE, { code: 'Código recusado' });
        }
        throw httpError(
          401,
          'invalid_credentials',
          'Código inválido. Confira o aplicativo e tente de novo.',
          {
            code: 'Código inválido',
          },
        );
      }
      return openSession(request, reply, row, accountKeys[0]!, outcome);
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
