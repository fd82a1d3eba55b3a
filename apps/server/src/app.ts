import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { PROFILE_PICTURE_MAX_BYTES, SESSION_COOKIE } from '@farol/data/contract';
import { createTokenVerifier } from './auth/tokens';
import { createUserSessions } from './auth/user-sessions';
import { defaultConfig, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { registerStorageGuard } from './db/storage-guard';
import './decorations';
import type { RegisteredRoute } from './http/access';
import { registerNotFound } from './http/errors';
import { fastifyTrustProxy } from './http/proxy';
import { registerFoundation } from './http/foundation';
import { docsPlugin, registerOpenApi } from './http/openapi';
import { registerStatic } from './http/static';
import { createAudit } from './modules/audit';
import { createNotificationRepository, createNotifier } from './modules/notifications';
import { createRealtimeServer, type RealtimeServer } from './realtime';
import { MODULE_ROUTES, resolveAlias } from './routes';
import { seedDemo } from './seed/demo';
import type { Notify } from './shared/notify';
import { resolveVaultKeys } from './vault/keyring';
import { createVault, rewrapDataKeys } from './vault/vault';

const SHUTDOWN_GRACE_MS = 5_000;
/**
 * How long a verified session is remembered: PGlite's one process hears every change as it commits; with
 * PostgreSQL a change is heard within a round trip, and the short time bounds what a listening connection
 * that died silently could miss before its heartbeat notices (see createTokenVerifier).
 */
const SESSION_CACHE_MS = { pglite: 60_000, postgres: 5_000 } as const;
const API_VERSION = '0.1.0';

export type ServerOptions = Partial<ServerConfig> & {
  logger?: boolean;
  /** Where the JSON log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** An in-memory database starts from this archive instead of empty (tests; migrations still run). */
  memoryArchive?: Blob;
};

export interface FarolServer {
  app: FastifyInstance;
  db: Database;
  realtime: RealtimeServer;
  config: ServerConfig;
  notify: Notify;
  /** Every route with its declared access (what the route walk test checks). */
  routes: readonly RegisteredRoute[];
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

/** Plugins, then every module's plugin under its prefix, then the API reference and the portal. */
const registerPlugins = async (app: FastifyInstance) => {
  // First, so that every route and plugin registered below answers errors in the contract's shape and
  // declares its access.
  registerFoundation(app);
  await registerOpenApi(app, API_VERSION);
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
  for (const { plugin, prefix } of MODULE_ROUTES) await app.register(plugin, { prefix });
  await app.register(docsPlugin);
  registerNotFound(app, await registerStatic(app, app.config.staticDir));
};

export const createServer = async (options: ServerOptions = {}): Promise<FarolServer> => {
  const { logger = true, logStream, memoryArchive, ...overrides } = options;
  const config: ServerConfig = { ...defaultConfig(), ...overrides };
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    diskReserveBytes: config.diskReserveBytes,
    control: true,
    memoryArchive,
  });
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: { paths: REDACT, censor: '[redacted]' },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: config.bodyLimit,
    // X-Forwarded-* only from the proxies FAROL_TRUST_PROXY names (none by default): the login limits, the
    // audit trail, the cookie's Secure flag and the same-origin check read the client through them.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Keep-alive sockets with no request in flight are closed at shutdown; busy ones drain first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A module's alias prefixes answer its routes (e.g. /api/support/tickets → /api/tickets).
    rewriteUrl: (request) => resolveAlias(request.url ?? '/'),
  });
  // The vault's keys (issue 14) seal the password vault's secrets and the people's 2FA seeds (issue 13); a
  // migration may need them (030 seals seeds stored in clear before).
  const vaultKeys = resolveVaultKeys({
    envKey: config.vaultKey ?? process.env.FAROL_VAULT_KEY,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  if (vaultKeys.state === 'unavailable') app.log.warn({ reason: vaultKeys.message }, 'vault: closed');
  const vault = createVault({ db, keys: vaultKeys, log: app.log });
  try {
    await migrate(db, undefined, { vault });
    if (config.demo) await seedDemo(db);
    if (vaultKeys.state === 'ready') {
      // A keyring with a newer version than the stored copies (FAROL_VAULT_KEY updated, or the key file rotated
      // while the server was stopped): every data key is re-wrapped under it now.
      const rewrapped = await rewrapDataKeys(db, vaultKeys.keyring);
      if (rewrapped > 0)
        app.log.info({ rewrapped, kekVersion: vault.kekVersion }, 'vault: data keys re-wrapped');
    }
  } catch (error) {
    vault.close();
    await db.close();
    throw error;
  }

  registerStorageGuard(app, db);
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

  // Live sessions are cached, and dropped the moment the database announces a change (see createTokenVerifier).
  const tokens = createTokenVerifier(db, {
    cacheMs: config.sessionCacheMs ?? SESSION_CACHE_MS[db.kind],
    log: app.log,
  });
  // Likewise each user's notification pages (see createNotificationRepository).
  const notifications = createNotificationRepository(db, {
    cache: config.notificationCache === false ? false : 'listen',
  });
  let realtime: RealtimeServer | undefined;
  let stopSweeping = () => {};
  try {
    await tokens.start();
    await notifications.start();
    realtime = await createRealtimeServer({
      port: config.realtimePort,
      host: config.host,
      // A person who must enrol in 2FA first opens no socket until they have (its 'auth' refusal is retried).
      verifyToken: async (token) => {
        const user = await tokens.verify(token);
        return user?.twoFactorPending ? null : user;
      },
      databaseUrl: config.databaseUrl ?? undefined,
      allowedOrigins: config.allowedOrigins.length > 0 ? config.allowedOrigins : undefined,
      cookieName: SESSION_COOKIE,
      logger: app.log,
      // Once every module has registered its socket events (below).
      listen: false,
    });
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('vault', vault);
    app.decorate('tokens', tokens);
    app.decorate('realtime', realtime);
    const sessions = createUserSessions({ db, tokens, realtime });
    app.decorate('revokeUserSessions', sessions.revokeUser);
    app.decorate('notifications', notifications);
    app.decorate('notify', createNotifier({ notifications, realtime }));
    app.decorate('audit', createAudit(db));
    await registerPlugins(app);
    await app.ready();
    await realtime.listen();
    // Expired and revoked sessions are deleted, and sockets of sessions revoked elsewhere closed, periodically.
    stopSweeping = sessions.startSweeping(app.log);
  } catch (error) {
    await realtime?.close();
    await app.close();
    await tokens.stop();
    await notifications.stop();
    vault.close();
    await db.close();
    throw error;
  }

  let closing: Promise<void> | null = null;
  const server: FarolServer = {
    app,
    db,
    realtime,
    config,
    notify: app.notify,
    routes: app.routeTable,
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
        stopSweeping();
        await realtime.close();
        // In-flight requests get a grace period to finish; then their sockets are cut.
        const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        await app.close().finally(() => clearTimeout(force));
        await tokens.stop();
        await notifications.stop();
        vault.close();
        await db.close();
      })();
      return closing;
    },
  };
  return server;
};
