import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@farol/data/contract';
import { PUBLIC } from '../../http/access';

/** GET /api/config: what a browser needs before it can reach socket.io (design.md §3 "Socket"). Public. */
export const configPlugin: FastifyPluginAsyncZod = async (app) => {
  const realtimeUrl = app.config.realtimeUrl?.trim() || null;
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
      // Read per request: with REALTIME_PORT=0 the port is only known once socket.io listens.
      const realtimePort = app.realtime.port;
      return realtimeUrl ? { realtimePort, realtimeUrl } : { realtimePort };
    },
  );
};
