import type { FastifyInstance } from 'fastify';

/** GET /api/config: what a browser needs before it can reach socket.io (design.md §3 "Socket"). */
export interface PublicConfig {
  /** The port socket.io listens on, on the page's own host name. */
  realtimePort: number;
  /** A full URL that overrides the port (REALTIME_URL), e.g. behind a proxy. */
  realtimeUrl?: string;
}

export interface ConfigRouteOptions {
  /** Read per request: with REALTIME_PORT=0 the port is only known once socket.io listens. */
  realtimePort: () => number;
  realtimeUrl?: string | null;
}

export const registerConfigRoutes = (app: FastifyInstance, options: ConfigRouteOptions) => {
  const realtimeUrl = options.realtimeUrl?.trim() || null;
  app.get('/api/config', async (_request, reply): Promise<PublicConfig> => {
    void reply.header('cache-control', 'no-cache');
    return realtimeUrl
      ? { realtimePort: options.realtimePort(), realtimeUrl }
      : { realtimePort: options.realtimePort() };
  });
};
