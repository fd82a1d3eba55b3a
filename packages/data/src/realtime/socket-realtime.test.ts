import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, MessagePage } from '../contract/conversation';
import type { Notification } from '../contract/notification';
import { SERVER_EVENTS, type SocketAck } from '../contract/realtime';
import { conversationKeys } from '../messages/keys';
import { notificationKeys } from '../notifications/keys';
import { ticketKeys } from '../tickets/keys';
import { routeRealtimeEvents } from './route-events';
import { createSocketRealtime, defaultRealtimeUrl, realtimeSocketOptions } from './socket-realtime';
import type { RealtimeClient, RealtimeStatus } from './types';

interface TestServer {
  io: Server;
  http: HttpServer;
  port: number;
  /** Token of every handshake the middleware saw, accepted or not. */
  tokens: unknown[];
  /** Every event a client emitted, in arrival order. */
  received: Array<{ event: string; payload: unknown }>;
  sockets: ServerSocket[];
}

const servers: TestServer[] = [];
const clients: RealtimeClient[] = [];

function listen(http: HttpServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve((http.address() as AddressInfo).port));
  });
}

async function startServer({
  accept = (token: unknown) => typeof token === 'string' && token.startsWith('ok-'),
  refusal = 'invalid token',
  port = 0,
  onSend,
}: {
  accept?: (token: unknown) => boolean;
  refusal?: string;
  port?: number;
  onSend?: (payload: unknown) => SocketAck | null;
} = {}): Promise<TestServer> {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
  const server: TestServer = { io, http, port: 0, tokens: [], received: [], sockets: [] };
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth.token;
    server.tokens.push(token);
    next(accept(token) ? undefined : new Error(refusal));
  });
  io.on('connection', (socket) => {
    server.sockets.push(socket);
    socket.onAny((event: string, payload: unknown, ack?: (answer: unknown) => void) => {
      server.received.push({ event, payload });
      if ((event === 'message:send' || event === 'msg:send') && typeof ack === 'function' && onSend) {
        const answer = onSend(payload);
        if (answer) ack(answer);
      }
    });
  });
  server.port = await listen(http, port);
  servers.push(server);
  return server;
}

function stopServer(server: TestServer): Promise<void> {
  return new Promise((resolve) => {
    void server.io.close(() => resolve());
  });
}

function client(
  server: TestServer,
  getToken: () => string | null,
  extra: Partial<Parameters<typeof createSocketRealtime>[0]> = {},
) {
  const logger = { warn: vi.fn() };
  const realtime = createSocketRealtime({
    url: `http://127.0.0.1:${server.port}`,
    getToken,
    authRetryMs: 40,
    pingIntervalMs: 60_000,
    ackTimeoutMs: 500,
    logger,
    ...extra,
  });
  clients.push(realtime);
  return { realtime, logger };
}

const untilStatus = (realtime: RealtimeClient, status: RealtimeStatus, timeout = 3_000) =>
  vi.waitFor(() => expect(realtime.status).toBe(status), { timeout, interval: 10 });

const chatMessage = (id: number, conversationId = 5): ChatMessage => ({
  id,
  conversation_id: conversationId,
  sender_id: 10,
  sender_name: 'Diego Ferreira',
  text: `Mensagem ${id}`,
  created_at: '2026-11-21T11:00:00.000Z',
  client_id: null,
});

afterEach(async () => {
  for (const realtime of clients.splice(0)) realtime.disconnect();
  await Promise.all(servers.splice(0).map(stopServer));
});

describe('socket options (spec §7, §9)', () => {
  it('uses exactly the spec settings and reads the token on every attempt', () => {
    let token = 'first';
    const options = realtimeSocketOptions(() => token);
    expect(options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 800,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    });
    const auth = options.auth as (send: (data: object) => void) => void;
    const sent: object[] = [];
    auth((data) => sent.push(data));
    token = 'second';
    auth((data) => sent.push(data));
    expect(sent).toEqual([{ token: 'first' }, { token: 'second' }]);
  });

  it('defaults to port 3001 on the page host', () => {
    vi.stubGlobal('location', { protocol: 'https:', hostname: 'farol.example.com', port: '3000' });
    try {
      expect(defaultRealtimeUrl()).toBe('https://farol.example.com:3001');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('createSocketRealtime against a real socket.io server', () => {
  it('authenticates with the token and reports its status', async () => {
    const server = await startServer();
    const { realtime } = client(server, () => 'ok-ana');
    const statuses: RealtimeStatus[] = [];
    realtime.onStatus((status) => statuses.push(status));
    realtime.connect();
    await untilStatus(realtime, 'connected');
    expect(server.tokens).toEqual(['ok-ana']);
    realtime.disconnect();
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected']);
    realtime.connect();
    await untilStatus(realtime, 'connected');
    expect(server.tokens).toEqual(['ok-ana', 'ok-ana']);
  });

  it('retries an auth refusal after the retry delay with a fresh token', async () => {
    const server = await startServer();
    const tokens = ['stale', 'ok-fresh'];
    const { realtime, logger } = client(server, () => tokens.shift() ?? 'ok-later');
    realtime.connect();
    await untilStatus(realtime, 'connected');
    expect(server.tokens).toEqual(['stale', 'ok-fresh']);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('invalid token'));
  });

  it('does not retry a refusal that is not about credentials', async () => {
    const server = await startServer({ accept: () => false, refusal: 'origem não permitida' });
    const { realtime, logger } = client(server, () => 'ok-ana');
    realtime.connect();
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalled());
    await untilStatus(realtime, 'disconnected');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.tokens).toEqual(['ok-ana']);
  });

  it('reconnects after the server restarts and joins its conversations again', async () => {
    const first = await startServer();
    let issued = 0;
    const { realtime } = client(first, () => `ok-${(issued += 1)}`);
    realtime.connect();
    await untilStatus(realtime, 'connected');
    realtime.joinConversation(7);
    await vi.waitFor(() => expect(first.received.map((item) => item.event)).toContain('conversation:join'));

    await stopServer(first);
    await untilStatus(realtime, 'connecting');
    const second = await startServer({ port: first.port });
    await untilStatus(realtime, 'connected', 8_000);
    await vi.waitFor(() =>
      expect(second.received).toEqual(
        expect.arrayContaining([
          { event: 'conv:join', payload: { conversationId: 7 } },
          { event: 'conversation:join', payload: { conversationId: 7 } },
        ]),
      ),
    );
    // Every attempt asked for the token anew.
    expect(first.tokens).toEqual(['ok-1']);
    expect(second.tokens[0]).not.toBe('ok-1');
  }, 15_000);

  it('emits every client event under both names, and pings', async () => {
    const server = await startServer();
    const { realtime } = client(server, () => 'ok-ana', { pingIntervalMs: 30 });
    realtime.connect();
    await untilStatus(realtime, 'connected');
    realtime.joinConversation(5);
    realtime.setTyping(5, true);
    realtime.leaveConversation(5);
    await vi.waitFor(() =>
      expect(server.received.filter((item) => item.event === 'ping').length).toBeGreaterThan(1),
    );
    const events = server.received.filter((item) => item.event !== 'ping');
    expect(events).toEqual([
      { event: 'conv:join', payload: { conversationId: 5 } },
      { event: 'conversation:join', payload: { conversationId: 5 } },
      { event: 'conv:typing', payload: { conversationId: 5, typing: true } },
      { event: 'typing', payload: { conversationId: 5, typing: true } },
      { event: 'conv:leave', payload: { conversationId: 5 } },
      { event: 'conversation:leave', payload: { conversationId: 5 } },
    ]);
  });

  it('sends a message under both names and resolves with the acknowledged message', async () => {
    const stored = { ...chatMessage(99), client_id: 'abc-1' };
    const server = await startServer({ onSend: () => ({ ok: true, message: stored }) });
    const { realtime } = client(server, () => 'ok-ana');
    realtime.connect();
    await untilStatus(realtime, 'connected');
    await expect(
      realtime.sendMessage({ conversationId: 5, text: ' Olá ', clientId: 'abc-1' }),
    ).resolves.toEqual(stored);
    expect(server.received.map((item) => item.event)).toEqual(['message:send', 'msg:send']);
    expect(server.received[0]?.payload).toEqual({ conversationId: 5, text: 'Olá', clientId: 'abc-1' });
  });

  it('rejects a refused send, a blank one and one never acknowledged', async () => {
    const refusing = await startServer({
      onSend: () => ({ ok: false, error: { error: 'forbidden', message: 'Sem permissão' } }),
    });
    const { realtime } = client(refusing, () => 'ok-ana');
    realtime.connect();
    await untilStatus(realtime, 'connected');
    await expect(realtime.sendMessage({ conversationId: 5, text: 'Olá' })).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Sem permissão',
    });
    await expect(realtime.sendMessage({ conversationId: 5, text: '   ' })).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'A mensagem não pode ficar em branco',
    });

    const silent = await startServer();
    const { realtime: waiting } = client(silent, () => 'ok-ana', { ackTimeoutMs: 80 });
    waiting.connect();
    await untilStatus(waiting, 'connected');
    await expect(waiting.sendMessage({ conversationId: 5, text: 'Alô?' })).rejects.toMatchObject({
      code: 'timeout',
      message: 'timeout',
    });
  });

  it('receives every alias of spec §7, normalised, and drops invalid payloads with a log', async () => {
    const server = await startServer();
    const { realtime, logger } = client(server, () => 'ok-ana');
    const seen: Array<[string, unknown]> = [];
    realtime.on('message:new', (payload) => seen.push(['message:new', payload]));
    realtime.on('conversation:updated', (payload) => seen.push(['conversation:updated', payload]));
    realtime.on('typing', (payload) => seen.push(['typing', payload]));
    realtime.connect();
    await untilStatus(realtime, 'connected');
    const socket = server.sockets[0]!;

    SERVER_EVENTS.messageNew.forEach((name, index) =>
      socket.emit(name, { conversationId: 5, message: chatMessage(index + 1) }),
    );
    socket.emit('msg:new', { conversationId: 5, message: chatMessage(1) }); // the same message again
    socket.emit('message:new', { conversation_id: '6', text: 'só texto' });
    socket.emit('message:new', { text: 'sem conversa' });
    socket.emit('conversation:update', { conversationId: 5 });
    socket.emit('conv:typing', { conversationId: 5, typing: true, userId: 10, name: 'Diego' });
    socket.emit('typing', { conversationId: 'x' });

    await vi.waitFor(() => expect(seen).toHaveLength(7));
    expect(seen.filter(([event]) => event === 'message:new').map(([, payload]) => payload)).toEqual([
      { conversationId: 5, message: chatMessage(1), text: 'Mensagem 1' },
      { conversationId: 5, message: chatMessage(2), text: 'Mensagem 2' },
      { conversationId: 5, message: chatMessage(3), text: 'Mensagem 3' },
      { conversationId: 5, message: chatMessage(4), text: 'Mensagem 4' },
      { conversationId: 6, message: null, text: 'só texto' },
    ]);
    expect(seen).toContainEqual(['conversation:updated', { conversationId: 5 }]);
    expect(seen).toContainEqual(['typing', { conversationId: 5, typing: true, userId: 10, name: 'Diego' }]);
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledTimes(2));
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("'message:new' dropped"));
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("'typing' dropped"));
  });

  it('routes live events into the query cache', async () => {
    const server = await startServer();
    const { realtime } = client(server, () => 'ok-ana');
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationKeys.list(25), []);
    queryClient.setQueryData(notificationKeys.unreadCount(), 0);
    const page: MessagePage = {
      conversation: {
        id: 5,
        title: null,
        participants: [],
        last_message: null,
        unread_count: 0,
        updated_at: '2026-11-21T10:00:00.000Z',
      },
      items: [chatMessage(1)],
      has_more: false,
    };
    queryClient.setQueryData(conversationKeys.detail(5), page);
    queryClient.setQueryData(ticketKeys.list(), { items: [] });
    const stop = routeRealtimeEvents(realtime, queryClient);
    realtime.connect();
    await untilStatus(realtime, 'connected');
    const socket = server.sockets[0]!;

    socket.emit('notification', {
      __kind: 'notification',
      notification: { id: 1, type: 'ticket', message: 'Chamado #1042 atribuído a você' },
    });
    socket.emit('notification', { id: 2, message: 'sem etiqueta' });
    socket.emit('message:created', { conversationId: 5, message: chatMessage(2) });
    socket.emit('message:delete', { conversationId: 5, messageId: 1 });
    socket.emit('ticket:updated', { id: 1042, status: 'fechado' });

    await vi.waitFor(() => expect(queryClient.getQueryState(ticketKeys.list())?.isInvalidated).toBe(true));
    expect(
      queryClient.getQueryData<Notification[]>(notificationKeys.list(25))?.map((item) => item.id),
    ).toEqual([1]);
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toBe(1);
    expect(
      queryClient.getQueryData<MessagePage>(conversationKeys.detail(5))?.items.map((item) => item.id),
    ).toEqual([2]);
    stop();
  });
});
