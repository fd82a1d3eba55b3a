import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@farol/data/contract';
import { PUBLIC } from '../../http/access';

/** GET /api/health: public, for load balancers and monitors; 503 when the database does not answer. */
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
      try {
        await app.db.query('SELECT 1');
        return { status: 'ok', database: 'ok', realtime } as const;
      } catch (error) {
        request.log.error({ err: error }, 'health: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'down', realtime });
      }
    },
  );
};
