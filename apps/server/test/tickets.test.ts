import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ticketDetailSchema,
  ticketMessageListSchema,
  ticketMessageSchema,
  ticketSchema,
  type Ticket,
} from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { ticketHelpers } from './ticket-helpers';
import { connectClient, nextEvent, type ClientSocket } from './realtime-helpers';

const t = setupTestServer({ demo: false });

let acme: number;
let globex: number;
let acmeBranch: number;
let globexBranch: number;
let tecnico: TestUser;
let gestor: TestUser;
let noKey: TestUser;
let acmeClient: TestUser;
let globexClient: TestUser;
let clientWithoutCompany: TestUser;
const sockets: ClientSocket[] = [];

const { truncateTickets, insertCompany, create, patch, list } = ticketHelpers(t);

const notificationsOf = async (userId: number, link: string) => {
  const { rows } = await t.server.db.query<{ title: string }>(
    'SELECT title FROM notifications WHERE user_id = $1 AND link = $2 ORDER BY id',
    [userId, link],
  );
  return rows.map((row) => row.title);
};

const countRows = async (table: string) => {
  const { rows } = await t.server.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0]!.n);
};

beforeAll(async () => {
  await truncateTickets();
  ({ id: acme, branch: acmeBranch } = await insertCompany('Acme'));
  ({ id: globex, branch: globexBranch } = await insertCompany('Globex'));
  tecnico = await t.createUser({ role: 'tecnico', permissions: ['tickets.view', 'tasks.view'] });
  gestor = await t.createUser({ role: 'gestor', permissions: ['tickets.view', 'companies.view'] });
  noKey = await t.createUser({ role: 'tecnico', permissions: ['tasks.view'] });
  acmeClient = await t.createUser({ role: 'cliente', companyId: acme });
  globexClient = await t.createUser({ role: 'client', companyId: globex });
  clientWithoutCompany = await t.createUser({ role: 'cliente' });
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('creating tickets', () => {
  it('lets a client open a ticket for their own company, ignoring any company_id sent', async () => {
    const before = Date.now();
    const ticket = await create(acmeClient, {
      subject: 'Impressora parada',
      description: 'Não imprime nada',
      priority: 'urgente',
      company_id: globex,
      branch_id: acmeBranch,
    });
    expect(ticket).toMatchObject({
      status: 'aberto',
      priority: 'urgente',
      company_id: acme,
      branch_id: acmeBranch,
      requester: { id: acmeClient.id },
      assignee: null,
      category: null,
    });
    expect(ticket.number).toBeGreaterThanOrEqual(1001);
    const dueHours = (Date.parse(ticket.due_at) - Date.parse(ticket.created_at)) / 3_600_000;
    expect(dueHours).toBeCloseTo(4, 5);
    expect(Date.parse(ticket.created_at)).toBeGreaterThan(before - 60_000);
  });

  it('lets staff open a ticket on behalf of a company, with média and 24 h by default', async () => {
    const ticket = await create(tecnico, {
      subject: 'Backup',
      description: 'Verificar backup',
      company_id: globex,
    });
    expect(ticket).toMatchObject({ company_id: globex, priority: 'média', requester: { id: tecnico.id } });
    expect((Date.parse(ticket.due_at) - Date.parse(ticket.created_at)) / 3_600_000).toBeCloseTo(24, 5);
  });

  it('answers bad input with 400, Portuguese details and nothing stored', async () => {
    const stored = await countRows('tickets');
    const bad = await t.api('POST', '/api/tickets', {
      token: acmeClient.token,
      body: { subject: 'x', description: '', priority: 'altíssima', extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'validation_failed',
      message: 'Dados inválidos',
      details: {
        subject: 'O assunto deve ter ao menos 3 caracteres',
        description: 'A descrição não pode ficar em branco',
        extra: 'Campo não permitido',
      },
    });
    expect(bad.body.details.priority).toContain('priority deve ser um de');

    const noCompany = await t.api('POST', '/api/tickets', {
      token: tecnico.token,
      body: { subject: 'Sem empresa', description: 'x' },
    });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.details).toEqual({ company_id: 'Informe a empresa do chamado' });

    const wrongBranch = await t.api('POST', '/api/tickets', {
      token: tecnico.token,
      body: { subject: 'Filial errada', description: 'x', company_id: acme, branch_id: globexBranch },
    });
    expect(wrongBranch.status).toBe(400);
    expect(wrongBranch.body.details).toEqual({ branch_id: 'Filial não encontrada nesta empresa' });
    expect(await countRows('tickets')).toBe(stored);
  });

  it('notifies staff with tickets.view of a new ticket, but not staff without it', async () => {
    const ticket = await create(globexClient, { subject: 'Sem internet', description: 'Caiu tudo' });
    expect(await notificationsOf(tecnico.id, `/tickets/${ticket.id}`)).toEqual(['Novo chamado']);
    expect(await notificationsOf(gestor.id, `/tickets/${ticket.id}`)).toEqual(['Novo chamado']);
    expect(await notificationsOf(noKey.id, `/tickets/${ticket.id}`)).toEqual([]);
    expect(await notificationsOf(globexClient.id, `/tickets/${ticket.id}`)).toEqual([]);
  });
});

describe('authorization', () => {
  let acmeTicket: Ticket;
  let globexTicket: Ticket;

  beforeAll(async () => {
    acmeTicket = await create(acmeClient, { subject: 'Acme só', description: 'da Acme' });
    globexTicket = await create(globexClient, { subject: 'Globex só', description: 'da Globex' });
  });

  it('shows staff with tickets.view every company', async () => {
    for (const user of [tecnico, gestor]) {
      const ids = (await list(user, '?limit=100')).items.map((ticket) => ticket.id);
      expect(ids).toEqual(expect.arrayContaining([acmeTicket.id, globexTicket.id]));
    }
  });

  it('shows a client only their company: Acme never sees Globex', async () => {
    const acmeList = await list(acmeClient, '?limit=100');
    expect(acmeList.items.length).toBeGreaterThan(0);
    expect(acmeList.items.every((ticket) => ticket.company_id === acme)).toBe(true);
    expect(acmeList.total).toBe(acmeList.items.length);
    // A company filter cannot widen a client's scope.
    expect((await list(acmeClient, `?company_id=${globex}`)).items).toEqual([]);

    for (const path of [`/api/tickets/${globexTicket.id}`, `/api/tickets/${globexTicket.id}/messages`]) {
      const response = await t.api('GET', path, { token: acmeClient.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Chamado não encontrado' });
    }
    const reply = await t.api('POST', `/api/tickets/${globexTicket.id}/messages`, {
      token: acmeClient.token,
      body: { body: 'Olá' },
    });
    expect(reply.status).toBe(404);
    expect((await list(clientWithoutCompany)).items).toEqual([]);
  });

  it('refuses staff without tickets.view with 403 on every route', async () => {
    const forbidden = { error: 'forbidden', message: 'Você não tem permissão para esta ação.' };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/tickets'],
      ['POST', '/api/tickets', { subject: 'Teste', description: 'x', company_id: acme }],
      ['GET', `/api/tickets/${acmeTicket.id}`],
      ['PATCH', `/api/tickets/${acmeTicket.id}`, { status: 'resolvido' }],
      ['GET', `/api/tickets/${acmeTicket.id}/messages`],
      ['POST', `/api/tickets/${acmeTicket.id}/messages`, { body: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.api(method, path, { token: noKey.token, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual(forbidden);
    }
  });

  it('refuses a client PATCH (staff only) and answers 401 without a session', async () => {
    const response = await patch(acmeClient, acmeTicket.id, { priority: 'urgente' });
    expect(response.status).toBe(403);
    expect((await t.api('GET', '/api/tickets')).status).toBe(401);
  });

  it('refuses a client without a company to open a ticket', async () => {
    const response = await t.api('POST', '/api/tickets', {
      token: clientWithoutCompany.token,
      body: { subject: 'Sem empresa', description: 'x' },
    });
    expect(response.status).toBe(403);
  });
});

describe('listing: filters, sorting and pages', () => {
  const made: Ticket[] = [];

  beforeAll(async () => {
    await truncateTickets();
    const priorities = ['baixa', 'média', 'alta', 'urgente', 'média', 'baixa', 'alta'] as const;
    for (const [index, priority] of priorities.entries()) {
      made.push(
        await create(tecnico, {
          subject: `Filtro ${index} ${index === 3 ? 'servidor de arquivos' : index === 6 ? 'Impressão na Recepção' : 'geral'}`,
          description: `Descrição ${index}`,
          priority,
          company_id: index % 2 === 0 ? acme : globex,
        }),
      );
    }
    expect(
      (await patch(tecnico, made[0]!.id, { status: 'em andamento', assignee_id: tecnico.id })).status,
    ).toBe(200);
    expect((await patch(tecnico, made[1]!.id, { assignee_id: gestor.id })).status).toBe(200);
  });

  it('filters by status, priority, company, assignee (id, me, none) and text', async () => {
    expect((await list(tecnico, '?status=em%20andamento')).items.map((x) => x.id)).toEqual([made[0]!.id]);
    const urgent = await list(tecnico, `?priority=urgente`);
    expect(urgent.items.map((x) => x.id)).toEqual([made[3]!.id]);
    const acmeOnly = await list(tecnico, `?company_id=${acme}`);
    expect(acmeOnly.total).toBe(4);
    expect(acmeOnly.items.every((x) => x.company_id === acme)).toBe(true);
    expect((await list(tecnico, '?assignee_id=me')).items.map((x) => x.id)).toEqual([made[0]!.id]);
    expect((await list(gestor, '?assignee_id=me')).items.map((x) => x.id)).toEqual([made[1]!.id]);
    expect((await list(tecnico, `?assignee_id=${gestor.id}`)).items.map((x) => x.id)).toEqual([made[1]!.id]);
    expect((await list(tecnico, '?assignee_id=none')).total).toBe(5);
    expect((await list(tecnico, '?q=SERVIDOR')).items.map((x) => x.id)).toEqual([made[3]!.id]);
    expect((await list(tecnico, `?q=${made[5]!.number}`)).items.map((x) => x.id)).toEqual([made[5]!.id]);
    expect((await list(tecnico, '?q=100%25')).items).toEqual([]);
    // Accents and case are ignored both ways, as the trigram index reads them.
    expect((await list(tecnico, '?q=impressao%20na%20recepcao')).items.map((x) => x.id)).toEqual([
      made[6]!.id,
    ]);
    expect((await list(tecnico, '?q=IMPRESS%C3%83O')).items.map((x) => x.id)).toEqual([made[6]!.id]);
    const combined = await list(tecnico, `?company_id=${acme}&priority=alta&sort=number&order=asc`);
    expect(combined.items.map((x) => x.id)).toEqual([made[2]!.id, made[6]!.id]);
  });

  it('sorts by number, priority and status in both directions', async () => {
    const byNumber = await list(tecnico, '?sort=number&order=asc');
    expect(byNumber.items.map((x) => x.number)).toEqual(made.map((x) => x.number));
    const desc = await list(tecnico, '?sort=number&order=desc');
    expect(desc.items.map((x) => x.number)).toEqual(made.map((x) => x.number).reverse());
    const byPriority = await list(tecnico, '?sort=priority&order=desc');
    expect(byPriority.items.map((x) => x.priority)).toEqual([
      'urgente',
      'alta',
      'alta',
      'média',
      'média',
      'baixa',
      'baixa',
    ]);
    const byStatus = await list(tecnico, '?sort=status&order=desc');
    expect(byStatus.items[0]!.status).toBe('em andamento');
    const recent = await list(tecnico);
    // Default: the most recently updated first (the two PATCHed tickets changed last).
    expect(recent.items.slice(0, 2).map((x) => x.id)).toEqual([made[1]!.id, made[0]!.id]);
  });

  it('pages with limit and page and reports the total', async () => {
    const first = await list(tecnico, '?sort=number&order=asc&limit=3&page=1');
    const third = await list(tecnico, '?sort=number&order=asc&limit=3&page=3');
    expect(first.total).toBe(7);
    expect(first.items.map((x) => x.id)).toEqual(made.slice(0, 3).map((x) => x.id));
    expect(third.items.map((x) => x.id)).toEqual([made[6]!.id]);
    expect((await list(tecnico, '?limit=3&page=4')).items).toEqual([]);
  });

  it('rejects a bad query with 400 and Portuguese details', async () => {
    const response = await t.api('GET', '/api/tickets?limit=101&sort=nome&status=novo&assignee_id=x', {
      token: tecnico.token,
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toMatchObject({
      limit: 'limit deve ser no máximo 100',
      sort: expect.stringContaining('sort deve ser um de'),
      status: expect.stringContaining('status deve ser um de'),
      assignee_id: expect.any(String),
    });
  });
});

describe('status transitions and history', () => {
  it('follows the allowed transitions, writes history and answers 409 on a wrong one', async () => {
    const ticket = await create(acmeClient, { subject: 'Fluxo de status', description: 'x' });
    const steps = ['em andamento', 'aguardando cliente', 'resolvido', 'fechado', 'em andamento', 'resolvido'];
    for (const status of steps) {
      const response = await patch(tecnico, ticket.id, { status });
      expect(response.status, `→ ${status}: ${response.text}`).toBe(200);
      expect(response.body.status).toBe(status);
    }
    const wrong = await patch(tecnico, ticket.id, { status: 'aberto' });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toEqual({
      error: 'conflict',
      message: 'Não é possível passar o chamado de "resolvido" para "aberto".',
    });
    // Same status: a no-op, no history row.
    expect((await patch(tecnico, ticket.id, { status: 'resolvido' })).status).toBe(200);

    const detail = ticketDetailSchema.parse(
      (await t.api('GET', `/api/tickets/${ticket.id}`, { token: gestor.token })).body,
    );
    const statusChanges = detail.history
      .filter((entry) => entry.field === 'status')
      .map((entry) => [entry.from, entry.to]);
    expect(statusChanges).toEqual([
      [null, 'aberto'],
      ['aberto', 'em andamento'],
      ['em andamento', 'aguardando cliente'],
      ['aguardando cliente', 'resolvido'],
      ['resolvido', 'fechado'],
      ['fechado', 'em andamento'],
      ['em andamento', 'resolvido'],
    ]);
    expect(detail.history.at(-1)!.who).toEqual({ id: tecnico.id, name: expect.any(String) });
  });

  it('refuses fechado from aberto and keeps the ticket unchanged when one field of a PATCH is refused', async () => {
    const ticket = await create(acmeClient, { subject: 'Fechar direto', description: 'x' });
    const response = await patch(tecnico, ticket.id, { status: 'fechado', priority: 'alta' });
    expect(response.status).toBe(409);
    const detail = ticketDetailSchema.parse(
      (await t.api('GET', `/api/tickets/${ticket.id}`, { token: tecnico.token })).body,
    );
    expect(detail).toMatchObject({ status: 'aberto', priority: 'média' });
    expect(detail.history).toHaveLength(1);
  });

  it('records priority (with a new due time), category and assignee changes; validates the PATCH body', async () => {
    const ticket = await create(acmeClient, { subject: 'Vários campos', description: 'x' });
    const response = await patch(gestor, ticket.id, {
      priority: 'baixa',
      category: 'Rede',
      assignee_id: tecnico.id,
    });
    expect(response.status).toBe(200);
    const updated = ticketSchema.parse(response.body);
    expect(updated.assignee?.id).toBe(tecnico.id);
    expect((Date.parse(updated.due_at) - Date.parse(updated.created_at)) / 3_600_000).toBeCloseTo(72, 5);
    const detail = ticketDetailSchema.parse(
      (await t.api('GET', `/api/tickets/${ticket.id}`, { token: gestor.token })).body,
    );
    expect(detail.history.map((entry) => entry.field)).toEqual([
      'status',
      'priority',
      'category',
      'assignee',
    ]);
    expect(await notificationsOf(tecnico.id, `/tickets/${ticket.id}`)).toContain('Chamado atribuído a você');

    const empty = await patch(gestor, ticket.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ _: 'Informe ao menos um campo para alterar' });
    const unknown = await patch(gestor, ticket.id, { subject: 'novo' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toMatchObject({ subject: 'Campo não permitido' });
    const clientAssignee = await patch(gestor, ticket.id, { assignee_id: acmeClient.id });
    expect(clientAssignee.status).toBe(400);
    expect(clientAssignee.body.details.assignee_id).toContain('responsável');
  });
});

describe('thread: replies and internal notes', () => {
  let ticket: Ticket;

  beforeAll(async () => {
    ticket = await create(acmeClient, { subject: 'Conversa', description: 'x' });
  });

  it('hides internal notes from clients in the list and the detail', async () => {
    const reply = await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: tecnico.token,
      body: { body: 'Resposta pública' },
    });
    expect(reply.status).toBe(201);
    expect(ticketMessageSchema.parse(reply.body)).toMatchObject({
      internal: false,
      author: { id: tecnico.id },
    });
    const note = await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: tecnico.token,
      body: { body: 'Nota interna secreta', internal: true },
    });
    expect(note.status).toBe(201);
    expect(note.body.internal).toBe(true);

    const staffView = ticketMessageListSchema.parse(
      (await t.api('GET', `/api/tickets/${ticket.id}/messages`, { token: gestor.token })).body,
    );
    expect(staffView.items.map((m) => m.body)).toEqual(['Resposta pública', 'Nota interna secreta']);
    const clientResponse = await t.api('GET', `/api/tickets/${ticket.id}/messages`, {
      token: acmeClient.token,
    });
    const clientView = ticketMessageListSchema.parse(clientResponse.body);
    expect(clientView).toEqual({ items: [staffView.items[0]], total: 1 });
    expect(clientResponse.text).not.toContain('secreta');
    const detail = await t.api('GET', `/api/tickets/${ticket.id}`, { token: acmeClient.token });
    expect(detail.status).toBe(200);
    expect(detail.text).not.toContain('secreta');
  });

  it('refuses a client posting an internal note with 403 and stores nothing', async () => {
    const stored = await countRows('ticket_messages');
    const response = await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: acmeClient.token,
      body: { body: 'Quero ver', internal: true },
    });
    expect(response.status).toBe(403);
    const empty = await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: acmeClient.token,
      body: { body: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      error: 'validation_failed',
      message: 'Escreva uma mensagem ou anexe um arquivo',
      details: { body: 'Escreva uma mensagem ou anexe um arquivo' },
    });
    expect(await countRows('ticket_messages')).toBe(stored);
  });

  it('notifies the other side of a public reply, never of an internal note', async () => {
    const linkOf = `/tickets/${ticket.id}`;
    // Staff replied publicly once (above): the requester was told; the note told nobody.
    expect(await notificationsOf(acmeClient.id, linkOf)).toEqual(['Nova resposta no chamado']);
    // No assignee yet: a client's reply reaches the staff with the key.
    await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: acmeClient.token,
      body: { body: 'Obrigado' },
    });
    expect(await notificationsOf(gestor.id, linkOf)).toEqual(['Novo chamado', 'Nova resposta no chamado']);
    // With an assignee, only the assignee.
    expect((await patch(gestor, ticket.id, { assignee_id: tecnico.id })).status).toBe(200);
    await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: acmeClient.token,
      body: { body: 'Mais' },
    });
    expect(await notificationsOf(gestor.id, linkOf)).toEqual(['Novo chamado', 'Nova resposta no chamado']);
    expect((await notificationsOf(tecnico.id, linkOf)).slice(-2)).toEqual([
      'Chamado atribuído a você',
      'Nova resposta no chamado',
    ]);
  });
});

describe('the /api/support/tickets alias', () => {
  it('answers every route under the alias prefix', async () => {
    const created = await t.api('POST', '/api/support/tickets', {
      token: acmeClient.token,
      body: { subject: 'Pelo alias', description: 'x' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const listed = await t.api('GET', '/api/support/tickets?q=alias', { token: tecnico.token });
    expect(listed.body.items.map((x: Ticket) => x.id)).toEqual([id]);
    expect((await t.api('GET', `/api/support/tickets/${id}`, { token: acmeClient.token })).body.id).toBe(id);
    const patched = await t.api('PATCH', `/api/support/tickets/${id}`, {
      token: tecnico.token,
      body: { status: 'em andamento' },
    });
    expect(patched.body.status).toBe('em andamento');
    const posted = await t.api('POST', `/api/support/tickets/${id}/messages`, {
      token: acmeClient.token,
      body: { body: 'Pelo alias também' },
    });
    expect(posted.status).toBe(201);
    const thread = await t.api('GET', `/api/support/tickets/${id}/messages`, { token: tecnico.token });
    expect(thread.body.total).toBe(1);
    expect((await t.api('GET', `/api/support/tickets/${id}`, { token: globexClient.token })).status).toBe(
      404,
    );
  });
});

describe('realtime', () => {
  it('sends ticket:created to staff with tickets.view and to the requester, ticket:updated on changes', async () => {
    const staffSocket = await connectClient(t.realtimeUrl, { token: tecnico.token });
    const requesterSocket = await connectClient(t.realtimeUrl, { token: acmeClient.token });
    const otherClient = await connectClient(t.realtimeUrl, { token: globexClient.token });
    sockets.push(staffSocket, requesterSocket, otherClient);
    const strayEvents: unknown[] = [];
    otherClient.on('ticket:created', (payload) => strayEvents.push(payload));

    const staffGets = nextEvent<Ticket>(staffSocket, 'ticket:created');
    const requesterGets = nextEvent<Ticket>(requesterSocket, 'ticket:created');
    const ticket = await create(acmeClient, { subject: 'Ao vivo', description: 'x' });
    expect(ticketSchema.parse(await staffGets)).toEqual(ticket);
    expect((await requesterGets).id).toBe(ticket.id);

    const updated = nextEvent<Ticket>(requesterSocket, 'ticket:updated');
    expect((await patch(tecnico, ticket.id, { status: 'em andamento' })).status).toBe(200);
    expect(await updated).toMatchObject({ id: ticket.id, status: 'em andamento' });
    expect(strayEvents).toEqual([]);
  });

  it('tells a technician limited away from a company nothing of its chamados, live or in notifications', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const limited = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    const globexBefore = await create(globexClient, { subject: 'Globex antes do limite', description: 'x' });
    const acmeBefore = await create(acmeClient, { subject: 'Acme antes do limite', description: 'x' });
    expect(await notificationsOf(limited.id, `/tickets/${globexBefore.id}`)).toEqual(['Novo chamado']);

    // Limited to every company but Globex: Globex's chamados leave the notifications, Acme's stay.
    const access = await t.api('PUT', `/api/roles/access/${limited.id}`, {
      token: admin.token,
      body: { company_scope: { mode: 'except', excluded_company_ids: [globex] } },
    });
    expect(access.status).toBe(200);
    expect(await notificationsOf(limited.id, `/tickets/${globexBefore.id}`)).toEqual([]);
    expect(await notificationsOf(limited.id, `/tickets/${acmeBefore.id}`)).toEqual(['Novo chamado']);
    const listed = await t.api('GET', '/api/notifications?limit=50', { token: limited.token });
    const links = (Array.isArray(listed.body) ? listed.body : listed.body.items).map(
      (item: { link: string }) => item.link,
    );
    expect(links).toContain(`/tickets/${acmeBefore.id}`);
    expect(links).not.toContain(`/tickets/${globexBefore.id}`);

    const limitedSocket = await connectClient(t.realtimeUrl, { token: limited.token });
    const peerSocket = await connectClient(t.realtimeUrl, { token: tecnico.token });
    sockets.push(limitedSocket, peerSocket);
    const heard: { event: string; id?: number; link?: string }[] = [];
    for (const event of ['ticket:created', 'ticket:updated']) {
      limitedSocket.on(event, (ticket: Ticket) => heard.push({ event, id: ticket.id }));
    }
    limitedSocket.on('notification', (payload: { notification: { link: string } }) =>
      heard.push({ event: 'notification', link: payload.notification.link }),
    );

    // A new Globex chamado and a client's reply on it reach the unlimited peer, not the limited technician.
    const peerCreated = nextEvent<Ticket>(peerSocket, 'ticket:created');
    const globexNew = await create(globexClient, { subject: 'Globex depois do limite', description: 'x' });
    expect((await peerCreated).id).toBe(globexNew.id);
    const peerUpdated = nextEvent<Ticket>(peerSocket, 'ticket:updated');
    const reply = await t.api('POST', `/api/tickets/${globexNew.id}/messages`, {
      token: globexClient.token,
      body: { body: 'Alguma novidade?' },
    });
    expect(reply.status).toBe(201);
    expect((await peerUpdated).id).toBe(globexNew.id);
    // Acme's, after them, do reach the limited technician: anything of Globex's would have come first.
    const limitedCreated = nextEvent<Ticket>(limitedSocket, 'ticket:created');
    const limitedNotified = nextEvent(limitedSocket, 'notification');
    const acmeNew = await create(acmeClient, { subject: 'Acme depois do limite', description: 'x' });
    expect((await limitedCreated).id).toBe(acmeNew.id);
    await limitedNotified;
    expect(heard.filter((entry) => entry.id === globexNew.id)).toEqual([]);
    expect(heard.filter((entry) => entry.link === `/tickets/${globexNew.id}`)).toEqual([]);
    expect(heard).toContainEqual({ event: 'notification', link: `/tickets/${acmeNew.id}` });
    expect(await notificationsOf(limited.id, `/tickets/${globexNew.id}`)).toEqual([]);
    expect(await notificationsOf(tecnico.id, `/tickets/${globexNew.id}`)).toContain('Novo chamado');
  });
});
