import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chatMessageSchema,
  messageNewEventSchema,
  socketAckSchema,
  typingEventSchema,
  type MessageNewEvent,
  type TypingEvent,
} from '@farol/data/contract';
import type { Database } from '../src/db/database';
import { handshakeToken, isOriginAllowed, readCookie } from '../src/realtime/handshake';
import { conversationSocket } from '../src/modules/conversations';
import { createRealtimeServer, type RealtimeServer, type SocketUser } from '../src/realtime/realtime-server';
import { openSeededTestDatabase } from './harness';
import {
  ack,
  arrived,
  collect,
  connectClient,
  nextEvent,
  openClient,
  settle,
  type ClientSocket,
} from './realtime-helpers';

interface LogLine {
  level: string;
  obj: Record<string, unknown>;
  msg?: string;
}

let db: Database;
let server: RealtimeServer;
let url: string;
const logs: LogLine[] = [];
/** The fake session store: token → user. Deleting a token revokes it. */
const sessions = new Map<string, SocketUser>();
let verifyCalls = 0;
const sockets: ClientSocket[] = [];

const logger = {
  info: (obj: object, msg?: string) => logs.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  warn: (obj: object, msg?: string) => logs.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
  error: (obj: object, msg?: string) =>
    logs.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
};

const insertUser = async (firstName: string): Promise<SocketUser & { token: string }> => {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, role, password_hash)
     VALUES ($1, $2, 'Teste', 'tecnico', 'x') RETURNING id`,
    [`${randomUUID()}@realtime.test`, firstName],
  );
  const user = { id: rows[0]!.id, name: `${firstName} Teste` };
  const token = randomUUID();
  sessions.set(token, user);
  return { ...user, token };
};

const insertConversation = async (memberIds: number[]): Promise<number> => {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO conversations (title) VALUES (NULL) RETURNING id',
  );
  const id = rows[0]!.id;
  await db.query(
    'INSERT INTO conversation_participants (conversation_id, user_id) SELECT $1, unnest($2::int[])',
    [id, memberIds],
  );
  return id;
};

const client = async (token: string, reconnection = false) => {
  const socket = await connectClient(url, { token }, reconnection);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  // Migrated and seeded with the demo: PGlite from the run's archive, PostgreSQL the file's own copy.
  db = await openSeededTestDatabase();
  server = await createRealtimeServer({
    port: 0,
    host: '127.0.0.1',
    logger,
    verifyToken: async (token) => {
      verifyCalls += 1;
      return sessions.get(token) ?? null;
    },
  });
  // The conversations' socket events, as their module registers them in the app.
  server.onConnection(conversationSocket({ db, realtime: server }));
  url = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
  await db?.close();
});

beforeEach(() => {
  logs.length = 0;
});

describe('handshake', () => {
  it('refuses a missing or unknown token with an error that mentions auth', async () => {
    await expect(connectClient(url)).rejects.toThrow(/auth/);
    await expect(connectClient(url, { token: 'not-a-session' })).rejects.toThrow(/auth/);
    expect(server.connectedCount()).toBe(0);
  });

  it('accepts the session cookie when the handshake carries no token', async () => {
    const ana = await insertUser('Ana');
    const socket = await connectClient(url, { headers: { cookie: `other=1; farol_session=${ana.token}` } });
    sockets.push(socket);
    const received = nextEvent(socket, 'hello');
    server.toUser(ana.id, 'hello', { ok: 1 });
    await expect(received).resolves.toEqual({ ok: 1 });
  });

  it('refuses a page from another host and accepts one from the same host on another port', async () => {
    const ana = await insertUser('Ana');
    await expect(
      connectClient(url, { token: ana.token, headers: { origin: 'https://evil.example' } }),
    ).rejects.toThrow();
    const socket = await connectClient(url, {
      token: ana.token,
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    sockets.push(socket);
    expect(socket.connected).toBe(true);
  });

  it('accepts the header form of the token and disconnects a session on demand', async () => {
    const ana = await insertUser('Ana');
    const bearer = await connectClient(url, { token: `Bearer ${ana.token}` });
    const header = await connectClient(url, { headers: { authorization: `Bearer ${ana.token}` } });
    const other = await insertUser('Ana');
    const unrelated = await client(other.token);
    sockets.push(bearer, header);
    const gone = Promise.all([nextEvent(bearer, 'disconnect'), nextEvent(header, 'disconnect')]);
    server.disconnectSession(ana.token);
    await expect(gone).resolves.toEqual(['io server disconnect', 'io server disconnect']);
    await settle();
    expect(unrelated.connected).toBe(true);
  });

  it('answers ping through its acknowledgement', async () => {
    const ana = await insertUser('Ana');
    const socket = await client(ana.token);
    const answer = await ack<{ ok: boolean; ts: number }>(socket, 'ping');
    expect(answer.ok).toBe(true);
    expect(answer.ts).toBeGreaterThan(0);
  });
});

describe('conversations over the socket', () => {
  it('joins members only; a stranger is refused and hears nothing', async () => {
    const [ana, bruno, carla] = await Promise.all([
      insertUser('Ana'),
      insertUser('Bruno'),
      insertUser('Carla'),
    ]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const [a, c] = await Promise.all([client(ana.token), client(carla.token)]);
    const stranger = collect(c, 'message:new');

    await expect(ack(a, 'conv:join', { conversationId })).resolves.toEqual({ ok: true, conversationId });
    // The twin emit of the same join is harmless.
    await expect(ack(a, 'conversation:join', { conversationId })).resolves.toEqual({
      ok: true,
      conversationId,
    });
    const refused = await ack(c, 'conv:join', { conversationId });
    expect(refused).toEqual({ ok: false, error: { error: 'not_found', message: 'Conversa não encontrada' } });
    expect(logs.some((line) => line.obj['reason'] === 'not a participant')).toBe(true);

    await ack(a, 'message:send', { conversationId, text: 'só para nós', clientId: randomUUID() });
    await settle();
    expect(stranger).toEqual([]);
  });

  it('delivers a message to the other participant exactly once, via both rooms', async () => {
    const [ana, bruno] = await Promise.all([insertUser('Ana'), insertUser('Bruno')]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const [a, b] = await Promise.all([client(ana.token), client(bruno.token)]);
    // Bruno is in the conversation room and in his user room: still one event.
    await ack(b, 'conv:join', { conversationId });
    const got = collect<MessageNewEvent>(b, 'message:new');
    const first = nextEvent<MessageNewEvent>(b, 'message:new');

    const clientId = randomUUID();
    const answer = socketAckSchema.parse(
      await ack(a, 'message:send', { conversationId, text: '  Olá, Bruno!  ', clientId }),
    );
    expect(answer.ok).toBe(true);
    const event = messageNewEventSchema.parse(await first);
    expect(event.conversationId).toBe(conversationId);
    expect(event.message).toMatchObject({
      conversation_id: conversationId,
      sender_id: ana.id,
      sender_name: 'Ana Teste',
      text: 'Olá, Bruno!',
      client_id: clientId,
    });
    await arrived(got);
    await settle();
    expect(got).toHaveLength(1);
  });

  it('reaches a participant who has not joined the room, through the user room', async () => {
    const [ana, bruno] = await Promise.all([insertUser('Ana'), insertUser('Bruno')]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const [a, b] = await Promise.all([client(ana.token), client(bruno.token)]);
    const got = collect<MessageNewEvent>(b, 'message:new');
    await ack(a, 'msg:send', { conversationId, text: 'fora da sala', clientId: randomUUID() });
    await arrived(got);
    await settle();
    expect(got.map((event) => event.message.text)).toEqual(['fora da sala']);
  });

  it('stores one row for the twin emits of a send and answers both acknowledgements', async () => {
    const [ana, bruno] = await Promise.all([insertUser('Ana'), insertUser('Bruno')]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const [a, b] = await Promise.all([client(ana.token), client(bruno.token)]);
    await ack(b, 'conversation:join', { conversationId });
    const got = collect<MessageNewEvent>(b, 'message:new');

    const payload = { conversationId, text: 'uma vez só', clientId: randomUUID() };
    const [one, two] = await Promise.all([ack(a, 'message:send', payload), ack(a, 'msg:send', payload)]);
    const acks = [socketAckSchema.parse(one), socketAckSchema.parse(two)];
    expect(acks.every((answer) => answer.ok)).toBe(true);
    const ids = acks.map((answer) => (answer.ok ? chatMessageSchema.parse(answer.message).id : 0));
    expect(ids[0]).toBe(ids[1]);

    // A retry long after the twins is answered with the same stored row too.
    const retry = socketAckSchema.parse(await ack(a, 'message:send', payload));
    expect(retry.ok && retry.message.id).toBe(ids[0]);

    const { rows } = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM chat_messages WHERE sender_id = $1 AND client_id = $2',
      [ana.id, payload.clientId],
    );
    expect(rows[0]?.count).toBe(1);
    await arrived(got);
    await settle();
    expect(got).toHaveLength(1);
  });

  it('relays typing to the others once, with who is typing, and never back to the typist', async () => {
    const [ana, bruno] = await Promise.all([insertUser('Ana'), insertUser('Bruno')]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const [a, a2, b] = await Promise.all([client(ana.token), client(ana.token), client(bruno.token)]);
    await Promise.all([a, a2, b].map((socket) => ack(socket, 'conv:join', { conversationId })));
    const bSaw = collect<TypingEvent>(b, 'typing');
    const aSaw = [...collect<TypingEvent>(a, 'typing'), ...collect<TypingEvent>(a2, 'typing')];
    const aOtherTab = collect<TypingEvent>(a2, 'typing');

    a.emit('conv:typing', { conversationId, typing: true });
    a.emit('typing', { conversationId, typing: true });
    await arrived(bSaw);
    await settle();
    expect(bSaw).toHaveLength(1);
    expect(typingEventSchema.parse(bSaw[0])).toEqual({
      conversationId,
      typing: true,
      userId: ana.id,
      name: 'Ana Teste',
    });
    expect(aSaw).toEqual([]);
    expect(aOtherTab).toEqual([]);

    // A change of state is not a twin: typing stopped goes through.
    a.emit('conv:typing', { conversationId, typing: false });
    await arrived(bSaw, 2);
    await settle();
    expect(bSaw.map((event) => event.typing)).toEqual([true, false]);
  });

  it('drops and logs malformed payloads and keeps the socket connected', async () => {
    const [ana, bruno] = await Promise.all([insertUser('Ana'), insertUser('Bruno')]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const a = await client(ana.token);

    const invalid = socketAckSchema.parse(await ack(a, 'message:send', { conversationId: 'x', text: '   ' }));
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) {
      expect(invalid.error.error).toBe('validation_failed');
      expect(Object.keys(invalid.error.details ?? {})).toEqual(
        expect.arrayContaining(['conversationId', 'text', 'clientId']),
      );
    }
    const tooLong = socketAckSchema.parse(
      await ack(a, 'message:send', { conversationId, text: 'x'.repeat(5001), clientId: randomUUID() }),
    );
    expect(tooLong.ok === false && tooLong.error.details).toEqual({ text: expect.any(String) });
    for (const garbage of [null, 42, 'texto', [], { conversationId: -1 }]) {
      a.emit('conv:join', garbage);
      a.emit('msg:send', garbage);
      a.emit('typing', garbage);
    }
    a.emit('message:send');
    a.emit('conversation:delete', { conversationId });
    a.emit('conversation:delete', { conversationId });
    const notMine = await ack(a, 'message:send', {
      conversationId: 999_999,
      text: 'para ninguém',
      clientId: randomUUID(),
    });
    expect(notMine).toEqual({ ok: false, error: { error: 'not_found', message: 'Conversa não encontrada' } });

    await expect(ack(a, 'ping')).resolves.toMatchObject({ ok: true });
    expect(a.connected).toBe(true);
    const dropped = logs.filter((line) => line.level === 'warn' && line.msg === 'realtime: payload dropped');
    expect(dropped.length).toBeGreaterThanOrEqual(16);
    expect(dropped.filter((line) => line.obj['reason'] === 'unknown event')).toHaveLength(1);
    expect(logs.filter((line) => line.level === 'error')).toEqual([]);
    const { rows } = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM chat_messages WHERE sender_id = $1',
      [ana.id],
    );
    expect(rows[0]?.count).toBe(0);
  });
});

describe('send limit', () => {
  it('counts twin emits once and refuses a flood with a clear answer, keeping the socket', async () => {
    const [ana, bruno] = await Promise.all([insertUser('Ana'), insertUser('Bruno')]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const a = await client(ana.token);
    for (let i = 0; i < 30; i += 1) {
      const payload = { conversationId, text: `mensagem ${i}`, clientId: randomUUID() };
      const answers = await Promise.all([ack(a, 'message:send', payload), ack(a, 'msg:send', payload)]);
      expect(answers.map((answer) => socketAckSchema.parse(answer).ok)).toEqual([true, true]);
    }
    const flood = await ack(a, 'message:send', { conversationId, text: 'demais', clientId: randomUUID() });
    expect(flood).toEqual({
      ok: false,
      error: {
        error: 'rate_limited',
        message: 'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
      },
    });
    expect(a.connected).toBe(true);
    const { rows } = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM chat_messages WHERE sender_id = $1',
      [ana.id],
    );
    expect(rows[0]?.count).toBe(30);
  });
});

describe('handshake helpers', () => {
  it('reads the token from auth, then the bearer header, then the cookie', () => {
    const headers = { authorization: 'Bearer do-cabecalho', cookie: 'a=1; farol_session=do%20cookie' };
    expect(handshakeToken({ auth: { token: ' do-auth ' }, headers }, 'farol_session')).toBe('do-auth');
    expect(handshakeToken({ auth: { token: 42 }, headers }, 'farol_session')).toBe('do-cabecalho');
    expect(handshakeToken({ auth: {}, headers: { cookie: headers.cookie } }, 'farol_session')).toBe(
      'do cookie',
    );
    expect(handshakeToken({ auth: {}, headers: {} }, 'farol_session')).toBeNull();
    expect(readCookie('x=%E0%A4%A', 'x')).toBe('%E0%A4%A');
  });

  it('allows the same host name on any port, and the configured origins', () => {
    expect(isOriginAllowed(undefined, 'portal.exemplo:3001', undefined)).toBe(true);
    expect(isOriginAllowed('https://portal.exemplo', 'portal.exemplo:3001', undefined)).toBe(true);
    expect(isOriginAllowed('https://outro.exemplo', 'portal.exemplo:3001', undefined)).toBe(false);
    expect(isOriginAllowed('null', 'portal.exemplo:3001', undefined)).toBe(false);
    expect(isOriginAllowed('https://app.exemplo', 'api.exemplo:3001', ['https://app.exemplo'])).toBe(true);
    expect(isOriginAllowed('https://portal.exemplo', 'portal.exemplo:3001', ['https://app.exemplo'])).toBe(
      true,
    );
    expect(isOriginAllowed('https://outro.exemplo', 'portal.exemplo:3001', ['https://app.exemplo'])).toBe(
      false,
    );
  });
});

describe('connection-state recovery', () => {
  it('recovers rooms while the token is valid, and refuses the recovery once it is revoked', async () => {
    const [ana, bruno] = await Promise.all([insertUser('Ana'), insertUser('Bruno')]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const a = await client(ana.token, true);
    const b = await client(bruno.token);
    await ack(a, 'conv:join', { conversationId });

    // Recovery replays from the last broadcast the client saw, so it needs one.
    const hello = nextEvent(a, 'hello');
    server.toUser(ana.id, 'hello', 1);
    await hello;

    // A dropped transport reconnects, recovers the session, re-checks the token and keeps the rooms.
    const callsBefore = verifyCalls;
    const reconnected = nextEvent(a, 'connect');
    a.io.engine.close();
    await reconnected;
    expect(a.recovered).toBe(true);
    expect(verifyCalls).toBe(callsBefore + 1);
    // Still in the conversation room without joining again: Bruno's typing reaches the recovered socket.
    await ack(b, 'conv:join', { conversationId });
    const seen = collect<TypingEvent>(a, 'typing');
    b.emit('conv:typing', { conversationId, typing: true });
    await arrived(seen);
    await settle();
    expect(seen.map((event) => event.userId)).toEqual([bruno.id]);

    // Revoked meanwhile: the recovery is refused with an auth error and the socket stays disconnected.
    sessions.delete(ana.token);
    const refused = nextEvent<Error>(a, 'connect_error');
    a.io.engine.close();
    await expect(refused).resolves.toMatchObject({ message: expect.stringMatching(/auth/) });
    await settle(300);
    expect(a.connected).toBe(false);
    const missed = collect<MessageNewEvent>(a, 'message:new');
    await ack(b, 'message:send', { conversationId, text: 'não chega', clientId: randomUUID() });
    await settle();
    expect(missed).toEqual([]);
  });

  it('does not crash when a client vanishes mid-send', async () => {
    const [ana, bruno] = await Promise.all([insertUser('Ana'), insertUser('Bruno')]);
    const conversationId = await insertConversation([ana.id, bruno.id]);
    const a = openClient(url, { token: ana.token });
    await nextEvent(a, 'connect');
    a.emit('message:send', { conversationId, text: 'e tchau', clientId: randomUUID() }, () => undefined);
    a.close();
    const b = await client(bruno.token);
    await expect(ack(b, 'ping')).resolves.toMatchObject({ ok: true });
  });
});
