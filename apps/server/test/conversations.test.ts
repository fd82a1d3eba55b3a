import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessageSchema,
  conversationListSchema,
  conversationSchema,
  messagePageSchema,
  messagesUnreadCountSchema,
  type MessageNewEvent,
} from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import {
  ack,
  arrived,
  collect,
  connectClient,
  nextEvent,
  settle,
  type ClientSocket,
} from './realtime-helpers';

const t = setupTestServer();
const sockets: ClientSocket[] = [];

let acme: number;
let globex: number;

beforeAll(async () => {
  acme = await t.companyId('Acme');
  globex = await t.companyId('Globex');
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const socketOf = async (user: TestUser) => {
  const socket = await connectClient(t.realtimeUrl, { token: user.token });
  sockets.push(socket);
  return socket;
};

const start = (user: TestUser, body: unknown) => t.api('POST', '/api/messages', { token: user.token, body });

const send = (user: TestUser, conversationId: number, text: string, clientId?: string) =>
  t.api('POST', `/api/messages/conversations/${conversationId}`, {
    token: user.token,
    body: clientId ? { text, client_id: clientId } : { text },
  });

const unread = async (user: TestUser) => {
  const response = await t.api('GET', '/api/messages/unread-count', { token: user.token });
  expect(response.status).toBe(200);
  return messagesUnreadCountSchema.parse(response.body).count;
};

const countConversations = async () => {
  const { rows } = await t.server.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM conversations',
  );
  return rows[0]!.count;
};

describe('demo seed', () => {
  it('gives the demo staff and clients conversations with unread messages from the other side', async () => {
    const token = await t.loginAs('tecnico@farol.dev');
    const response = await t.api('GET', '/api/messages', { token });
    expect(response.status).toBe(200);
    const list = conversationListSchema.parse(response.body);
    const withAcme = list.items.find((item) =>
      item.participants.some((participant) => participant.role === 'cliente'),
    );
    expect(withAcme?.last_message?.text).toContain('scanner');
    expect(withAcme?.unread_count).toBe(1);

    const globexToken = await t.loginAs('cliente@globex.com.br');
    const globexList = conversationListSchema.parse(
      (await t.api('GET', '/api/messages', { token: globexToken })).body,
    );
    expect(globexList.items.length).toBeGreaterThan(0);
    for (const item of globexList.items) {
      expect(item.participants.map((participant) => participant.role)).not.toContain('cliente');
    }
  });
});

describe('starting conversations', () => {
  it('lets staff start one with a client, reuses it for the same pair, and sends the first message', async () => {
    const staff = await t.createUser({ role: 'tecnico', firstName: 'Tiago' });
    const client = await t.createUser({ role: 'cliente', companyId: acme, firstName: 'Cecília' });
    const created = await start(staff, {
      participant_ids: [client.id, staff.id],
      text: 'Olá! Como posso ajudar?',
    });
    expect(created.status).toBe(201);
    const conversation = conversationSchema.parse(created.body);
    expect(conversation.participants.map((participant) => participant.id).sort()).toEqual(
      [staff.id, client.id].sort(),
    );
    expect(conversation.last_message).toMatchObject({ text: 'Olá! Como posso ajudar?', sender_id: staff.id });
    expect(conversation.unread_count).toBe(0);

    const again = await start(client, { participant_ids: [staff.id] });
    expect(again.status).toBe(200);
    expect(conversationSchema.parse(again.body)).toMatchObject({ id: conversation.id, unread_count: 1 });

    const titled = await start(staff, { participant_ids: [client.id], title: 'Renovação' });
    expect(titled.status).toBe(201);
    expect(titled.body.id).not.toBe(conversation.id);
  });

  it('lets a client talk to staff and to their own company, never to another company', async () => {
    const staff = await t.createUser({ role: 'gestor' });
    const acmeOne = await t.createUser({ role: 'cliente', companyId: acme });
    const acmeTwo = await t.createUser({ role: 'Client', companyId: acme });
    const globexOne = await t.createUser({ role: 'client', companyId: globex });
    const before = await countConversations();

    expect((await start(acmeOne, { participant_ids: [staff.id] })).status).toBe(201);
    expect((await start(acmeOne, { participant_ids: [acmeTwo.id] })).status).toBe(201);

    const crossCompany = await start(acmeOne, { participant_ids: [globexOne.id] });
    expect(crossCompany.status).toBe(403);
    expect(crossCompany.body).toMatchObject({ error: 'forbidden', message: expect.any(String) });
    const staffMixing = await start(staff, { participant_ids: [acmeOne.id, globexOne.id] });
    expect(staffMixing.status).toBe(403);
    const group = await start(acmeOne, { participant_ids: [staff.id, globexOne.id], title: 'Grupo' });
    expect(group.status).toBe(403);
    // A client without a company may still reach staff, but nobody else.
    const loose = await t.createUser({ role: 'cliente', companyId: null });
    expect((await start(loose, { participant_ids: [staff.id] })).status).toBe(201);
    expect((await start(loose, { participant_ids: [acmeOne.id] })).status).toBe(403);
    expect(await countConversations()).toBe(before + 3);
  });

  it('answers 404 for unknown users and 400 with field messages for bad bodies, storing nothing', async () => {
    const staff = await t.createUser({ role: 'tecnico' });
    const before = await countConversations();

    const unknown = await start(staff, { participant_ids: [2_000_000_000] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');

    const onlyMe = await start(staff, { participant_ids: [staff.id] });
    expect(onlyMe.status).toBe(400);
    expect(onlyMe.body.details).toEqual({ participant_ids: 'Escolha ao menos um participante além de você' });

    const bad = await start(staff, { participant_ids: 'todos', text: '   ', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_failed', message: 'Dados inválidos' });
    expect(Object.keys(bad.body.details)).toEqual(
      expect.arrayContaining(['participant_ids', 'text', 'extra']),
    );

    const malformed = await t.api('POST', '/api/messages', {
      token: staff.token,
      body: '{"participant_ids": [',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('invalid_json');
    expect(await countConversations()).toBe(before);
  });

  it('answers a client the same for another company’s user and for a missing one (no id probing)', async () => {
    const acmeClient = await t.createUser({ role: 'cliente', companyId: acme });
    const globexClient = await t.createUser({ role: 'cliente', companyId: globex });
    const before = await countConversations();
    const otherCompany = await start(acmeClient, { participant_ids: [globexClient.id] });
    const missing = await start(acmeClient, { participant_ids: [2_000_000_001] });
    expect(otherCompany.status).toBe(403);
    expect(missing.status).toBe(otherCompany.status);
    expect(missing.body).toEqual(otherCompany.body);
    expect(otherCompany.body.details.participant_ids).not.toMatch(/empresa|encontrado/i);
    expect(await countConversations()).toBe(before);
  });

  it('needs a session', async () => {
    expect((await t.api('GET', '/api/messages')).status).toBe(401);
    expect((await t.api('GET', '/api/messages/unread-count')).status).toBe(401);
    expect((await t.api('POST', '/api/messages', { body: { participant_ids: [1] } })).status).toBe(401);
  });
});

describe('messages', () => {
  it('pages messages oldest first and hides a conversation from non-members', async () => {
    const [ana, bruno, intruso] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    const { body } = await start(ana, { participant_ids: [bruno.id] });
    const id = body.id as number;
    for (const text of ['um', 'dois', 'três', 'quatro', 'cinco'])
      expect((await send(ana, id, text)).status).toBe(201);

    const latest = messagePageSchema.parse(
      (await t.api('GET', `/api/messages/conversations/${id}?limit=2`, { token: bruno.token })).body,
    );
    expect(latest.items.map((message) => message.text)).toEqual(['quatro', 'cinco']);
    expect(latest.has_more).toBe(true);
    expect(latest.conversation.unread_count).toBe(5);
    const older = messagePageSchema.parse(
      (
        await t.api('GET', `/api/messages/conversations/${id}?limit=10&before=${latest.items[0]!.id}`, {
          token: bruno.token,
        })
      ).body,
    );
    expect(older.items.map((message) => message.text)).toEqual(['um', 'dois', 'três']);
    expect(older.has_more).toBe(false);

    for (const path of [`/api/messages/conversations/${id}`, `/api/messages/conversations/999999`]) {
      const hidden = await t.api('GET', path, { token: intruso.token });
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ error: 'not_found', message: 'Conversa não encontrada' });
    }
    expect((await send(intruso, id, 'oi')).status).toBe(404);
    expect((await t.api('GET', `/api/messages/conversations/abc`, { token: ana.token })).status).toBe(400);
    const badQuery = await t.api('GET', `/api/messages/conversations/${id}?limit=500`, { token: ana.token });
    expect(badQuery.status).toBe(400);
    expect(Object.keys(badQuery.body.details)).toEqual(['limit']);
  });

  it('validates sends and de-duplicates them by client_id', async () => {
    const [ana, bruno] = await Promise.all([t.createUser(), t.createUser()]);
    const id = (await start(ana, { participant_ids: [bruno.id] })).body.id as number;

    const blank = await send(ana, id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.details).toEqual({ text: 'A mensagem não pode ficar em branco' });
    const tooLong = await send(ana, id, 'x'.repeat(5001));
    expect(tooLong.body.details).toEqual({ text: 'A mensagem deve ter no máximo 5000 caracteres' });

    const clientId = randomUUID();
    const first = await send(ana, id, 'uma vez', clientId);
    const retry = await send(ana, id, 'uma vez', clientId);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(chatMessageSchema.parse(retry.body)).toEqual(chatMessageSchema.parse(first.body));

    const other = (await start(ana, { participant_ids: [bruno.id], title: 'Outra' })).body.id as number;
    const reused = await send(ana, other, 'mesmo id', clientId);
    expect(reused.status).toBe(409);
    const page = messagePageSchema.parse(
      (await t.api('GET', `/api/messages/conversations/${id}`, { token: ana.token })).body,
    );
    expect(page.items.map((message) => message.text)).toEqual(['uma vez']);
  });

  it('delivers a REST send to the other participant’s socket once, and a socket send shows in REST', async () => {
    const [ana, bruno] = await Promise.all([t.createUser({ firstName: 'Ana' }), t.createUser()]);
    const id = (await start(ana, { participant_ids: [bruno.id] })).body.id as number;
    const [a, b] = await Promise.all([socketOf(ana), socketOf(bruno)]);
    await ack(b, 'conv:join', { conversationId: id });
    const got = collect<MessageNewEvent>(b, 'message:new');
    const first = nextEvent<MessageNewEvent>(b, 'message:new');

    const sent = await send(ana, id, 'pelo REST');
    expect(sent.status).toBe(201);
    await expect(first).resolves.toEqual({ conversationId: id, message: sent.body });

    const viaSocket = await ack<{ ok: boolean }>(a, 'message:send', {
      conversationId: id,
      text: 'pelo socket',
      clientId: randomUUID(),
    });
    expect(viaSocket.ok).toBe(true);
    await arrived(got, 2);
    await settle();
    expect(got.map((event) => event.message.text)).toEqual(['pelo REST', 'pelo socket']);
    const page = messagePageSchema.parse(
      (await t.api('GET', `/api/messages/conversations/${id}`, { token: bruno.token })).body,
    );
    expect(page.items.map((message) => [message.text, message.sender_name])).toEqual([
      ['pelo REST', 'Ana Teste'],
      ['pelo socket', 'Ana Teste'],
    ]);
  });
});

describe('unread counts and read markers', () => {
  it('counts messages from others after the read marker, and marking read resets them', async () => {
    const [ana, bruno, carla] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    const direct = (await start(ana, { participant_ids: [bruno.id] })).body.id as number;
    const group = (await start(carla, { participant_ids: [ana.id, bruno.id], title: 'Equipe' })).body
      .id as number;
    expect(await unread(bruno)).toBe(0);

    await send(ana, direct, 'oi');
    await send(ana, direct, 'tudo bem?');
    const third = await send(carla, group, 'reunião às 15h');
    await send(bruno, group, 'ok');
    // Sending is reading: Bruno's 'ok' covers Carla's message before it.
    expect(await unread(bruno)).toBe(2);
    expect(await unread(ana)).toBe(2);
    expect(await unread(carla)).toBe(1);

    const list = conversationListSchema.parse(
      (await t.api('GET', '/api/messages', { token: bruno.token })).body,
    );
    expect(list.total).toBe(2);
    // Newest activity first: Bruno's own 'ok' in the group is the latest message.
    expect(list.items.map((item) => [item.id, item.unread_count])).toEqual([
      [group, 0],
      [direct, 2],
    ]);

    const b = await socketOf(bruno);
    const updated = nextEvent<{ conversationId: number; unread_count: number }>(b, 'conversation:updated');
    const read = await t.api('PUT', `/api/messages/conversations/${direct}/read`, { token: bruno.token });
    expect(read.status).toBe(200);
    expect(conversationSchema.parse(read.body).unread_count).toBe(0);
    await expect(updated).resolves.toEqual({ conversationId: direct, unread_count: 0 });
    expect(await unread(bruno)).toBe(0);

    await send(carla, group, 'pauta enviada');
    expect(await unread(bruno)).toBe(1);
    expect(await unread(ana)).toBe(3);
    // A marker may stop at a given message, and never moves back.
    const partial = await t.api('PUT', `/api/messages/conversations/${group}/read`, {
      token: ana.token,
      body: { message_id: third.body.id },
    });
    expect(partial.body.unread_count).toBe(2);
    await t.api('PUT', `/api/messages/conversations/${group}/read`, { token: ana.token });
    const back = await t.api('PUT', `/api/messages/conversations/${group}/read`, {
      token: ana.token,
      body: { message_id: third.body.id },
    });
    expect(back.body.unread_count).toBe(0);
    expect(await unread(ana)).toBe(0);
    await t.api('PUT', `/api/messages/conversations/${group}/read`, {
      token: bruno.token,
      body: { read: true },
    });
    expect(await unread(bruno)).toBe(0);

    const notMine = await t.api('PUT', `/api/messages/conversations/${direct}/read`, { token: carla.token });
    expect(notMine.status).toBe(404);
    const badBody = await t.api('PUT', `/api/messages/conversations/${direct}/read`, {
      token: bruno.token,
      body: { message_id: 'último' },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.details).toEqual({ message_id: 'message_id deve ser um número' });
  });
});
