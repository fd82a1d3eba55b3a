import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeSessionListSchema,
  loginEventListSchema,
  loginHistoryQuerySchema,
  recoveryCodesSchema,
  revokedCountSchema,
  securitySettingsAnswerSchema,
  securitySettingsUpdateSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  userSecuritySchema,
} from '@farol/data/contract';
import { verifyPassword } from '../../auth/password';
import { bearerToken, cookieToken } from '../../auth/session';
import { isAdminRole } from '../../auth/types';
import { currentUser, viewerOf, type RouteAccess, type Viewer } from '../../http/access';
import { httpError, notFound } from '../../http/errors';
import { noContent } from '../../http/openapi';
import { idParam } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { listSessions, revokeSession } from './sessions';
import {
  TwoFactorError,
  confirmSetup,
  knownRoles,
  listLoginEvents,
  loadSecuritySettings,
  pendingEnrolment,
  removeTwoFactor,
  replaceRecoveryCodes,
  saveSecuritySettings,
  startSetup,
  twoFactorStatus,
  verifySecondFactor,
} from './two-factor';
import { VaultIntegrityError } from '../../vault/envelope';
import { VaultUnavailableError } from '../../vault/vault';

export const SEED_TAMPERED_MESSAGE =
  'O segredo da verificação em duas etapas não passou na verificação de integridade. Use um código de ' +
  'recuperação ou peça a um administrador que redefina a sua verificação.';

/** One's own security: anyone signed in, staff or client. */
const OWN: RouteAccess = { permission: null, clients: true, scope: 'own' };
/**
 * What enrolling needs, reachable also by a person whom the 2FA requirement covers before they enrol: their 2FA
 * state, setup and confirmation, and the rest of their Segurança da conta page (sessions, history).
 */
const ENROLMENT: RouteAccess = { ...OWN, beforeTwoFactor: true };
/** Another person's: who manages users, within the companies they reach. */
const MANAGE: RouteAccess = { permission: 'users.manage', clients: false, scope: 'company' };
/** Who must use 2FA: admins alone. */
const ADMIN: RouteAccess = { permission: 'users.manage', adminOnly: true, clients: false, scope: 'none' };

const userParams = z.object({ id: idParam('id') });
const userSessionParams = z.object({ id: idParam('id'), sessionId: idParam('sessionId') });
const sessionParams = z.object({ sessionId: idParam('sessionId') });

const tokenOf = (request: FastifyRequest) => bearerToken(request) ?? cookieToken(request);

/**
 * A staff scope limited to some companies (issue 13's roles: `allow`, null for all, minus `deny`; deny wins).
 * A person of no company (staff) is within every staff member's reach.
 */
const withinLimits = (scope: unknown, companyId: number | null) => {
  const { allow, deny } = scope as { allow: readonly number[] | null; deny: readonly number[] };
  if (companyId === null) return true;
  return (allow === null || allow.includes(companyId)) && !deny.includes(companyId);
};

/** Refusals of the 2FA routes: their own, the vault closed (503), a seed that fails its integrity check (409). */
const twoFactorRefusal = (error: unknown): never => {
  if (error instanceof VaultUnavailableError) throw httpError(503, 'vault_unavailable', error.message);
  if (error instanceof VaultIntegrityError) throw httpError(409, 'conflict', SEED_TAMPERED_MESSAGE);
  if (error instanceof TwoFactorError) {
    if (error.kind === 'wrong_code')
      throw httpError(400, 'validation_failed', error.message, { code: error.message });
    throw httpError(409, 'conflict', error.message);
  }
  throw error;
};

/**
 * /api/security: one's own two-factor sign-in, sessions and login history, and — for who manages users — a
 * person's, plus the 2FA requirement (admins). Every write is audited; revoking a session closes its sockets.
 */
export const securityPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, vault } = app;
  /** The 2FA checks' failures in the contract's shape (a tampered seed is logged: someone wrote the table). */
  const refuse = (error: unknown): never => {
    if (error instanceof VaultIntegrityError)
      app.log.error({ err: error }, 'two-factor: a seed failed its integrity check');
    return twoFactorRefusal(error);
  };

  /**
   * The person a manager reads or acts on: within their company scope (else 404). Anyone managing users may read
   * an admin's security; only admins act on admins (409, as Gerenciar Usuários answers: 403 means a missing key).
   */
  const targetOf = async (viewer: Viewer, id: number, { acting = true } = {}) => {
    const { rows } = await db.query<{ id: number; role: string; company_id: number | null; email: string }>(
      'SELECT id, role, company_id, email FROM users WHERE id = $1',
      [id],
    );
    const target = rows[0];
    if (!target) throw notFound('Pessoa não encontrada');
    const scope = viewer.scope;
    const reachable =
      scope.kind === 'all'
        ? true
        : scope.kind === 'company'
          ? scope.companyId !== null && scope.companyId === target.company_id
          : withinLimits(scope, target.company_id);
    if (!reachable) throw notFound('Pessoa não encontrada');
    if (acting && isAdminRole(target.role) && !isAdminRole(viewer.role) && target.id !== viewer.id) {
      throw httpError(409, 'conflict', 'Só um administrador altera a segurança de outro administrador.');
    }
    return target;
  };

  // ------------------------------------------------------------ one's own 2FA

  app.get(
    '/two-factor',
    {
      config: { access: ENROLMENT },
      schema: { summary: "One's own two-factor state", response: { 200: twoFactorStatusSchema } },
    },
    async (request) => twoFactorStatus(db, currentUser(request)),
  );

  app.post(
    '/two-factor/setup',
    {
      config: { access: ENROLMENT },
      schema: {
        summary:
          'Starts enrolment: a new secret and its QR code, confirmed by a first code (409 if 2FA is on)',
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const setup = await startSetup(db, vault, user).catch(refuse);
      await app.audit({
        ...auditSource(request),
        module: 'security',
        action: 'two_factor_setup_started',
        companyId: user.companyId,
        targetType: 'user',
        targetId: user.id,
      });
      return setup;
    },
  );

  app.post(
    '/two-factor/confirm',
    {
      config: { access: ENROLMENT },
      schema: {
        summary: "Confirms enrolment with the app's first code: 2FA on, the 10 recovery codes answered once",
        body: twoFactorCodeRequestSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const codes = await db
        .transaction(async (tx) => {
          const made = await confirmSetup(tx, vault, user.id, request.body.code);
          await app.audit(
            {
              ...auditSource(request),
              module: 'security',
              action: 'two_factor_enabled',
              companyId: user.companyId,
              targetType: 'user',
              targetId: user.id,
            },
            tx,
          );
          return made;
        })
        .catch(refuse);
      return { codes };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      config: { access: OWN },
      schema: {
        summary: 'New recovery codes (the old ones stop working), with a current code from the app',
        body: twoFactorCodeRequestSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const codes = await db
        .transaction(async (tx) => {
          const method = await verifySecondFactor(tx, vault, user.id, request.body.code);
          if (method !== 'totp') return null;
          const made = await replaceRecoveryCodes(tx, user.id);
          await app.audit(
            {
              ...auditSource(request),
              module: 'security',
              action: 'recovery_codes_regenerated',
              companyId: user.companyId,
              targetType: 'user',
              targetId: user.id,
            },
            tx,
          );
          return made;
        })
        .catch(refuse);
      if (!codes) {
        const message = 'Código inválido. Use um código atual do aplicativo.';
        throw httpError(400, 'validation_failed', message, { code: message });
      }
      return { codes };
    },
  );

  app.post(
    '/two-factor/disable',
    {
      config: { access: OWN },
      schema: {
        summary: 'Turns 2FA off with the password and a code (409 while the requirement covers the person)',
        body: twoFactorDisableRequestSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const status = await twoFactorStatus(db, user);
      if (!status.enabled) throw httpError(409, 'conflict', 'A verificação em duas etapas não está ativa');
      if (status.required) {
        throw httpError(
          409,
          'conflict',
          'A verificação em duas etapas é obrigatória para a sua função e não pode ser desativada',
        );
      }
      const { rows } = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [user.id],
      );
      if (!rows[0] || !(await verifyPassword(request.body.password, rows[0].password_hash))) {
        throw httpError(400, 'validation_failed', 'Senha incorreta', { password: 'Senha incorreta' });
      }
      const done = await db
        .transaction(async (tx) => {
          if (!(await verifySecondFactor(tx, vault, user.id, request.body.code))) return false;
          await removeTwoFactor(tx, user.id);
          await app.audit(
            {
              ...auditSource(request),
              module: 'security',
              action: 'two_factor_disabled',
              companyId: user.companyId,
              targetType: 'user',
              targetId: user.id,
            },
            tx,
          );
          return true;
        })
        .catch(refuse);
      if (!done) throw httpError(400, 'validation_failed', 'Código inválido', { code: 'Código inválido' });
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ one's own sessions and history

  app.get(
    '/sessions',
    {
      config: { access: ENROLMENT },
      schema: {
        summary: "One's own live sessions, the current one marked",
        response: { 200: activeSessionListSchema },
      },
    },
    async (request) => ({ items: await listSessions(db, currentUser(request).id, tokenOf(request)) }),
  );

  const endSession = async (
    request: FastifyRequest,
    userId: number,
    companyId: number | null,
    sessionId: number,
  ) => {
    const hash = await revokeSession(db, userId, sessionId, tokenOf(request));
    if (!hash) throw notFound('Sessão não encontrada ou já encerrada');
    if (hash === 'current') {
      throw httpError(409, 'conflict', 'Esta é a sessão que você está usando: para encerrá-la, use Sair');
    }
    app.tokens.forgetUser(userId);
    app.realtime.disconnectSessionHash(hash);
    await app.audit({
      ...auditSource(request),
      module: 'security',
      action: 'session_revoked',
      companyId,
      targetType: 'user',
      targetId: userId,
      details: { session: sessionId },
    });
  };

  app.delete(
    '/sessions/:sessionId',
    {
      config: { access: ENROLMENT },
      schema: {
        summary: "Ends one of one's own sessions (its sockets closed)",
        params: sessionParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await endSession(request, user.id, user.companyId, request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      config: { access: ENROLMENT },
      schema: { summary: "Ends all of one's sessions but this one", response: { 200: revokedCountSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const revoked = await app.revokeUserSessions(user.id, { exceptToken: tokenOf(request) });
      await app.audit({
        ...auditSource(request),
        module: 'security',
        action: 'sessions_revoked',
        companyId: user.companyId,
        targetType: 'user',
        targetId: user.id,
        details: { revoked, kept: 'current' },
      });
      return { revoked };
    },
  );

  app.get(
    '/login-history',
    {
      config: { access: ENROLMENT },
      schema: {
        summary: "One's own sign-in attempts, newest first",
        querystring: loginHistoryQuerySchema,
        response: { 200: loginEventListSchema },
      },
    },
    async (request) => listLoginEvents(db, currentUser(request).id, request.query.page, request.query.limit),
  );

  // ------------------------------------------------------------ a person's (who manages users)

  app.get(
    '/users/:id',
    {
      config: { access: MANAGE },
      schema: {
        summary: "A person's two-factor state",
        params: userParams,
        response: { 200: userSecuritySchema },
      },
    },
    async (request) => {
      const target = await targetOf(viewerOf(request), request.params.id, { acting: false });
      return { user_id: target.id, ...(await twoFactorStatus(db, target)) };
    },
  );

  app.post(
    '/users/:id/two-factor/reset',
    {
      config: { access: MANAGE },
      schema: {
        summary: "Turns a person's 2FA off (they enrol again; signed out everywhere)",
        params: userParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const target = await targetOf(viewer, request.params.id);
      const had = await db.transaction(async (tx) => {
        const removed = await removeTwoFactor(tx, target.id);
        if (removed) {
          await app.audit(
            {
              ...auditSource(request),
              module: 'security',
              action: 'two_factor_reset',
              companyId: target.company_id,
              targetType: 'user',
              targetId: target.id,
            },
            tx,
          );
        }
        return removed;
      });
      if (!had) throw httpError(409, 'conflict', 'Esta pessoa não usa verificação em duas etapas');
      if (target.id !== viewer.id) await app.revokeUserSessions(target.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/users/:id/sessions',
    {
      config: { access: MANAGE },
      schema: {
        summary: "A person's live sessions",
        params: userParams,
        response: { 200: activeSessionListSchema },
      },
    },
    async (request) => {
      const target = await targetOf(viewerOf(request), request.params.id, { acting: false });
      return { items: await listSessions(db, target.id, tokenOf(request)) };
    },
  );

  app.delete(
    '/users/:id/sessions/:sessionId',
    {
      config: { access: MANAGE },
      schema: {
        summary: "Ends one of a person's sessions",
        params: userSessionParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const target = await targetOf(viewerOf(request), request.params.id);
      await endSession(request, target.id, target.company_id, request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/users/:id/sessions/revoke-all',
    {
      config: { access: MANAGE },
      schema: {
        summary: "Ends every session of a person (the caller's own current one kept)",
        params: userParams,
        response: { 200: revokedCountSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const target = await targetOf(viewer, request.params.id);
      const revoked = await app.revokeUserSessions(target.id, {
        exceptToken: target.id === viewer.id ? tokenOf(request) : null,
      });
      await app.audit({
        ...auditSource(request),
        module: 'security',
        action: 'sessions_revoked',
        companyId: target.company_id,
        targetType: 'user',
        targetId: target.id,
        details: { revoked },
      });
      return { revoked };
    },
  );

  app.get(
    '/users/:id/login-history',
    {
      config: { access: MANAGE },
      schema: {
        summary: "A person's sign-in attempts, newest first",
        params: userParams,
        querystring: loginHistoryQuerySchema,
        response: { 200: loginEventListSchema },
      },
    },
    async (request) => {
      const target = await targetOf(viewerOf(request), request.params.id, { acting: false });
      return listLoginEvents(db, target.id, request.query.page, request.query.limit);
    },
  );

  // ------------------------------------------------------------ the requirement (admins)

  app.get(
    '/settings',
    {
      config: { access: ADMIN },
      schema: { summary: 'Who must use 2FA', response: { 200: securitySettingsAnswerSchema } },
    },
    async () => ({ ...(await loadSecuritySettings(db)), known_roles: await knownRoles(db) }),
  );

  app.put(
    '/settings',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Sets who must use 2FA (everyone, chosen roles, or nobody)',
        body: securitySettingsUpdateSchema,
        response: { 200: securitySettingsAnswerSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const before = await loadSecuritySettings(db);
      await db.transaction(async (tx) => {
        await saveSecuritySettings(tx, request.body, user.id);
        await app.audit(
          {
            ...auditSource(request),
            module: 'security',
            action: 'settings_updated',
            targetType: 'security_settings',
            targetId: 'two_factor',
            details: {
              changes: {
                require_two_factor: { from: before.require_two_factor, to: request.body.require_two_factor },
                roles: {
                  from: before.roles,
                  to: request.body.require_two_factor === 'roles' ? request.body.roles : [],
                },
              },
            },
          },
          tx,
        );
      });
      // Sockets opened before the requirement covered their person close: a session that must enrol opens none.
      for (const id of await pendingEnrolment(db)) app.realtime.disconnectUser(id);
      return { ...(await loadSecuritySettings(db)), known_roles: await knownRoles(db) };
    },
  );
};
