import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server, type DefaultEventsMap } from 'socket.io';
import type { z } from 'zod';
import {
  CLIENT_EVENTS,
  REALTIME_PATH,
  SESSION_COOKIE,
  SERVER_EVENTS,
  conversationRefSchema,
  socketSendMessageSchema,
  typingEmitSchema,
  type ApiErrorBody,
  type SocketAck,
  type TypingEvent,
} from '@farol/data/contract';
import { hashToken } from '../auth/tokens';
import type { Database } from '../db/database';
import { issuesToDetails } from '@farol/data/contract';
import {
  conversationRoom,
  errorBody,
  isParticipant,
  sendMessage,
  userRoom,
  type MessageEmitter,
  type SendResult,
} from '../modules/conversations/conversation-service';
import { handshakeToken, isOriginAllowed } from './handshake';

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

export interface RealtimeServerOptions<U extends SocketUser = SocketUser> {
  /** 0 picks a free port; the chosen one is returned as `port`. */
  port: number;
  host: string;
  verifyToken: (token: string) => Promise<U | null>;
  /** Conversations need it (membership, storing messages); without it only user rooms and broadcasts work. */
  db?: Database;
  /** PostgreSQL URL: events then travel through the Postgres adapter, reaching sockets on every process. */
  databaseUrl?: string;
  /** Browser origins allowed to connect besides pages on the socket's own host name (any port). */
  allowedOrigins?: readonly string[];
  /** Messages a socket may send per window (default 30 per 10 s). */
  sendLimit?: { max: number; windowMs: number };
  /** Cookie carrying the session token when the handshake has none. */
  cookieName?: string;
  logger: RealtimeLogger;
}

export interface RealtimeServer extends MessageEmitter {
  io: Server;
  port: number;
  toUser(userId: number, event: string, payload: unknown): void;
  toConversation(conversationId: number, event: string, payload: unknown): void;
  /** Sockets connected to this process. */
  connectedCount(): number;
  /** Disconnects every socket opened with this token, on every process (call it on logout). */
  disconnectSession(token: string): void;
  close(): Promise<void>;
}

interface SocketData<U extends SocketUser> {
  user: U;
  session: string;
}

/** A room per session token (by hash, never the token itself), so a logout can reach its sockets anywhere. */
const sessionRoom = (token: string) => `session:${hashToken(token)}`;

type Ack = (response: unknown) => void;

const KNOWN_CLIENT_EVENTS = new Set<string>(Object.values(CLIENT_EVENTS).flat());

/** Error text the client's auth-retry recognises (spec §4: a connect error mentioning auth). */
const AUTH_ERROR = 'auth: token inválido ou sessão expirada';
/** The client emits each event under two names in the same tick; a repeat within this window is the twin. */
const TWIN_WINDOW_MS = 1_000;
const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** Distinct messages one socket may send per window: far above a person typing, far below a flood. */
const DEFAULT_SEND_LIMIT = { max: 30, windowMs: 10_000 };
const rateLimited: ApiErrorBody = {
  error: 'rate_limited',
  message: 'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
};

/** `take()` is true while fewer than `max` takes happened in the last `windowMs`. */
function slidingWindow({ max, windowMs }: { max: number; windowMs: number }) {
  const times: number[] = [];
  return {
    take() {
      const now = Date.now();
      while (times.length > 0 && times[0]! <= now - windowMs) times.shift();
      if (times.length >= max) return false;
      times.push(now);
      return true;
    },
  };
}

function splitArgs(args: unknown[]): { payload: unknown; ack: Ack | undefined } {
  const last = args.at(-1);
  if (typeof last === 'function') {
    return { payload: args.length > 1 ? args[0] : undefined, ack: last as Ack };
  }
  return { payload: args[0], ack: undefined };
}

const validationError = (error: z.ZodError): ApiErrorBody => ({
  error: 'validation_failed',
  message: 'Dados inválidos',
  details: issuesToDetails(error.issues),
});

/** Answer of conversation events on a server started without a database (the broadcast benchmark). */
const unavailable: ApiErrorBody = {
  error: 'internal_error',
  message: 'Conversas indisponíveis neste servidor.',
};

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

export async function createRealtimeServer<U extends SocketUser>(
  options: RealtimeServerOptions<U>,
): Promise<RealtimeServer> {
  const { db, logger, verifyToken } = options;
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

  const emitter: MessageEmitter = {
    toRooms(rooms, event, payload) {
      // One broadcast over several rooms reaches each socket once, even a socket that is in two of them.
      io.to(rooms).emit(event, payload);
    },
  };

  // Sends in flight per (sender, clientId): the twin emit waits for the same store instead of racing it.
  const inFlight = new Map<string, Promise<SendResult>>();

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

  io.on('connection', (socket) => {
    const user = socket.data.user;
    void socket.join([userRoom(user.id), socket.data.session]);
    const memberOf = new Map<number, Promise<boolean>>();
    const lastTyping = new Map<number, { typing: boolean; at: number }>();
    const sendBudget = slidingWindow(options.sendLimit ?? DEFAULT_SEND_LIMIT);

    const drop = (event: string, reason: string, extra: object = {}) => {
      logger.warn({ event, userId: user.id, sid: socket.id, reason, ...extra }, 'realtime: payload dropped');
    };

    // Membership is checked once per socket and conversation; the twin join shares the pending check.
    const checkMember = (conversationId: number): Promise<boolean> => {
      if (!db) return Promise.resolve(false);
      let pending = memberOf.get(conversationId);
      if (!pending) {
        pending = isParticipant(db, conversationId, user.id);
        memberOf.set(conversationId, pending);
        pending.catch(() => memberOf.delete(conversationId));
      }
      return pending;
    };

    const on = (
      names: readonly string[],
      handler: (payload: unknown, ack: Ack | undefined) => Promise<void>,
    ) => {
      for (const name of names) {
        socket.on(name, (...args: unknown[]) => {
          const { payload, ack } = splitArgs(args);
          handler(payload, ack).catch((err: unknown) => {
            logger.error({ err, event: name, userId: user.id }, 'realtime: handler failed');
            ack?.({ ok: false, error: errorBody(err) });
          });
        });
      }
    };

    on(CLIENT_EVENTS.join, async (payload, ack) => {
      const parsed = conversationRefSchema.safeParse(payload);
      if (!parsed.success) {
        drop('join', 'invalid payload');
        ack?.({ ok: false, error: validationError(parsed.error) });
        return;
      }
      const { conversationId } = parsed.data;
      if (!db) {
        ack?.({ ok: false, error: unavailable });
        return;
      }
      if (!(await checkMember(conversationId))) {
        drop('join', 'not a participant', { conversationId });
        ack?.({ ok: false, error: { error: 'not_found', message: 'Conversa não encontrada' } });
        return;
      }
      await socket.join(conversationRoom(conversationId));
      ack?.({ ok: true, conversationId });
    });

    on(CLIENT_EVENTS.leave, async (payload, ack) => {
      const parsed = conversationRefSchema.safeParse(payload);
      if (!parsed.success) {
        drop('leave', 'invalid payload');
        ack?.({ ok: false, error: validationError(parsed.error) });
        return;
      }
      await socket.leave(conversationRoom(parsed.data.conversationId));
      ack?.({ ok: true, conversationId: parsed.data.conversationId });
    });

    on(CLIENT_EVENTS.send, async (payload, ack) => {
      const parsed = socketSendMessageSchema.safeParse(payload);
      if (!parsed.success) {
        drop('send', 'invalid payload', { issues: parsed.error.issues.length });
        ack?.({ ok: false, error: validationError(parsed.error) } satisfies SocketAck);
        return;
      }
      if (!db) {
        ack?.({ ok: false, error: unavailable } satisfies SocketAck);
        return;
      }
      const { conversationId, text, clientId } = parsed.data;
      const key = `${user.id}:${clientId}`;
      let pending = inFlight.get(key);
      if (!pending) {
        // Twins share the pending send above, so only distinct messages count towards the limit.
        if (!sendBudget.take()) {
          drop('send', 'rate limited', { conversationId });
          ack?.({ ok: false, error: rateLimited } satisfies SocketAck);
          return;
        }
        pending = sendMessage({ db, emitter }, user, { conversationId, text, clientId });
        inFlight.set(key, pending);
        const forget = () => setTimeout(() => inFlight.delete(key), TWIN_WINDOW_MS).unref();
        pending.then(forget, forget);
      }
      try {
        const { message } = await pending;
        ack?.({ ok: true, message } satisfies SocketAck);
      } catch (err) {
        const error = errorBody(err);
        drop('send', 'refused', { conversationId, error: error.error });
        ack?.({ ok: false, error } satisfies SocketAck);
      }
    });

    on(CLIENT_EVENTS.typing, async (payload, ack) => {
      const parsed = typingEmitSchema.safeParse(payload);
      if (!parsed.success) {
        drop('typing', 'invalid payload');
        ack?.({ ok: false, error: validationError(parsed.error) });
        return;
      }
      const { conversationId, typing } = parsed.data;
      const now = Date.now();
      const previous = lastTyping.get(conversationId);
      if (previous && previous.typing === typing && now - previous.at < TWIN_WINDOW_MS / 4) {
        ack?.({ ok: true });
        return;
      }
      lastTyping.set(conversationId, { typing, at: now });
      const room = conversationRoom(conversationId);
      if (!socket.rooms.has(room) && !(await checkMember(conversationId))) {
        drop('typing', 'not a participant', { conversationId });
        ack?.({ ok: false, error: { error: 'not_found', message: 'Conversa não encontrada' } });
        return;
      }
      const event: TypingEvent = { conversationId, typing, userId: user.id, name: user.name };
      // Everyone in the conversation but the typist, in all of their tabs.
      io.to(room).except(userRoom(user.id)).emit(SERVER_EVENTS.typing[0], event);
      ack?.({ ok: true });
    });

    on(CLIENT_EVENTS.ping, async (_payload, ack) => {
      ack?.({ ok: true, ts: Date.now() });
    });

    // Events nobody listens to are dropped by socket.io; log each unknown name once per socket.
    const unknownLogged = new Set<string>();
    socket.onAny((event: unknown) => {
      const name = String(event).slice(0, 60);
      if (KNOWN_CLIENT_EVENTS.has(name) || unknownLogged.has(name) || unknownLogged.size >= 20) return;
      unknownLogged.add(name);
      drop(name, 'unknown event');
    });

    socket.on('disconnect', () => {
      memberOf.clear();
      lastTyping.clear();
    });
  });

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
  const port = (httpServer.address() as AddressInfo).port;

  return {
    io: io as unknown as Server,
    port,
    toRooms: emitter.toRooms,
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toConversation(conversationId, event, payload) {
      io.to(conversationRoom(conversationId)).emit(event, payload);
    },
    connectedCount: () => io.of('/').sockets.size,
    disconnectSession(token) {
      io.in(sessionRoom(token)).disconnectSockets(true);
    },
    async close() {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      await pool?.end();
    },
  };
}
