import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRoleSchema,
  roleKeyParamsSchema,
  roleListSchema,
  roleSchema,
  updateRoleSchema,
  updateUserAccessSchema,
  userAccessSchema,
  whyAnswerSchema,
  whyQuerySchema,
} from '@farol/data/contract';
import { currentUser, viewerOf, type RouteAccess } from '../../http/access';
import { scopeReachesCompany } from '../../http/company-scope';
import { notFound } from '../../http/errors';
import { noContent } from '../../http/openapi';
import { idParam } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { loadSubject } from './repository';
import { createRoleService } from './service';
import { explainAccess } from './why';

/** Managing roles, people's access and explaining it: staff holding users.manage (admins hold every key). */
const MANAGER: RouteAccess = { permission: 'users.manage', clients: false, scope: 'none' };
/** People's access: the manager's own company scope limits whom they reach. */
const PEOPLE: RouteAccess = { permission: 'users.manage', clients: false, scope: 'company' };

const userParamsSchema = z.object({ userId: idParam('userId') });

/** Roles (built-in and custom), a person's access (role, extra keys, company scope) and "why" (issue 13). */
export const rolesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const roles = createRoleService({ db, audit: app.audit, tokens: app.tokens });

  /** 404 for a person outside the manager's company scope (staff of no company are everyone's). */
  const assertReaches = async (request: Parameters<typeof viewerOf>[0], userId: number) => {
    const subject = await loadSubject(db, userId);
    if (
      !subject ||
      !scopeReachesCompany(viewerOf(request).scope, subject.row.company_id, { unassigned: true })
    )
      throw notFound('Usuário não encontrado');
  };

  app.get(
    '',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Every role with its keys and how many people hold it',
        response: { 200: roleListSchema },
      },
    },
    async () => ({ items: await roles.list() }),
  );

  app.post(
    '',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Create a custom role (its keys, or copied from another role)',
        body: createRoleSchema,
        response: { 201: roleSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await roles.create(currentUser(request), request.body, auditSource(request))),
  );

  app.get(
    '/why',
    {
      config: { access: PEOPLE },
      schema: {
        summary: 'Why a person sees (or not) a screen or a record: role → key → company scope → result',
        querystring: whyQuerySchema,
        response: { 200: whyAnswerSchema },
      },
    },
    async (request) => {
      const query = request.query;
      await assertReaches(request, query.user_id);
      return explainAccess(db, {
        userId: query.user_id,
        target: query.target,
        value: query.value,
        screen: query.area ? { area: query.area, permission: query.permission ?? null } : null,
      });
    },
  );

  app.get(
    '/access/:userId',
    {
      config: { access: PEOPLE },
      schema: {
        summary: "A person's access: role, role keys, extra keys, effective keys, company scope",
        params: userParamsSchema,
        response: { 200: userAccessSchema },
      },
    },
    async (request) => {
      await assertReaches(request, request.params.userId);
      return roles.access(request.params.userId);
    },
  );

  app.put(
    '/access/:userId',
    {
      config: { access: PEOPLE },
      schema: {
        summary: "Change a person's role, extra keys or company scope (audited with before and after)",
        params: userParamsSchema,
        body: updateUserAccessSchema,
        response: { 200: userAccessSchema },
      },
    },
    async (request) => {
      await assertReaches(request, request.params.userId);
      return roles.setAccess(currentUser(request), request.params.userId, request.body, auditSource(request));
    },
  );

  app.patch(
    '/:key',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Rename a custom role or change its keys',
        params: roleKeyParamsSchema,
        body: updateRoleSchema,
        response: { 200: roleSchema },
      },
    },
    async (request) =>
      roles.update(currentUser(request), request.params.key, request.body, auditSource(request)),
  );

  app.delete(
    '/:key',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Delete a custom role nobody holds',
        params: roleKeyParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await roles.remove(request.params.key, auditSource(request));
      return reply.status(204).send();
    },
  );
};
