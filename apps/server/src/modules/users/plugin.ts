import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditEventListSchema,
  userAuditQuerySchema,
  userDirectoryListSchema,
  userDirectoryOptionsSchema,
  userDirectoryQuerySchema,
  userProfileSchema,
  type UserDirectoryList,
} from '@farol/data/contract';
import { currentUser, viewerOf } from '../../http/access';
import { scopeReachesCompany } from '../../http/company-scope';
import { notFound } from '../../http/errors';
import { idParamsSchema } from '../../http/validation';
import { canSeeUser } from '../../shared/users';
import { createPresenceBoard, presenceSocket } from './presence';
import { directoryOptions, listDirectory, loadProfile, toDirectoryEntry, toProfile } from './repository';

/**
 * Usuários (issue 13): the directory GET /api/users (users.view, staff) with its filters' choices, a person's
 * page GET /api/users/:id (whoever one may see: `canSeeUser`), their audit trail (users.manage), and presence
 * from the realtime connections (presence:set in, user:presence out). Account management is another module's.
 */
export const usersPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const presence = createPresenceBoard(app.realtime.io, app.realtime);
  app.realtime.onConnection(presenceSocket(presence));

  app.get(
    '',
    {
      config: { access: { permission: 'users.view', clients: false, scope: 'company' } },
      schema: {
        summary:
          'The directory: people by name, paged, searched (name, e-mail, username, phone; accents and case ignored) and filtered by company, role and presence',
        querystring: userDirectoryQuerySchema,
        response: { 200: userDirectoryListSchema },
      },
    },
    async (request, reply) => {
      const { status, ...query } = request.query;
      let only: number[] | undefined;
      let except: number[] | undefined;
      if (status) {
        const connected = await presence.connected();
        if (status === 'offline') except = [...connected.online, ...connected.ausente];
        else only = connected[status];
      }
      const { rows, total } = await listDirectory(db, viewerOf(request).scope, {
        ...query,
        ...(only ? { only } : {}),
        ...(except ? { except } : {}),
      });
      const statuses = await presence.statusOf(rows.map((row) => row.id));
      const body: UserDirectoryList = {
        items: rows.map((row) => toDirectoryEntry(row, statuses.get(row.id) ?? 'offline')),
        total,
      };
      // Built to the contract's type by toDirectoryEntry: sent as JSON text, without the schema's encode pass
      // (a tenth of the request's time; the schema still documents it, and the tests check items against it).
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(body) as unknown as UserDirectoryList);
    },
  );

  app.get(
    '/options',
    {
      config: { access: { permission: 'users.view', clients: false, scope: 'company' } },
      schema: {
        summary: "The directory filters' choices: the roles in use and the companies people belong to",
        response: { 200: userDirectoryOptionsSchema },
      },
    },
    async (request) => directoryOptions(db, viewerOf(request).scope),
  );

  app.get(
    '/:id',
    {
      // Oneself, people of one's own company (clients), conversation partners, or anyone with users.view.
      config: { access: { permission: null, clients: true, scope: 'company' } },
      schema: {
        summary: "A person's page, if the caller may see them (else 404, like a missing one)",
        params: idParamsSchema,
        response: { 200: userProfileSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Out-of-scope users answer 404 like missing ones, so ids cannot be probed.
      if (!(await canSeeUser(db, currentUser(request), id))) throw notFound('Usuário não encontrado');
      const row = await loadProfile(db, id);
      if (!row) throw notFound('Usuário não encontrado');
      const statuses = await presence.statusOf([id]);
      return toProfile(row, statuses.get(id) ?? 'offline');
    },
  );

  app.get(
    '/:id/audit',
    {
      config: { access: { permission: 'users.manage', clients: false, scope: 'company' } },
      schema: {
        summary: "A person's audit trail: what was done to their account (sign-ins included), newest first",
        params: idParamsSchema,
        querystring: userAuditQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const person = await loadProfile(db, id);
      // A manager limited to some companies (issue 13) reads the trail of the people they reach only (staff,
      // who belong to no company, included); users.manage alone is enough, without users.view.
      if (!person || !scopeReachesCompany(viewerOf(request).scope, person.company_id, { unassigned: true }))
        throw notFound('Usuário não encontrado');
      const { page, limit } = request.query;
      return app.audit.list({ targetType: 'user', targetId: String(id), page, limit });
    },
  );
};
