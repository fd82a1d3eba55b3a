import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSWORD_RESET_SENT,
  accountLinkInfoSchema,
  accountMeSchema,
  accountListQuerySchema,
  accountListSchema,
  accountSchema,
  bulkAccountActionSchema,
  bulkAccountResultSchema,
  changePasswordSchema,
  createAccountResponseSchema,
  createAccountSchema,
  invitationLinkSchema,
  offboardingPreviewSchema,
  offboardingResultSchema,
  offboardingRunSchema,
  passwordResetRequestSchema,
  setPasswordSchema,
  temporaryPasswordSchema,
  updateAccountSchema,
  ACCOUNT_ACTIONS,
  type AccountAction,
} from '@farol/data/contract';
import { bearerToken, cookieToken } from '../../auth/session';
import { currentUser, PUBLIC, type RouteAccess } from '../../http/access';
import { HttpError } from '../../http/errors';
import { noContent } from '../../http/openapi';
import { idParamsSchema } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { createAccountMailer, type AccountMailer } from './mailer';
import { registerBuiltInOffboardingSteps } from './offboarding-steps';
import { twoFactorSql } from './repository';
import { createAccountService, type AccountService, type LinkOrigin } from './service';

/** users.manage staff, and client users (the service lets only a "gestor da empresa" through, for their company). */
const MANAGER: RouteAccess = { permission: 'users.manage', clients: true, scope: 'company' };
/** users.manage staff only (temporary passwords, offboarding, bulk actions). */
const STAFF_MANAGER: RouteAccess = { permission: 'users.manage', clients: false, scope: 'company' };
/**
 * Anyone signed in, about their own account; also before enrolling in a required 2FA (a temporary password is
 * changed first, and the portal reads these flags).
 */
const SELF: RouteAccess = { permission: null, clients: true, scope: 'own', beforeTwoFactor: true };

const tokenParamsSchema = z.object({
  token: z.string().trim().min(1, 'Link inválido').max(200, 'Link inválido'),
});
const actionParamsSchema = idParamsSchema.extend({
  action: z.enum(ACCOUNT_ACTIONS, { error: 'Ação inválida' }),
});

/** Reset requests allowed per address and per e-mail typed in a window. */
const RESET_LIMIT = { perIp: 10, perEmail: 3, windowMs: 15 * 60 * 1000 };

const originOf = (request: FastifyRequest, publicUrl: string | null | undefined): LinkOrigin => ({
  base: publicUrl ?? `${request.protocol}://${request.host}`,
});

// One mailer and one service per server, shared by the three plugins.
const services = new WeakMap<object, { service: AccountService; mailer: AccountMailer }>();
const serviceOf = async (app: Parameters<FastifyPluginAsyncZod>[0]) => {
  const root = app.db;
  let entry = services.get(root);
  if (!entry) {
    registerBuiltInOffboardingSteps();
    const mailer = createAccountMailer(
      app.config.smtpUrl,
      app.config.mailFrom ?? 'Farol <nao-responda@farol.local>',
      app.log,
    );
    entry = { service: createAccountService(app, await twoFactorSql(app.db), mailer), mailer };
    services.set(root, entry);
  }
  return entry;
};

/** /api/accounts: Gerenciar Usuários (list, create or invite, change, suspend, offboard) and one's own password. */
export const accountsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { service, mailer } = await serviceOf(app);
  app.addHook('onClose', async () => mailer.close());

  app.get(
    '',
    {
      config: { access: MANAGER },
      schema: {
        summary:
          'Accounts, paged, filtered (q, status, role, company) and sorted; a client gestor sees their company',
        querystring: accountListQuerySchema,
        response: { 200: accountListSchema },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.post(
    '',
    {
      config: { access: MANAGER },
      schema: {
        summary:
          'Creates an account: by invitation (a 72 h one-time link, e-mailed when SMTP_URL is set) or with a temporary password',
        body: createAccountSchema,
        response: { 201: createAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await service.create(
        currentUser(request),
        request.body,
        auditSource(request),
        originOf(request, app.config.publicUrl),
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/bulk',
    {
      config: { access: STAFF_MANAGER },
      schema: {
        summary:
          'Suspends, reactivates or deactivates several accounts; answers which were and which were refused',
        body: bulkAccountActionSchema,
        response: { 200: bulkAccountResultSchema },
      },
    },
    async (request) =>
      service.bulk(currentUser(request), request.body.ids, request.body.action, auditSource(request)),
  );

  app.post(
    '/me/password',
    {
      config: { access: SELF },
      schema: {
        summary: "Changes one's own password (the temporary one too); other sessions end",
        body: changePasswordSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.changeOwnPassword(
        currentUser(request),
        request.body.current_password,
        request.body.password,
        auditSource(request),
        bearerToken(request) ?? cookieToken(request),
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/me',
    {
      config: { access: SELF },
      schema: {
        summary: "The signed-in person's own flags: a temporary password to change, gestor da empresa",
        response: { 200: accountMeSchema },
      },
    },
    async (request) => service.me(currentUser(request)),
  );

  app.get(
    '/:id',
    {
      config: { access: MANAGER },
      schema: { summary: 'One account', params: idParamsSchema, response: { 200: accountSchema } },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Changes names, role, company, gestor flag or extra keys (audited before/after)',
        params: idParamsSchema,
        body: updateAccountSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) =>
      service.update(currentUser(request), request.params.id, request.body, auditSource(request)),
  );

  app.post(
    '/:id/:action',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'suspend, reactivate or deactivate: sessions end and sockets close unless reactivated',
        params: actionParamsSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) =>
      service.act(
        currentUser(request),
        request.params.id,
        request.params.action as AccountAction,
        auditSource(request),
      ),
  );

  app.post(
    '/:id/invitation',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'A new invitation link for someone who has not accepted yet (the old one stops working)',
        params: idParamsSchema,
        response: { 200: invitationLinkSchema },
      },
    },
    async (request) =>
      service.resendInvitation(
        currentUser(request),
        request.params.id,
        auditSource(request),
        originOf(request, app.config.publicUrl),
      ),
  );

  app.post(
    '/:id/temporary-password',
    {
      config: { access: STAFF_MANAGER },
      schema: {
        summary: 'Sets a temporary password the person must change at the next sign-in; their sessions end',
        params: idParamsSchema,
        body: temporaryPasswordSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) =>
      service.setTemporaryPassword(
        currentUser(request),
        request.params.id,
        request.body.password,
        auditSource(request),
      ),
  );

  app.get(
    '/:id/offboarding',
    {
      config: { access: STAFF_MANAGER },
      schema: {
        summary: 'What offboarding will do: the access the person had and each step (chamados, tarefas, …)',
        params: idParamsSchema,
        response: { 200: offboardingPreviewSchema },
      },
    },
    async (request) => service.offboardingPreview(currentUser(request), request.params.id),
  );

  app.post(
    '/:id/offboarding',
    {
      config: { access: STAFF_MANAGER },
      schema: {
        summary: 'Offboards: deactivates, ends sessions, reassigns open work to the chosen person',
        params: idParamsSchema,
        body: offboardingRunSchema,
        response: { 200: offboardingResultSchema },
      },
    },
    async (request) =>
      service.offboard(
        currentUser(request),
        request.params.id,
        request.body.assignee_id,
        auditSource(request),
      ),
  );
};

/** /api/invitations/:token: public, the link is the credential (72 h, once). */
export const invitationsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { service } = await serviceOf(app);

  app.get(
    '/:token',
    {
      config: { access: PUBLIC },
      schema: {
        summary: 'Whose invitation this is (410 when expired or used)',
        params: tokenParamsSchema,
        response: { 200: accountLinkInfoSchema },
      },
    },
    async (request) => service.invitationInfo(request.params.token),
  );

  app.post(
    '/:token/accept',
    {
      config: { access: PUBLIC },
      schema: {
        summary: 'Accepts an invitation by choosing a password (the policy applies); the link ends',
        params: tokenParamsSchema,
        body: setPasswordSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.useLink(
        'invitation',
        request.params.token,
        request.body.password,
        auditSource(request, null),
      );
      return reply.status(204).send();
    },
  );
};

/** /api/password-resets: "Esqueci minha senha", public and rate limited; the same answer for every e-mail. */
export const passwordResetsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { service } = await serviceOf(app);
  const { db } = app;

  const assertResetAllowed = async (ip: string, email: string) => {
    const since = new Date(Date.now() - RESET_LIMIT.windowMs);
    const { rows } = await db.query<{ by_ip: number; by_email: number }>(
      `SELECT (SELECT count(*)::int FROM password_reset_requests WHERE ip = $1 AND at > $3) AS by_ip,
              (SELECT count(*)::int FROM password_reset_requests WHERE email = $2 AND at > $3) AS by_email`,
      [ip, email, since],
    );
    const counts = rows[0];
    if (counts && (counts.by_ip >= RESET_LIMIT.perIp || counts.by_email >= RESET_LIMIT.perEmail)) {
      throw new HttpError(
        429,
        'rate_limited',
        'Muitos pedidos de nova senha. Tente novamente em alguns minutos.',
        undefined,
        { 'retry-after': String(Math.ceil(RESET_LIMIT.windowMs / 1000)) },
      );
    }
    await db.query('INSERT INTO password_reset_requests (ip, email) VALUES ($1, $2)', [ip, email]);
    await db.query("DELETE FROM password_reset_requests WHERE at < now() - interval '1 day'");
  };

  app.post(
    '',
    {
      config: { access: PUBLIC },
      schema: {
        summary:
          'Asks for a one-time reset link (1 h); answers 202 the same whether the account exists or not',
        body: passwordResetRequestSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await assertResetAllowed(request.ip, request.body.email);
      await service.requestReset(
        request.body.email,
        auditSource(request, null),
        originOf(request, app.config.publicUrl),
        request.log,
      );
      return reply.status(202).send({ message: PASSWORD_RESET_SENT });
    },
  );

  app.get(
    '/:token',
    {
      config: { access: PUBLIC },
      schema: {
        summary: 'Whose reset link this is (410 when expired or used)',
        params: tokenParamsSchema,
        response: { 200: accountLinkInfoSchema },
      },
    },
    async (request) => service.resetInfo(request.params.token),
  );

  app.post(
    '/:token',
    {
      config: { access: PUBLIC },
      schema: {
        summary: 'Sets the new password (the policy applies); the link ends and every session is revoked',
        params: tokenParamsSchema,
        body: setPasswordSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.useLink(
        'password_reset',
        request.params.token,
        request.body.password,
        auditSource(request, null),
      );
      return reply.status(204).send();
    },
  );
};
