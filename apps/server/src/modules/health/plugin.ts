import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@farol/data/contract';
import { PUBLIC } from '../../http/access';

/**
 * GET /api/health: public, for load balancers and monitors. 200 while the database answers reads (status
 * 'degraded' when its disk refuses writes), 503 when it does not.
 */
export const healthPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: PUBLIC },
      schema: {
        summary: 'Whether the database and the realtime server are up',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const realtime = app.realtime.io.httpServer.listening ? 'ok' : 'down';
      const database = await app.db.health();
      if (database.state === 'ok') return { status: 'ok', database: 'ok', realtime } as const;
      if (database.state === 'down') request.log.error({ detail: database.message }, 'health: database down');
      else request.log.warn({ detail: database.message }, 'health: database degraded');
      return reply.status(database.readable ? 200 : 503).send({
        status: database.state === 'down' ? 'error' : 'degraded',
        database: database.state,
        realtime,
        ...(database.message ? { message: database.message } : {}),
      });
    },
  );
};
