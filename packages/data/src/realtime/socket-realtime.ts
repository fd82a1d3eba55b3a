import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ChatMessage } from '../contract/conversation';
import {
  CLIENT_EVENTS,
  REALTIME_AUTH_RETRY_MS,
  REALTIME_CONNECT_TIMEOUT_MS,
  REALTIME_DEFAULT_PORT,
  REALTIME_PATH,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_RECONNECT_DELAY_MAX_MS,
  REALTIME_RECONNECT_DELAY_MS,
} from '../contract/constants';
import { TASK_CLIENT_EVENTS } from '../contract/task-constants';
import { USER_CLIENT_EVENTS, type PresenceState } from '../contract/user-directory-constants';
import { newClientId } from './client-id';
import { createEventHub } from './event-hub';
import { SERVER_EVENT_ALIASES, normalizeServerEvent } from './normalize-event';
import { RealtimeError, type RealtimeClient, type RealtimeStatus, type SendMessageInput } from './types';
import { checkSendMessage, parseSocketAck } from './validate';

export interface SocketRealtimeOptions {
  /** Defaults to port 3001 of the page's host (spec §7). */
  url?: string;
  /** Read on every (re)connect, so a refreshed token is always the one sent. */
  getToken: () => string | null | undefined;
  /** Injectable for tests; the spec's 25 s otherwise. */
  pingIntervalMs?: number;
  /** Injectable for tests; the spec's 2 s otherwise. */
  authRetryMs?: number;
  /** How long a send waits for its acknowledgement; the spec's 20 s otherwise. */
  ackTimeoutMs?: number;
  logger?: Pick<Console, 'warn'>;
}

/** Spec §7: socket.io on port 3001 of the page's host, whatever the page's own port. */
export function defaultRealtimeUrl(): string {
  if (typeof location === 'undefined' || !location.hostname)
    return `http://localhost:${REALTIME_DEFAULT_PORT}`;
  return `${location.protocol}//${location.hostname}:${REALTIME_DEFAULT_PORT}`;
}

/** Spec §7 and §9 exactly: path, websocket only, token auth per attempt, 800–5000 ms unlimited, 20 s. */
export function realtimeSocketOptions(
  getToken: () => string | null | undefined,
): Partial<ManagerOptions & SocketOptions> {
  return {
    path: REALTIME_PATH,
    transports: ['websocket'],
    // A function, so every connect and reconnect reads the token held at that moment.
    auth: (send) => send({ token: getToken() ?? null }),
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: REALTIME_RECONNECT_DELAY_MS,
    reconnectionDelayMax: REALTIME_RECONNECT_DELAY_MAX_MS,
    timeout: REALTIME_CONNECT_TIMEOUT_MS,
    autoConnect: false,
  };
}

/** Spec §4: a connect error mentioning auth, token or user is retried after 2 s with a fresh token. */
export const AUTH_ERROR_PATTERN = /auth|token|user/i;

const RECENT_MESSAGE_IDS = 200;

export function createSocketRealtime(options: SocketRealtimeOptions): RealtimeClient {
  const {
    getToken,
    pingIntervalMs = REALTIME_PING_INTERVAL_MS,
    authRetryMs = REALTIME_AUTH_RETRY_MS,
    ackTimeoutMs = REALTIME_CONNECT_TIMEOUT_MS,
    logger = console,
  } = options;
  const hub = createEventHub();
  const joined = new Set<number>();
  const boards = new Set<number>();
  // A new connection counts as in use: only idleness is told again after a reconnect.
  let presence: PresenceState = 'active';
  // A server may send one message under several aliases; the app must see it once.
  const recentMessageIds: number[] = [];
  let socket: Socket | null = null;
  let wanted = false;
  let status: RealtimeStatus = 'disconnected';
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    hub.emitStatus(next);
  };
  const emitBoth = (names: readonly string[], payload: unknown) => {
    for (const name of names) socket?.emit(name, payload);
  };
  const stopPing = () => {
    clearInterval(pingTimer);
    pingTimer = undefined;
  };
  const clearRetry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };
  const scheduleRetry = (current: Socket) => {
    clearRetry();
    setStatus('connecting');
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (wanted && !current.connected && !current.active) current.connect();
    }, authRetryMs);
  };

  const isRepeat = (id: number) => {
    if (recentMessageIds.includes(id)) return true;
    recentMessageIds.push(id);
    if (recentMessageIds.length > RECENT_MESSAGE_IDS) recentMessageIds.shift();
    return false;
  };

  const receive = (name: string, payload: unknown) => {
    const result = normalizeServerEvent(name, payload);
    if (!result.ok) {
      logger.warn(`[farol] realtime '${name}' dropped: ${result.reason}`);
      return;
    }
    const { value } = result;
    if (value.event === 'message:new' && value.payload.message && isRepeat(value.payload.message.id)) return;
    hub.emit(value.event, value.payload as never);
  };

  const createSocket = (): Socket => {
    const created = io(options.url ?? defaultRealtimeUrl(), realtimeSocketOptions(getToken));
    created.on('connect', () => {
      clearRetry();
      setStatus('connected');
      stopPing();
      pingTimer = setInterval(() => {
        if (created.connected) emitBoth(CLIENT_EVENTS.ping, { at: Date.now() });
      }, pingIntervalMs);
      // Rooms do not survive a reconnect: join again what the app has open.
      for (const conversationId of joined) emitBoth(CLIENT_EVENTS.join, { conversationId });
      for (const boardId of boards) created.emit(TASK_CLIENT_EVENTS.boardJoin, { boardId });
      if (presence === 'idle') created.emit(USER_CLIENT_EVENTS.presenceSet, { state: presence });
    });
    created.on('disconnect', (reason) => {
      stopPing();
      logger.warn(`[farol] realtime disconnected: ${reason}`);
      if (!wanted) return setStatus('disconnected');
      // socket.io does not come back by itself after a server-side kick; try again like an auth refusal.
      if (!created.active) scheduleRetry(created);
      else setStatus('connecting');
    });
    created.on('connect_error', (error) => {
      logger.warn(`[farol] realtime connect error: ${error.message}`);
      if (!wanted) return;
      // While `active`, the manager retries on its own (800–5000 ms); a refusal by the server is final
      // unless it is about the credentials, which a fresh token may fix.
      if (created.active) setStatus('connecting');
      else if (AUTH_ERROR_PATTERN.test(error.message)) scheduleRetry(created);
      else setStatus('disconnected');
    });
    created.io.on('error', (error) => logger.warn(`[farol] realtime transport error: ${error.message}`));
    for (const name of SERVER_EVENT_ALIASES.keys())
      created.on(name, (payload: unknown) => receive(name, payload));
    return created;
  };

  return {
    get status() {
      return status;
    },
    onStatus: hub.onStatus,
    on: hub.on,
    connect() {
      wanted = true;
      socket ??= createSocket();
      if (socket.connected || socket.active) return;
      setStatus('connecting');
      socket.connect();
    },
    disconnect() {
      wanted = false;
      clearRetry();
      stopPing();
      socket?.disconnect();
      setStatus('disconnected');
    },
    joinConversation(conversationId) {
      if (!Number.isSafeInteger(conversationId) || conversationId <= 0) return;
      joined.add(conversationId);
      // Not buffered while offline: the connect handler joins everything in `joined`.
      if (socket?.connected) emitBoth(CLIENT_EVENTS.join, { conversationId });
    },
    leaveConversation(conversationId) {
      joined.delete(conversationId);
      if (socket?.connected) emitBoth(CLIENT_EVENTS.leave, { conversationId });
    },
    joinBoard(boardId) {
      if (!Number.isSafeInteger(boardId) || boardId <= 0) return;
      boards.add(boardId);
      if (socket?.connected) socket.emit(TASK_CLIENT_EVENTS.boardJoin, { boardId });
    },
    leaveBoard(boardId) {
      boards.delete(boardId);
      if (socket?.connected) socket.emit(TASK_CLIENT_EVENTS.boardLeave, { boardId });
    },
    setTyping(conversationId, typing) {
      if (socket?.connected) emitBoth(CLIENT_EVENTS.typing, { conversationId, typing });
    },
    setPresence(state) {
      if (state === presence) return;
      presence = state;
      if (socket?.connected) socket.emit(USER_CLIENT_EVENTS.presenceSet, { state });
    },
    sendMessage(input: SendMessageInput): Promise<ChatMessage> {
      const parsed = checkSendMessage({ ...input, clientId: input.clientId ?? newClientId() });
      if (!parsed.ok) {
        return Promise.reject(
          new RealtimeError('validation_failed', parsed.message, { [parsed.field]: parsed.message }),
        );
      }
      const current = socket;
      if (!current || !wanted) {
        return Promise.reject(new RealtimeError('disconnected', 'Sem conexão em tempo real'));
      }
      return new Promise<ChatMessage>((resolve, reject) => {
        let unanswered: number = CLIENT_EVENTS.send.length;
        let settled = false;
        // The server treats the twin emits as one send (same clientId); the first answer decides.
        for (const name of CLIENT_EVENTS.send) {
          current.timeout(ackTimeoutMs).emit(name, parsed.value, (timeout: Error | null, ack: unknown) => {
            if (settled) return;
            const answer = timeout ? null : parseSocketAck(ack);
            if (!answer) {
              if (!timeout) logger.warn(`[farol] realtime '${name}' acknowledgement dropped: invalid`);
              unanswered -= 1;
              if (unanswered === 0) {
                settled = true;
                reject(
                  timeout
                    ? new RealtimeError('timeout', 'timeout')
                    : new RealtimeError('invalid_ack', 'Resposta inválida do servidor'),
                );
              }
              return;
            }
            settled = true;
            if (answer.ok) resolve(answer.message);
            else reject(new RealtimeError(answer.error.error, answer.error.message, answer.error.details));
          });
        }
      });
    },
  };
}
