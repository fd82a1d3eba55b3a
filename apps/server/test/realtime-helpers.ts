import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { REALTIME_PATH } from '@farol/data/contract';

export type { ClientSocket };

export interface ConnectOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** A websocket-only client like the portal's; no automatic reconnection unless a test asks for it. */
export const openClient = (url: string, { token, headers }: ConnectOptions = {}, reconnection = false) =>
  connectSocket(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    extraHeaders: headers,
    reconnection,
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
    forceNew: true,
  });

/** Resolves with the connected socket, rejects with the connect error (its message is what the client sees). */
export const connectClient = (url: string, options: ConnectOptions = {}, reconnection = false) =>
  new Promise<ClientSocket>((resolve, reject) => {
    const socket = openClient(url, options, reconnection);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

/** The next `event` on a socket, or a rejection after `ms`. */
export const nextEvent = <T = unknown>(socket: ClientSocket, event: string, ms = 3_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, listener);
  });

/** Every payload of `event` from now on (an array that fills up). */
export const collect = <T = unknown>(socket: ClientSocket, event: string): T[] => {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
};

export const ack = <T = unknown>(socket: ClientSocket, event: string, payload?: unknown): Promise<T> =>
  socket.timeout(3_000).emitWithAck(event, payload) as Promise<T>;

/**
 * Waits until `list` (a `collect`ed stream) holds `count` events — as long as a busy machine needs, where a fixed
 * pause failed at load 20. Then `settle()` gives stray duplicates their chance before an exact assertion.
 */
export const arrived = async (list: readonly unknown[], count = 1, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs;
  while (list.length < count) {
    if (Date.now() > until)
      throw new Error(`expected ${count} event(s) within ${timeoutMs} ms, got ${list.length}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Time for stray duplicates to arrive before asserting that something came exactly once. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
