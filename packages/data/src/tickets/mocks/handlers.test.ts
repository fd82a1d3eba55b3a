import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ticketDetailSchema,
  ticketFormOptionsSchema,
  ticketListSchema,
  ticketMessageListSchema,
  ticketMessageSchema,
  ticketSchema,
  ticketSummarySchema,
  type Ticket,
  type TicketList,
  type TicketMessageList,
} from '../../contract/ticket';
import { callMockApi, type MockApiCall } from '../../mocks/call-mock-api';
import { fixtureTokens, fixtures } from '../../mocks/fixtures';
import { createHandlers, flattenHandlers } from '../../mocks/handlers';
import { resetMockState } from '../../mocks/store';
import { createTicketHandlers, createTicketMock, ticketHandlers } from './handlers';
import { ticketFixtures } from './seed';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState();
});
afterAll(() => server.close());

const { admin, tecnico, clienteAcme, clienteGlobex } = fixtureTokens;

const call = (method: string, path: string, { body, token = admin }: MockApiCall = {}) =>
  callMockApi(method, path, { body, token });

const list = async (query: string, token: string = admin) => {
  const answer = await call('GET', `/tickets${query}`, { token });
  expect(answer.status).toBe(200);
  return ticketListSchema.parse(answer.body);
};
const numbers = (page: TicketList) => page.items.map((ticket) => ticket.number);

describe('ticket fixtures', () => {
  it('are wire tickets across both companies, every status and priority, one of them overdue', () => {
    const tickets = ticketFixtures.list();
    expect(tickets).toHaveLength(12);
    for (const ticket of tickets) ticketSchema.parse(ticket);
    for (const message of ticketFixtures.messages()) ticketMessageSchema.parse(message);
    expect(new Set(tickets.map((ticket) => ticket.status)).size).toBe(5);
    expect(new Set(tickets.map((ticket) => ticket.priority)).size).toBe(4);
    expect(new Set(tickets.map((ticket) => ticket.company_name))).toEqual(
      new Set([fixtures.users.clienteAcme.company_name, fixtures.users.clienteGlobex.company_name]),
    );
  });
});

describe('ticket handlers: list', () => {
  it('answer every ticket to staff, newest change first, under both prefixes', async () => {
    const page = await list('');
    expect(page.total).toBe(12);
    expect(page.items[0]!.number).toBe(1001);
    expect(page.items).not.toHaveProperty('0.history');
    const alias = await call('GET', '/support/tickets', { token: admin });
    expect(alias.body).toEqual(page);
  });

  it('filter by status, open, overdue, priority, assignee, company and text', async () => {
    expect(numbers(await list('?status=aberto&sort=number&order=asc'))).toEqual([1002, 1006, 1007, 1012]);
    expect((await list('?open=true')).total).toBe(8);
    expect(numbers(await list('?overdue=true'))).toEqual([1002]);
    expect(numbers(await list('?priority=urgente&sort=number&order=asc'))).toEqual([1001, 1007]);
    expect(numbers(await list('?assignee_id=none&sort=number&order=asc'))).toEqual([1002, 1007, 1012]);
    expect(numbers(await list('?assignee_id=me&sort=number&order=asc'))).toEqual([1003, 1009, 1011]);
    expect(numbers(await list('?assignee_id=me&sort=number&order=asc', tecnico))).toEqual([
      1001, 1004, 1006, 1010,
    ]);
    expect((await list(`?company_id=${fixtures.users.clienteGlobex.company_id}`)).total).toBe(5);
    expect((await list('?branch_id=3')).items.map((ticket) => ticket.subject)).toEqual([
      'Backup noturno falhou',
    ]);
    expect(numbers(await list('?q=FINANCEIRO'))).toEqual([1002]);
    expect(numbers(await list('?q=%231005'))).toEqual([1005]);
  });

  it('sort and page', async () => {
    expect(numbers(await list('?sort=priority&order=desc&limit=2'))).toEqual([1007, 1001]);
    const second = await list('?sort=number&order=asc&page=2&limit=5');
    expect(second).toMatchObject({ total: 12 });
    expect(numbers(second)).toEqual([1006, 1007, 1008, 1009, 1010]);
  });

  it("show a client their own company's tickets only, whatever company they ask for", async () => {
    const acme = await list('', clienteAcme);
    expect(acme.total).toBe(7);
    expect(acme.items.every((ticket) => ticket.company_id === fixtures.users.clienteAcme.company_id)).toBe(
      true,
    );
    expect((await list(`?company_id=${fixtures.users.clienteGlobex.company_id}`, clienteAcme)).total).toBe(0);
    expect((await call('GET', '/tickets/7', { token: clienteAcme })).status).toBe(404);
  });

  it('refuse a bad query in the server shape, and callers without a session or the key', async () => {
    expect(await call('GET', '/tickets?status=novo&limit=500')).toEqual({
      status: 400,
      body: {
        error: 'validation_failed',
        message: 'Dados inválidos',
        details: {
          status: 'status deve ser um de: aberto, em andamento, aguardando cliente, resolvido, fechado',
          limit: 'limit deve ser no máximo 100',
        },
      },
    });
    expect((await call('GET', '/tickets', { token: null })).status).toBe(401);
  });
});

describe('ticket handlers: detail, thread and attachments', () => {
  it('answer the detail with its history and opening attachments', async () => {
    const detail = ticketDetailSchema.parse((await call('GET', '/tickets/2')).body);
    expect(detail.history[0]).toMatchObject({ field: 'status', from: null, to: 'aberto' });
    expect(detail.attachments).toHaveLength(1);
    expect(await call('GET', '/tickets/99')).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'Chamado não encontrado' },
    });
  });

  it('hide staff-only notes from clients', async () => {
    const staff = ticketMessageListSchema.parse((await call('GET', '/tickets/1/messages')).body);
    const client = ticketMessageListSchema.parse(
      (await call('GET', '/tickets/1/messages', { token: clienteAcme })).body,
    );
    expect(staff.items.some((message) => message.internal)).toBe(true);
    expect(client.items.some((message) => message.internal)).toBe(false);
    expect(client.total).toBe(staff.total - 1);
  });

  it('serve the image and PDF attachments as bytes', async () => {
    const thread = (await call('GET', '/tickets/3/messages')).body as TicketMessageList;
    const pdf = thread.items.flatMap((message) => message.attachments)[0]!;
    const answer = await fetch(`http://farol.test${pdf.url}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(await answer.arrayBuffer())).toMatch(/^%PDF-1\.4/);

    const image = (await call('GET', '/tickets/1/messages')).body as TicketMessageList;
    const png = image.items.flatMap((message) => message.attachments)[0]!;
    const bytes = new Uint8Array(
      await (
        await fetch(`http://farol.test${png.url}`, { headers: { Authorization: `Bearer ${admin}` } })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(
      (await fetch(`http://farol.test${png.url}`, { headers: { Authorization: `Bearer ${clienteGlobex}` } }))
        .status,
    ).toBe(404);
  });
});

describe('ticket handlers: writes', () => {
  it('create from JSON for staff and from multipart for a client (own company, files stored)', async () => {
    const staff = await call('POST', '/tickets', {
      body: { subject: 'Roteador reiniciando', description: 'Reinicia a cada hora.', company_id: 101 },
    });
    expect(staff.status).toBe(201);
    expect(ticketSchema.parse(staff.body)).toMatchObject({
      number: 1013,
      status: 'aberto',
      priority: 'média',
    });

    const form = new FormData();
    form.set('subject', 'Teclado quebrado');
    form.set('description', 'A tecla Enter não funciona.');
    form.set('priority', 'baixa');
    form.set('company_id', '101');
    form.append('files', new File([ticketFixtures.png()], 'teclado.png', { type: 'image/png' }));
    const client = await call('POST', '/support/tickets', { body: form, token: clienteAcme });
    expect(client.status).toBe(201);
    const created = ticketSchema.parse(client.body);
    expect(created.company_id).toBe(fixtures.users.clienteAcme.company_id);
    const detail = ticketDetailSchema.parse(
      (await call('GET', `/tickets/${created.id}`, { token: clienteAcme })).body,
    );
    expect(detail.attachments).toMatchObject([{ name: 'teclado.png', mime_type: 'image/png' }]);
    expect((await list('')).total).toBe(14);
  });

  it('refuse invalid input with the field messages', async () => {
    expect(await call('POST', '/tickets', { body: { subject: 'x', description: '', extra: 1 } })).toEqual({
      status: 400,
      body: {
        error: 'validation_failed',
        message: 'Dados inválidos',
        details: {
          subject: 'O assunto deve ter ao menos 3 caracteres',
          description: 'A descrição não pode ficar em branco',
          extra: 'Campo não permitido',
        },
      },
    });
    const noCompany = await call('POST', '/tickets', { body: { subject: 'Sem empresa', description: 'x' } });
    expect(noCompany.body).toMatchObject({ details: { company_id: 'Informe a empresa do chamado' } });
    const empty = await call('POST', '/tickets/1/messages', { body: { body: '  ' } });
    expect(empty).toMatchObject({
      status: 400,
      body: { details: { body: 'Escreva uma mensagem ou anexe um arquivo' } },
    });
  });

  it('patch with the transition rules and write history', async () => {
    const refused = await call('PATCH', '/tickets/5', { body: { status: 'aberto' } });
    expect(refused).toEqual({
      status: 409,
      body: { error: 'conflict', message: 'Não é possível passar o chamado de "fechado" para "aberto".' },
    });
    const changed = await call('PATCH', '/tickets/2', {
      body: { status: 'em andamento', assignee_id: fixtures.users.tecnico.id, priority: 'urgente' },
    });
    expect(changed.status).toBe(200);
    const ticket = changed.body as Ticket;
    expect(ticket).toMatchObject({ status: 'em andamento', assignee: { id: 3 }, priority: 'urgente' });
    const detail = ticketDetailSchema.parse((await call('GET', '/tickets/2')).body);
    expect(detail.history.slice(1).map((entry) => entry.field)).toEqual(['status', 'priority', 'assignee']);
    expect((await call('PATCH', '/tickets/2', { body: {} })).status).toBe(400);
    // A branch of the ticket's company (Acme: 1 and 2), written into the history by name; Globex's is refused.
    expect((await call('PATCH', '/tickets/2', { body: { branch_id: 2 } })).body).toMatchObject({
      branch_id: 2,
    });
    expect((await call('PATCH', '/tickets/2', { body: { branch_id: 3 } })).body).toEqual({
      error: 'validation_failed',
      message: 'Dados inválidos',
      details: { branch_id: 'Filial não encontrada nesta empresa' },
    });
    const moved = ticketDetailSchema.parse((await call('GET', '/tickets/2')).body);
    expect(moved.history.at(-1)).toMatchObject({ field: 'branch', from: null, to: 'Filial Centro' });
    expect(
      (await call('PATCH', '/tickets/2', { body: { status: 'fechado' }, token: clienteAcme })).status,
    ).toBe(403);
  });

  it('add replies; a client cannot write a staff-only note', async () => {
    const reply = await call('POST', '/tickets/1/messages', {
      body: { body: 'Resolvido?' },
      token: clienteAcme,
    });
    expect(reply.status).toBe(201);
    expect(ticketMessageSchema.parse(reply.body)).toMatchObject({ body: 'Resolvido?', internal: false });
    const note = await call('POST', '/tickets/1/messages', {
      body: { body: 'x', internal: true },
      token: clienteAcme,
    });
    expect(note.status).toBe(403);

    const form = new FormData();
    form.set('body', '');
    form.set('internal', 'true');
    form.append('files', new File([ticketFixtures.pdf()], 'log.pdf', { type: 'application/pdf' }));
    const staffNote = await call('POST', '/tickets/1/messages', { body: form });
    expect(staffNote.body).toMatchObject({ internal: true, attachments: [{ name: 'log.pdf' }] });
  });
});

describe('ticket handlers: summary, options, presets and live updates', () => {
  it('count for the dashboard and offer the form options by role', async () => {
    const summary = ticketSummarySchema.parse((await call('GET', '/tickets/summary')).body);
    expect(summary).toMatchObject({ open: 8, urgent: 2, overdue: 1, mine: 2 });
    const options = ticketFormOptionsSchema.parse(
      (await call('GET', '/tickets/options', { token: clienteAcme })).body,
    );
    expect(options.companies.map((company) => company.id)).toEqual([fixtures.users.clienteAcme.company_id]);
    expect(options.assignees).toEqual([]);
  });

  it('offer empty, failing, forbidden and custom sets', async () => {
    server.use(...ticketHandlers.empty());
    expect((await list('')).total).toBe(0);
    server.use(...ticketHandlers.failing());
    expect((await call('GET', '/tickets')).status).toBe(500);
    server.use(...ticketHandlers.forbidden());
    expect((await call('GET', '/tickets/summary')).status).toBe(403);
    server.use(...createTicketHandlers({ tickets: () => ticketFixtures.list().slice(0, 2) }));
    expect((await list('')).total).toBe(2);
  });

  it('never answer while loading', async () => {
    server.use(...ticketHandlers.loading());
    const outcome = await Promise.race([
      call('GET', '/tickets'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
    ]);
    expect(outcome).toBe('pending');
  });

  it("apply a live update to the mock's own database, so a refetch agrees with the event", async () => {
    const mock = createTicketMock();
    server.use(...mock.handlers);
    await list('');
    const updated = mock.database.updated(2, {
      status: 'resolvido',
      assignee: { id: 3, name: 'Carla Mendes' },
    });
    expect(ticketSchema.parse(updated)).toMatchObject({ id: 2, status: 'resolvido' });
    expect((await call('GET', '/tickets/2')).body).toMatchObject({ ...updated });
    expect((await list('?overdue=true')).total).toBe(0);
    const created = mock.database.created({ subject: 'Novo ao vivo' });
    expect((await list('')).items[0]).toEqual(created);
    resetMockState();
    expect((await call('GET', '/tickets/2')).body).toMatchObject({ status: 'aberto' });
  });
});
