import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_ATTACHMENT_FIELD, ticketSchema } from '@farol/data/contract';
import { setupTestServer, type LooseJson, type TestUser } from './harness';
import { ack, connectClient, type ClientSocket } from './realtime-helpers';
import { ticketHelpers } from './ticket-helpers';

/** Issue 11, "Bad input": NUL bytes, malformed multipart, socket ids, loose coercion, English details, bidi names. */
const t = setupTestServer();
const { insertCompany, form } = ticketHelpers(t);
const sockets: ClientSocket[] = [];

const NUL_MESSAGE = 'Caractere inválido (NUL) no texto';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let acme: { id: number; branch: number };
let admin: TestUser;
let tecnico: TestUser;
let client: TestUser;
let ticketId: number;
let conversationId: number;

beforeAll(async () => {
  acme = await insertCompany('Acme');
  admin = await t.createUser({ role: 'admin' });
  tecnico = await t.createUser({ role: 'tecnico', permissions: ['tickets.view', 'users.view'] });
  client = await t.createUser({ role: 'cliente', companyId: acme.id });
  const created = await t.api('POST', '/api/tickets', {
    token: client.token,
    body: { subject: 'Impressora', description: 'Não imprime' },
  });
  ticketId = ticketSchema.parse(created.body).id;
  const conversation = await t.api('POST', '/api/messages', {
    token: tecnico.token,
    body: { participant_ids: [client.id] },
  });
  conversationId = conversation.body.id as number;
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const countRows = async (table: string) => {
  const { rows } = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
};

/** Sends raw bytes as the body, with whatever content type the test says. */
const raw = async (path: string, user: TestUser, contentType: string, body: string | Buffer) => {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as LooseJson };
};

describe('NUL characters (U+0000) in text', () => {
  it('answers 400 with a Portuguese field message for a JSON field, storing nothing', async () => {
    const before = await countRows('tickets');
    const response = await t.api('POST', '/api/tickets', {
      token: client.token,
      body: { subject: 'Ola\u0000mundo', description: 'x' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation_failed',
      message: 'Dados inválidos',
      details: { subject: NUL_MESSAGE },
    });
    const message = await t.api('POST', `/api/messages/conversations/${conversationId}`, {
      token: tecnico.token,
      body: { text: 'a\u0000' },
    });
    expect(message.status).toBe(400);
    expect(message.body.details).toEqual({ text: NUL_MESSAGE });
    expect(await countRows('tickets')).toBe(before);
  });

  it('answers 400 for q on tickets, users and contacts, and on the anonymous login', async () => {
    for (const path of ['/api/tickets', '/api/users', '/api/messages/contacts', '/api/companies']) {
      const response = await t.api('GET', `${path}?q=impressora%00`, { token: admin.token });
      expect(response.status, path).toBe(400);
      expect(response.body.details, path).toEqual({ q: NUL_MESSAGE });
    }
    const login = await t.api('POST', '/api/auth/login', {
      body: { login: 'gestor\u0000@farol.dev', password: 'x\u0000' },
    });
    expect(login.status).toBe(400);
    expect(login.body.error).toBe('validation_failed');
  });

  it('answers 400 for a multipart field', async () => {
    const data = new FormData();
    data.append('subject', 'Assunto válido');
    data.append('description', 'com \u0000 no meio');
    const response = await form('POST', '/api/tickets', client, data);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual({ description: NUL_MESSAGE });
  });

  it('drops a socket message:send with NUL, acknowledged with the Portuguese message', async () => {
    const before = await countRows('chat_messages');
    const socket = await connectClient(t.realtimeUrl, { token: tecnico.token });
    sockets.push(socket);
    const answer = await ack<LooseJson>(socket, 'message:send', {
      conversationId,
      text: 'olá\u0000',
      clientId: randomUUID(),
    });
    expect(answer).toEqual({
      ok: false,
      error: { error: 'validation_failed', message: 'Dados inválidos', details: { text: NUL_MESSAGE } },
    });
    expect(await countRows('chat_messages')).toBe(before);
  });
});

describe('malformed multipart bodies', () => {
  const endpoints = () => [
    { path: '/api/tickets', user: client },
    { path: `/api/tickets/${ticketId}/messages`, user: client },
    { path: '/api/profile/picture', user: client },
    { path: `/api/companies/${acme.id}/logo`, user: admin },
  ];
  const boundary = '----farolBoundary7MA4YWxk';
  const truncated = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="a.png"',
    'Content-Type: image/png',
    '',
    '\u0089PNG partial',
  ].join('\r\n');
  const cases: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', 'anything'],
    ['garbage', `multipart/form-data; boundary=${boundary}`, 'not a multipart body at all'],
    ['a truncated part', `multipart/form-data; boundary=${boundary}`, truncated],
    ['an unclosed header', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Dispo`],
  ];

  it.each(cases)('answers 400 for %s on every upload endpoint', async (_name, contentType, body) => {
    const before = await countRows('ticket_attachments');
    for (const { path, user } of endpoints()) {
      const response = await raw(path, user, contentType, body);
      expect(response.status, `${path}: ${response.text}`).toBe(400);
      expect(response.body.error, path).toBe('validation_failed');
      expect(response.body.message, path).toMatch(/multipart|envio/i);
    }
    expect(await countRows('ticket_attachments')).toBe(before);
  });
});

describe('socket ids', () => {
  it('answers conv:join and conv:typing with ids above 2³¹−1 as a validation failure, not internal_error', async () => {
    const socket = await connectClient(t.realtimeUrl, { token: tecnico.token });
    sockets.push(socket);
    for (const event of ['conv:join', 'conv:typing', 'conv:leave']) {
      const answer = await ack<LooseJson>(socket, event, { conversationId: 2_147_483_648 });
      expect(answer.ok, event).toBe(false);
      expect(answer.error, event).toEqual({
        error: 'validation_failed',
        message: 'Dados inválidos',
        details: { conversationId: 'conversationId fora do intervalo' },
      });
    }
    const ok = await ack<LooseJson>(socket, 'conv:join', { conversationId });
    expect(ok).toEqual({ ok: true, conversationId });
  });

  it('refuses hexadecimal and boolean conversation ids', async () => {
    const socket = await connectClient(t.realtimeUrl, { token: tecnico.token });
    sockets.push(socket);
    for (const conversationIdValue of ['0x1', true, '1e0', ' 1']) {
      const answer = await ack<LooseJson>(socket, 'conv:join', { conversationId: conversationIdValue });
      expect(answer.ok, String(conversationIdValue)).toBe(false);
      expect(answer.error.error).toBe('validation_failed');
    }
  });
});

describe('ids are positive decimal integers only', () => {
  it('refuses hexadecimal, exponent, signed and padded path ids', async () => {
    const hex = `0x${ticketId.toString(16)}`;
    for (const id of [hex, '1e1', `+${ticketId}`, `%20${ticketId}`, '0', '-1', '2147483648', '1.0']) {
      const response = await t.api('GET', `/api/tickets/${id}`, { token: tecnico.token });
      expect(response.status, id).toBe(400);
      expect(response.body.details.id, id).toMatch(/^id /);
    }
    expect((await t.api('GET', `/api/tickets/${ticketId}`, { token: tecnico.token })).status).toBe(200);
  });

  it('refuses a boolean or hexadecimal company_id in a body or a query', async () => {
    const before = await countRows('tickets');
    for (const companyId of [true, '0x1', [acme.id], '']) {
      const response = await t.api('POST', '/api/tickets', {
        token: tecnico.token,
        body: { subject: 'Sem empresa', description: 'x', company_id: companyId },
      });
      expect(response.status, JSON.stringify(companyId)).toBe(400);
      expect(response.body.details.company_id).toBe('company_id deve ser um número');
    }
    expect(await countRows('tickets')).toBe(before);
    const query = await t.api('GET', '/api/tickets?company_id=true', { token: tecnico.token });
    expect(query.status).toBe(400);
    const page = await t.api('GET', '/api/tickets?page=0x2', { token: tecnico.token });
    expect(page.status).toBe(400);
    // Digits as a string stay valid: that is how forms and query strings carry numbers.
    const digits = await t.api('GET', `/api/tickets?company_id=${acme.id}&page=1`, { token: tecnico.token });
    expect(digits.status).toBe(200);
  });
});

describe('validation details are Portuguese', () => {
  const ENGLISH = /\b(invalid|expected|received|required|too (big|small)|must|unrecognized|input)\b/i;

  it('answers every route’s wrong-shaped body and query in Portuguese', async () => {
    const seen: string[] = [];
    const routes = t.server.routes.filter(
      (route) => !route.access.public && ['POST', 'PUT', 'PATCH', 'GET'].includes(route.method),
    );
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, '1').replace('*', 'x');
      const bodies: unknown[] = route.method === 'GET' ? [undefined] : [[], 'texto', { page: {} }];
      for (const body of bodies) {
        const query = route.method === 'GET' ? '?page=a&limit=b&q=x&sort=zz&status=zz&kind=zz' : '';
        const response = await t.api(route.method, `${url}${query}`, {
          token: admin.token,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        if (response.status !== 400 || !response.body.details) continue;
        for (const [field, text] of Object.entries(response.body.details as Record<string, string>)) {
          seen.push(`${route.method} ${route.url} ${field}: ${text}`);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(40);
    expect(seen.filter((line) => ENGLISH.test(line.split(': ').slice(1).join(': ')))).toEqual([]);
  });
});

describe('attachment names', () => {
  it('strips bidirectional control characters, so "fatura‮fdp.exe" shows as sent bytes, not reversed', async () => {
    const data = new FormData();
    data.append('body', 'Segue o arquivo');
    const name = 'fatura\u202Efdp.exe\u2066x\u2069\u200F.pdf';
    data.append(TICKET_ATTACHMENT_FIELD, new Blob([new Uint8Array(PDF)]), name);
    const response = await form('POST', `/api/tickets/${ticketId}/messages`, client, data);
    expect(response.status, response.text).toBe(201);
    const [attachment] = response.body.attachments as { name: string }[];
    expect(attachment?.name).toBe('faturafdp.exex.pdf');
    const stored = await t.server.db.query<{ name: string }>(
      'SELECT name FROM ticket_attachments ORDER BY id DESC LIMIT 1',
    );
    expect(stored.rows[0]?.name).toBe('faturafdp.exex.pdf');
  });
});
