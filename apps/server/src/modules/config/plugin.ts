import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@farol/data/contract';
import { PUBLIC } from '../../http/access';
import { publicConfigOf } from '../../http/public-config';

/**
 * GET /api/config: what a browser needs before it can reach socket.io (design.md §3 "Socket"). Public. The
 * served index.html carries the same answer (http/public-config.ts), so the built portal does not ask; the
 * Vite dev server's page and other clients do.
 */
export const configPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: PUBLIC },
      schema: {
        summary: 'Where socket.io listens: its port on this host, or REALTIME_URL',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply): Promise<PublicConfig> => {
      void reply.header('cache-control', 'no-cache');
      return publicConfigOf(app);
    },
  );
};
