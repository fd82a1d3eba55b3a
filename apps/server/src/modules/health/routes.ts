import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';

export const registerHealthRoutes = (app: FastifyInstance, db: Database, realtimeUp: () => boolean) => {
  app.get('/api/health', async (request, reply) => {
    const realtime = realtimeUp() ? 'ok' : 'down';
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: 'ok', realtime };
    } catch (error) {
      request.log.error({ err: error }, 'health: database unreachable');
      return reply.status(503).send({ status: 'error', database: 'down', realtime });
    }
  });
};
