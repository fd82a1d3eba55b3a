import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { PROFILE_PICTURE_MAX_BYTES, SESSION_COOKIE } from '@farol/data/contract';
import { registerAuth } from './auth/guard';
import { createTokenVerifier, type TokenVerifier } from './auth/tokens';
import { defaultConfig, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { httpError, registerErrorHandling, registerNotFound } from './http/errors';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerConfigRoutes } from './modules/config/routes';
import { registerConversationRoutes } from './modules/conversations';
import { registerHealthRoutes } from './modules/health/routes';
import { createNotifier, type Notify } from './modules/notifications/notifier';
import {
  createNotificationRepository,
  type NotificationRepository,
} from './modules/notifications/repository';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerStatic } from './modules/static/routes';
import { registerTicketRoutes } from './modules/tickets';
import { createRealtimeServer, type RealtimeServer } from './realtime/realtime-server';
import { seedDemo } from './seed/demo';

const SHUTDOWN_GRACE_MS = 5_000;
const TOKEN_CACHE_MS = 60_000;

export type ServerOptions = Partial<ServerConfig> & {
  logger?: boolean;
  /** Where the JSON log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** Keep tickets list pages in memory (default: on PGlite only); the bench turns it off to compare. */
  ticketListCache?: boolean;
};

export interface FarolServer {
  app: FastifyInstance;
  db: Database;
  realtime: RealtimeServer;
  config: ServerConfig;
  notify: Notify;
  /** Starts listening; resolves to the HTTP base URL. */
  listen(): Promise<string>;
  /** The bound HTTP URL once listening. */
  url(): string;
  /** Stops accepting, drains in-flight requests, closes sockets, then the database. Idempotent. */
  close(): Promise<void>;
}

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.password_hash',
];

/** A JSON parser that treats an empty body as no body (clients send the JSON header on empty POSTs). */
const registerJsonParser = (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(httpError(400, 'invalid_json', 'JSON inválido'), undefined);
    }
  });
};

/** Plugins and every module's routes, in the order their hooks must run. */
const registerRoutes = async (
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
  realtime: RealtimeServer,
  tokens: TokenVerifier,
  notifications: NotificationRepository,
  ticketListCache: boolean | undefined,
) => {
  // First, so that every route and plugin registered below answers errors in the contract's shape.
  registerErrorHandling(app);
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quality 11 (the default) is meant for build-time compression; on the fly it costs too much CPU.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 12 },
  });
  registerJsonParser(app);
  registerAuth(app, tokens, config.allowedOrigins);
  registerAuthRoutes(app, db, tokens, config, realtime);
  registerProfileRoutes(app, db, tokens);
  registerUserRoutes(app, db);
  registerNotificationRoutes(app, notifications);
  registerConversationRoutes(app, { db, emitter: realtime });
  registerTicketRoutes(app, {
    db,
    emitter: realtime,
    notify: createNotifier({ notifications, realtime }),
    listCache: ticketListCache,
  });
  registerHealthRoutes(app, db, () => realtime.io.httpServer.listening);
  registerConfigRoutes(app, { realtimePort: () => realtime.port, realtimeUrl: process.env.REALTIME_URL });
  registerNotFound(app, await registerStatic(app, config.staticDir));
};

export const createServer = async (options: ServerOptions = {}): Promise<FarolServer> => {
  const { logger = true, logStream, ticketListCache, ...overrides } = options;
  const config: ServerConfig = { ...defaultConfig(), ...overrides };
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(db);
    if (config.demo) await seedDemo(db);
  } catch (error) {
    await db.close();
    throw error;
  }

  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: { paths: REDACT, censor: '[redacted]' },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: config.bodyLimit,
    // Never trust X-Forwarded-For: the rate limit keys on the socket's address.
    trustProxy: false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Keep-alive sockets with no request in flight are closed at shutdown; busy ones drain first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  let shuttingDown = false;
  // A keep-alive socket that finishes its request during shutdown would otherwise hold close() open.
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) void reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('referrer-policy', 'same-origin');
  });

  // PGlite's folder belongs to this process alone, so live sessions can be cached (see createTokenVerifier).
  const tokens = createTokenVerifier(db, { cacheMs: db.kind === 'pglite' ? TOKEN_CACHE_MS : 0 });
  // Likewise the notification pages it serves (see createNotificationRepository).
  const notifications = createNotificationRepository(db);
  let realtime: RealtimeServer | undefined;
  try {
    realtime = await createRealtimeServer({
      port: config.realtimePort,
      host: config.host,
      verifyToken: (token) => tokens.verify(token),
      db,
      databaseUrl: config.databaseUrl ?? undefined,
      allowedOrigins: config.allowedOrigins.length > 0 ? config.allowedOrigins : undefined,
      cookieName: SESSION_COOKIE,
      logger: app.log,
    });
    await registerRoutes(app, db, config, realtime, tokens, notifications, ticketListCache);
  } catch (error) {
    await realtime?.close();
    await app.close();
    await db.close();
    throw error;
  }
  const notify = createNotifier({ notifications, realtime });

  let closing: Promise<void> | null = null;
  const server: FarolServer = {
    app,
    db,
    realtime,
    config,
    notify,
    async listen() {
      await app.listen({ port: config.port, host: config.host });
      return server.url();
    },
    url() {
      const address = app.server.address() as AddressInfo | null;
      if (!address) throw new Error('server is not listening');
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${address.port}`;
    },
    close() {
      closing ??= (async () => {
        shuttingDown = true;
        await realtime.close();
        // In-flight requests get a grace period to finish; then their sockets are cut.
        const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        await app.close().finally(() => clearTimeout(force));
        await db.close();
      })();
      return closing;
    },
  };
  return server;
};
