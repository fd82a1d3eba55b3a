import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { TypingEvent } from '@farol/data/contract';
import { setupTestServer, type LooseJson, type TestUser } from './harness';
import { ack, collect, connectClient, settle, type ClientSocket } from './realtime-helpers';

/** Issue 11, item 12: the message budget is per person over all sockets and REST; typing relays throttled. */
const t = setupTestServer();
const sockets: ClientSocket[] = [];

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const connect = async (user: TestUser) => {
  const socket = await connectClient(t.realtimeUrl, { token: user.token });
  sockets.push(socket);
  return socket;
};

const pair = async () => {
  const [one, two] = await Promise.all([
    t.createUser({ role: 'tecnico' }),
    t.createUser({ role: 'tecnico' }),
  ]);
  const started = await t.api('POST', '/api/messages', {
    token: one.token,
    body: { participant_ids: [two.id] },
  });
  expect(started.status).toBe(201);
  return { one, two, conversationId: started.body.id as number };
};

const stored = async (userId: number) => {
  const { rows } = await t.server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM chat_messages WHERE sender_id = $1',
    [userId],
  );
  return rows[0]!.n;
};

const socketSend = (socket: ClientSocket, conversationId: number, text: string) =>
  ack<LooseJson>(socket, 'message:send', { conversationId, text, clientId: randomUUID() });

const restSend = (user: TestUser, conversationId: number, text: string) =>
  t.api('POST', `/api/messages/conversations/${conversationId}`, { token: user.token, body: { text } });

describe('message budget per person', () => {
  it('holds five sockets of one person to 30 messages together, and the REST send to the same budget', async () => {
    const { one, conversationId } = await pair();
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => connect(one)));
    const answers: LooseJson[] = [];
    for (let round = 0; round < 8; round += 1) {
      answers.push(
        ...(await Promise.all(five.map((socket, i) => socketSend(socket, conversationId, `${round}-${i}`)))),
      );
    }
    expect(answers.filter((answer) => answer.ok)).toHaveLength(30);
    expect(answers.filter((answer) => !answer.ok).map((answer) => answer.error.error)).toEqual(
      Array.from({ length: 10 }, () => 'rate_limited'),
    );
    const rest = await restSend(one, conversationId, 'pelo HTTP');
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({
      error: 'rate_limited',
      message: 'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
    });
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored(one.id)).toBe(30);
  });

  it('limits POST /api/messages/conversations/:id, and counts it against the sockets too', async () => {
    const { one, two, conversationId } = await pair();
    for (let i = 0; i < 30; i += 1) expect((await restSend(one, conversationId, `m${i}`)).status).toBe(201);
    expect((await restSend(one, conversationId, 'demais')).status).toBe(429);
    const socket = await connect(one);
    expect((await socketSend(socket, conversationId, 'pelo socket')).error.error).toBe('rate_limited');
    // Another person's budget is their own.
    expect((await restSend(two, conversationId, 'oi')).status).toBe(201);
    expect(await stored(one.id)).toBe(30);
  });
});

describe('typing relays', () => {
  it('relays alternating starts and stops from several sockets a couple of times, not hundreds', async () => {
    const { one, two, conversationId } = await pair();
    const [typistA, typistB, reader] = await Promise.all([connect(one), connect(one), connect(two)]);
    await Promise.all(
      [typistA, typistB, reader].map((socket) => ack(socket, 'conv:join', { conversationId })),
    );
    const seen = collect<TypingEvent>(reader, 'typing');
    for (let i = 0; i < 200; i += 1) {
      (i % 4 < 2 ? typistA : typistB).emit('conv:typing', { conversationId, typing: i % 2 === 0 });
    }
    await ack(typistA, 'ping');
    await ack(typistB, 'ping');
    await settle();
    // A start, its stop, and at most one more pair if the burst outlasted the start gap (the PostgreSQL
    // adapter may deliver a pair in either order).
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.length).toBeLessThanOrEqual(4);
    expect(seen.filter((event) => event.typing)).toHaveLength(seen.length / 2);
  });
});
