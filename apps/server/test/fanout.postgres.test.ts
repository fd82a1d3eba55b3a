// Runs only in the PostgreSQL pass (FAROL_TEST_DATABASE_URL): the pglite pass excludes *.postgres.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageNewEventSchema,
  notificationEventSchema,
  typingEventSchema,
  type MessageNewEvent,
} from '@farol/data/contract';
import { issueToken } from '../src/auth/tokens';
import type { FarolServer } from '../src/app';
import { startTestServer } from './harness';
import { ack, collect, connectClient, nextEvent, settle, type ClientSocket } from './realtime-helpers';

const databaseUrl = process.env.FAROL_TEST_DATABASE_URL;
let one: FarolServer;
let two: FarolServer;
const sockets: ClientSocket[] = [];

interface Person {
  id: number;
  token: string;
}

const realtimeUrl = (server: FarolServer) => `http://127.0.0.1:${server.realtime.port}`;

const person = async (name: string): Promise<Person> => {
  const { rows } = await one.db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, role, password_hash)
     VALUES ($1, $2, 'Teste', 'tecnico', 'x') RETURNING id`,
    [`${randomUUID()}@fanout.test`, name],
  );
  const id = rows[0]!.id;
  // Issued by the other process: sessions live in the shared database.
  const { token } = await issueToken(two.db, id);
  return { id, token };
};

const socketOn = async (server: FarolServer, who: Person) => {
  const socket = await connectClient(realtimeUrl(server), { token: who.token });
  sockets.push(socket);
  return socket;
};

const api = async (server: FarolServer, method: string, path: string, token: string, body?: unknown) => {
  const response = await fetch(`${server.url()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  if (!databaseUrl) throw new Error('the fan-out suite needs FAROL_TEST_DATABASE_URL (PostgreSQL)');
  // Two processes' worth of servers starting at once on one database: migrations and seed take turns.
  [one, two] = await Promise.all([startTestServer({ databaseUrl }), startTestServer({ databaseUrl })]);
  await Promise.all([one.listen(), two.listen()]);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([one?.close(), two?.close()]);
});

describe('fan-out between two servers on one PostgreSQL', () => {
  it('delivers a socket send from one server to a participant connected to the other, once', async () => {
    const [ana, bruno] = await Promise.all([person('Ana'), person('Bruno')]);
    const started = await api(one, 'POST', '/api/messages', ana.token, { participant_ids: [bruno.id] });
    expect(started.status).toBe(201);
    const conversationId = started.body.id as number;

    const a = await socketOn(one, ana);
    const b = await socketOn(two, bruno);
    await expect(ack(b, 'conv:join', { conversationId })).resolves.toEqual({ ok: true, conversationId });
    const got = collect<MessageNewEvent>(b, 'message:new');
    const first = nextEvent<MessageNewEvent>(b, 'message:new', 5_000);

    const payload = { conversationId, text: 'de um servidor ao outro', clientId: randomUUID() };
    const [ackOne, ackTwo] = await Promise.all([
      ack(a, 'message:send', payload),
      ack(a, 'msg:send', payload),
    ]);
    expect(ackOne).toMatchObject({ ok: true });
    expect(ackTwo).toEqual(ackOne);
    const event = messageNewEventSchema.parse(await first);
    expect(event.message).toMatchObject({ text: 'de um servidor ao outro', sender_id: ana.id });
    await settle(300);
    expect(got).toHaveLength(1);
  });

  it('carries REST sends, typing and notifications across servers', async () => {
    const [ana, bruno] = await Promise.all([person('Ana'), person('Bruno')]);
    const started = await api(two, 'POST', '/api/messages', bruno.token, { participant_ids: [ana.id] });
    const conversationId = started.body.id as number;
    const a = await socketOn(one, ana);
    const b = await socketOn(two, bruno);
    await Promise.all([ack(a, 'conv:join', { conversationId }), ack(b, 'conv:join', { conversationId })]);

    const message = nextEvent<MessageNewEvent>(a, 'message:new', 5_000);
    const sent = await api(two, 'POST', `/api/messages/conversations/${conversationId}`, bruno.token, {
      text: 'pelo REST do outro servidor',
    });
    expect(sent.status).toBe(201);
    await expect(message).resolves.toEqual({ conversationId, message: sent.body });

    const typing = nextEvent(a, 'typing', 5_000);
    b.emit('conv:typing', { conversationId, typing: true });
    expect(typingEventSchema.parse(await typing)).toMatchObject({ conversationId, userId: bruno.id });

    const notification = nextEvent(a, 'notification', 5_000);
    await two.notify(ana.id, { type: 'message', message: 'Nova mensagem de Bruno', link: '/messages' });
    expect(notificationEventSchema.parse(await notification).notification.message).toBe(
      'Nova mensagem de Bruno',
    );

    const unread = await api(one, 'GET', '/api/messages/unread-count', ana.token);
    expect(unread.body).toEqual({ count: 1 });
  });
});
