import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { CLIENT_EVENTS, REALTIME_PATH, SESSION_COOKIE } from '@farol/data/contract';
import { hashToken } from '../auth/tokens';
import { toErrorBody } from '../http/errors';
import { nulRefusal } from '../http/validation';
import { handshakeToken, isOriginAllowed } from './handshake';
import { userRoom } from './rooms';

/** Who a socket belongs to; the server's AuthUser satisfies it. */
export interface SocketUser {
  id: number;
  name: string;
}

/** pino-compatible (fastify's `app.log`). */
export interface RealtimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type Ack = (response: unknown) => void;

/**
 * What a module's connection handler gets for one authenticated socket: the socket (rooms), its user, and
 * the transport's way of listening to a client event — every alias at once, the payload and acknowledgement
 * split, a failure logged and acknowledged in the contract's error shape.
 */
export interface SocketContext<U extends SocketUser = SocketUser> {
  readonly socket: Socket;
  readonly user: U;
  on(names: readonly string[], handler: (payload: unknown, ack: Ack | undefined) => Promise<void>): void;
  /** Logs a payload that was refused (invalid, not allowed, over a limit): never silently. */
  drop(event: string, reason: string, extra?: object): void;
  /** Runs when the socket goes away (per-socket state to release). */
  onDisconnect(cleanup: () => void): void;
}

/** A module's socket events, registered with `realtime.onConnection(handler)`; runs once per connection. */
export type ConnectionHandler<U extends SocketUser = SocketUser> = (context: SocketContext<U>) => void;

export interface RealtimeServerOptions<U extends SocketUser = SocketUser> {
  /** 0 picks a free port; the chosen one is `port` once listening. */
  port: number;
  host: string;
  verifyToken: (token: string) => Promise<U | null>;
  /** PostgreSQL URL: events then travel through the Postgres adapter, reaching sockets on every process. */
  databaseUrl?: string;
  /** Browser origins allowed to connect besides pages on the socket's own host name (any port). */
  allowedOrigins?: readonly string[];
  /** Cookie carrying the session token when the handshake has none. */
  cookieName?: string;
  logger: RealtimeLogger;
  /**
   * Listen at once (default). The app passes false and calls `listen()` once every module has registered
   * its connection handler, so no early socket misses them.
   */
  listen?: boolean;
}

/** One broadcast to several rooms (a socket in two of them gets it once), optionally leaving some rooms out. */
export interface RoomEmitter {
  toRooms(rooms: string[], event: string, payload: unknown, except?: string[]): void;
}

export interface RealtimeServer<U extends SocketUser = SocketUser> extends RoomEmitter {
  io: Server;
  /** The bound port (0 until listening). */
  port: number;
  toUser(userId: number, event: string, payload: unknown): void;
  /** Adds a module's socket events to every connection from now on. */
  onConnection(handler: ConnectionHandler<U>): void;
  listen(): Promise<number>;
  /** Sockets connected to this process. */
  connectedCount(): number;
  /** Disconnects every socket opened with this token, on every process (call it on logout). */
  disconnectSession(token: string): void;
  /** The same for a session known by its token's hash (one revoked from the sessions list). */
  disconnectSessionHash(tokenHash: string): void;
  /** Disconnects every socket of a user but those of `exceptToken`'s session, on every process. */
  disconnectUser(userId: number, exceptToken?: string | null): void;
  /**
   * Disconnects this process's sockets whose session `isLive` no longer finds (expired, or revoked where no
   * disconnect could reach them, e.g. by the command line); answers how many.
   */
  disconnectDeadSessions(isLive: (tokenHashes: string[]) => Promise<Set<string>>): Promise<number>;
  close(): Promise<void>;
}

interface SocketData<U extends SocketUser> {
  user: U;
  /** The session's room, `session:` and the token's hash. */
  session: string;
}

const SESSION_ROOM_PREFIX = 'session:';
/** A room per session token (by hash, never the token itself), so a logout can reach its sockets anywhere. */
const sessionRoom = (token: string) => `${SESSION_ROOM_PREFIX}${hashToken(token)}`;

/** Error text the client's auth-retry recognises (spec §4: a connect error mentioning auth). */
const AUTH_ERROR = 'auth: token inválido ou sessão expirada';
const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** Unknown event names logged per socket, at most (each once). */
const UNKNOWN_LOGGED_MAX = 20;

function splitArgs(args: unknown[]): { payload: unknown; ack: Ack | undefined } {
  const last = args.at(-1);
  if (typeof last === 'function') {
    return { payload: args.length > 1 ? args[0] : undefined, ack: last as Ack };
  }
  return { payload: args[0], ack: undefined };
}

/** Serialises the first start of several processes: a concurrent CREATE TABLE IF NOT EXISTS can still fail. */
const ATTACHMENTS_LOCK_KEY = 7_351_904;

async function createAttachmentsTable(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [ATTACHMENTS_LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${ATTACHMENTS_TABLE} (
         id bigserial UNIQUE, created_at timestamptz DEFAULT now(), payload bytea)`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The socket.io transport: its own port, websocket only, the origin check, the handshake's token (checked on
 * connect and on connection-state recovery), rooms `user:{id}` and one per session, the Postgres adapter on
 * PostgreSQL, and `ping`. Everything else a client sends belongs to a module, which registers its events
 * with `onConnection`; a name nobody registered is logged once per socket.
 */
export async function createRealtimeServer<U extends SocketUser>(
  options: RealtimeServerOptions<U>,
): Promise<RealtimeServer<U>> {
  const { logger, verifyToken } = options;
  const cookieName = options.cookieName ?? SESSION_COOKIE;
  const httpServer = createHttpServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'not_found', message: 'Rota não encontrada' }));
  });

  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData<U>>(httpServer, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    serveClient: false,
    // A chat message is at most 5,000 characters; nothing legitimate comes near this.
    maxHttpBufferSize: 100_000,
    // CORS headers echo the origin; `allowRequest` below decides which origins get in at all.
    cors: { origin: true, credentials: true },
    allowRequest: (req: IncomingMessage, callback) => {
      const ok = isOriginAllowed(req.headers.origin, req.headers.host, options.allowedOrigins);
      if (!ok) logger.warn({ origin: req.headers.origin }, 'realtime: origin refused');
      callback(ok ? null : 'origin not allowed', ok);
    },
    // Middlewares also run on recovery, so a recovered session presents a token that is still valid.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  let pool: pg.Pool | undefined;
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
    pool.on('error', (err) => logger.error({ err }, 'realtime: adapter pool error'));
    try {
      await createAttachmentsTable(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      io.close();
      throw error;
    }
    io.adapter(
      createAdapter(pool, {
        tableName: ATTACHMENTS_TABLE,
        errorHandler: (err: Error) => logger.error({ err }, 'realtime: adapter error'),
      }),
    );
  }

  io.use((socket, next) => {
    const token = handshakeToken(socket.handshake, cookieName);
    if (!token) {
      next(new Error('auth: token ausente'));
      return;
    }
    verifyToken(token).then(
      (user) => {
        if (!user) {
          if (socket.recovered) logger.info({ sid: socket.id }, 'realtime: recovered session refused');
          next(new Error(AUTH_ERROR));
          return;
        }
        socket.data.user = user;
        socket.data.session = sessionRoom(token);
        next();
      },
      (err: unknown) => {
        logger.error({ err }, 'realtime: token check failed');
        next(new Error('auth: não foi possível verificar a sessão'));
      },
    );
  });

  const handlers: ConnectionHandler<U>[] = [];

  io.on('connection', (socket) => {
    const user = socket.data.user;
    void socket.join([userRoom(user.id), socket.data.session]);
    const listened = new Set<string>();
    const cleanups: (() => void)[] = [];

    const context: SocketContext<U> = {
      socket: socket as unknown as Socket,
      user,
      drop(event, reason, extra = {}) {
        logger.warn(
          { event, userId: user.id, sid: socket.id, reason, ...extra },
          'realtime: payload dropped',
        );
      },
      on(names, handler) {
        for (const name of names) {
          listened.add(name);
          socket.on(name, (...args: unknown[]) => {
            const { payload, ack } = splitArgs(args);
            // PostgreSQL text cannot hold NUL: such a payload is dropped here for every module.
            const nul = nulRefusal(payload);
            if (nul) {
              context.drop(name, 'NUL character', { field: Object.keys(nul.details ?? {})[0] });
              ack?.({ ok: false, error: nul });
              return;
            }
            handler(payload, ack).catch((err: unknown) => {
              logger.error({ err, event: name, userId: user.id }, 'realtime: handler failed');
              ack?.({ ok: false, error: toErrorBody(err) });
            });
          });
        }
      },
      onDisconnect(cleanup) {
        cleanups.push(cleanup);
      },
    };

    context.on(CLIENT_EVENTS.ping, async (_payload, ack) => {
      ack?.({ ok: true, ts: Date.now() });
    });
    for (const handler of handlers) handler(context);

    // Events nobody listens to are dropped by socket.io; log each unknown name once per socket.
    const unknownLogged = new Set<string>();
    socket.onAny((event: unknown) => {
      const name = String(event).slice(0, 60);
      if (listened.has(name) || unknownLogged.has(name) || unknownLogged.size >= UNKNOWN_LOGGED_MAX) return;
      unknownLogged.add(name);
      context.drop(name, 'unknown event');
    });

    socket.on('disconnect', () => {
      for (const cleanup of cleanups) cleanup();
    });
  });

  let port = 0;
  const listen = async () => {
    if (httpServer.listening) return port;
    try {
      await new Promise<void>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(options.port, options.host, () => {
          httpServer.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      // e.g. EADDRINUSE: release the adapter's connections so the process can exit with the error.
      io.close();
      await pool?.end().catch(() => undefined);
      throw error;
    }
    port = (httpServer.address() as AddressInfo).port;
    return port;
  };
  if (options.listen !== false) await listen();

  return {
    io: io as unknown as Server,
    get port() {
      return port;
    },
    toRooms(rooms, event, payload, except) {
      // One broadcast over several rooms reaches each socket once, even a socket that is in two of them.
      const target = io.to(rooms);
      (except && except.length > 0 ? target.except(except) : target).emit(event, payload);
    },
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    onConnection(handler) {
      handlers.push(handler);
    },
    listen,
    connectedCount: () => io.of('/').sockets.size,
    disconnectSession(token) {
      io.in(sessionRoom(token)).disconnectSockets(true);
    },
    disconnectSessionHash(tokenHash) {
      io.in(`${SESSION_ROOM_PREFIX}${tokenHash}`).disconnectSockets(true);
    },
    disconnectUser(userId, exceptToken) {
      io.in(userRoom(userId))
        .except(exceptToken ? [sessionRoom(exceptToken)] : [])
        .disconnectSockets(true);
    },
    async disconnectDeadSessions(isLive) {
      const sockets = [...io.of('/').sockets.values()];
      const hashes = [
        ...new Set(sockets.map((socket) => socket.data.session.slice(SESSION_ROOM_PREFIX.length))),
      ];
      if (hashes.length === 0) return 0;
      const live = await isLive(hashes);
      let closed = 0;
      for (const socket of sockets) {
        if (live.has(socket.data.session.slice(SESSION_ROOM_PREFIX.length))) continue;
        socket.disconnect(true);
        closed += 1;
      }
      return closed;
    },
    async close() {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      await pool?.end();
    },
  };
}
