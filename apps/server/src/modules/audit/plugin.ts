import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEventListSchema, auditListQuerySchema } from '@farol/data/contract';

/**
 * GET /api/audit: the trail, newest first, for administrators only — it spans every company and person, and
 * no permission key is that wide.
 */
export const auditPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: { permission: null, adminOnly: true, clients: false, scope: 'company' } },
      schema: {
        summary: 'The audit trail, filtered by company, actor, target, module or action',
        querystring: auditListQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return app.audit.list({
        companyId: query.company_id,
        actorId: query.actor_id,
        targetType: query.target_type,
        targetId: query.target_id,
        module: query.module,
        action: query.action,
        page: query.page,
        limit: query.limit,
      });
    },
  );
};
