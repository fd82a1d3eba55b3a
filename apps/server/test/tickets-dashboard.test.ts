import { beforeAll, describe, expect, it } from 'vitest';
import {
  TICKET_CATEGORIES,
  ticketFormOptionsSchema,
  ticketSummarySchema,
  type Ticket,
  type TicketStatus,
} from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { ticketHelpers } from './ticket-helpers';

const t = setupTestServer({ demo: false });
const { truncateTickets, insertCompany, create, list } = ticketHelpers(t);

let acme: { id: number; branch: number };
let globex: { id: number; branch: number };
let tecnico: TestUser;
let gestor: TestUser;
let admin: TestUser;
let noKey: TestUser;
let acmeClient: TestUser;
let clientWithoutCompany: TestUser;
/** urgent-mine (aberto), late (em andamento, past due), waiting (aguardando), solvedLate (resolvido, past due), closed */
const made: Record<'urgentMine' | 'late' | 'waiting' | 'solvedLate' | 'closed', Ticket> = {} as never;

const setState = async (ticket: Ticket, status: TicketStatus, { pastDue = false } = {}) => {
  await t.server.db.query(
    `UPDATE tickets SET status = $2, due_at = CASE WHEN $3 THEN now() - interval '1 hour' ELSE due_at END
     WHERE id = $1`,
    [ticket.id, status, pastDue],
  );
};

const ids = (tickets: { items: Ticket[] }) => tickets.items.map((ticket) => ticket.id).sort((a, b) => a - b);
const sorted = (...tickets: Ticket[]) => tickets.map((ticket) => ticket.id).sort((a, b) => a - b);

beforeAll(async () => {
  await truncateTickets();
  acme = await insertCompany('Acme');
  globex = await insertCompany('Globex');
  tecnico = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
  gestor = await t.createUser({ role: 'gestor', permissions: ['tickets.view', 'users.view'] });
  admin = await t.createUser({ role: 'admin', firstName: 'Admin' });
  noKey = await t.createUser({ role: 'tecnico', permissions: ['tasks.view'] });
  acmeClient = await t.createUser({ role: 'cliente', companyId: acme.id });
  clientWithoutCompany = await t.createUser({ role: 'cliente' });

  const open = (subject: string, priority: string, company: number, assignee?: TestUser) =>
    create(tecnico, { subject, description: 'x', priority, company_id: company }).then(async (ticket) => {
      if (assignee) {
        await t.server.db.query('UPDATE tickets SET assignee_id = $2 WHERE id = $1', [
          ticket.id,
          assignee.id,
        ]);
      }
      return ticket;
    });
  made.urgentMine = await open('Urgente meu', 'urgente', acme.id, tecnico);
  made.late = await open('Atrasado', 'alta', acme.id, gestor);
  made.waiting = await open('Aguardando', 'baixa', globex.id);
  made.solvedLate = await open('Resolvido atrasado', 'urgente', globex.id, tecnico);
  made.closed = await open('Fechado', 'média', acme.id);
  await setState(made.late, 'em andamento', { pastDue: true });
  await setState(made.waiting, 'aguardando cliente');
  await setState(made.solvedLate, 'resolvido', { pastDue: true });
  await setState(made.closed, 'fechado');
});

describe('list filters open and overdue', () => {
  it('keeps open statuses with open=true and open past-due ones with overdue=true', async () => {
    const open = await list(tecnico, '?open=true');
    expect(ids(open)).toEqual(sorted(made.urgentMine, made.late, made.waiting));
    expect(open.total).toBe(3);
    const overdue = await list(tecnico, '?overdue=true');
    expect(ids(overdue)).toEqual(sorted(made.late));
    expect(overdue.total).toBe(1);
    // false means no filter.
    expect((await list(tecnico, '?open=false&overdue=false')).total).toBe(5);
  });

  it('combines with the other filters, sorting and the client scope', async () => {
    expect(ids(await list(tecnico, `?open=true&company_id=${acme.id}`))).toEqual(
      sorted(made.urgentMine, made.late),
    );
    expect(ids(await list(tecnico, '?open=true&priority=urgente'))).toEqual(sorted(made.urgentMine));
    expect(ids(await list(tecnico, '?open=true&assignee_id=me'))).toEqual(sorted(made.urgentMine));
    expect(ids(await list(tecnico, '?open=true&assignee_id=none'))).toEqual(sorted(made.waiting));
    // Past due but resolvido: not overdue.
    expect((await list(tecnico, '?overdue=true&status=resolvido')).items).toEqual([]);
    expect((await list(tecnico, '?overdue=true&q=Atrasado')).items.map((x) => x.id)).toEqual([made.late.id]);
    const byPriority = await list(tecnico, '?open=true&sort=priority&order=desc');
    expect(byPriority.items.map((x) => x.priority)).toEqual(['urgente', 'alta', 'baixa']);
    expect(ids(await list(acmeClient, '?open=true'))).toEqual(sorted(made.urgentMine, made.late));
    expect(ids(await list(acmeClient, '?overdue=true'))).toEqual(sorted(made.late));
  });

  it('answers each list item exactly as the ticket itself is answered', async () => {
    const [item] = (await list(tecnico, `?q=${made.late.number}`)).items;
    const detail = await t.api('GET', `/api/tickets/${made.late.id}`, { token: tecnico.token });
    const { history: _history, attachments: _attachments, ...ticket } = detail.body;
    expect(item).toEqual(ticket);
    expect(item!.assignee).toEqual({ id: gestor.id, name: expect.any(String) });
  });

  it('keeps ticket_counts equal to the tickets through inserts, updates, deletes and truncation', async () => {
    const counted = async () => {
      const actual = await t.server.db.query(
        `SELECT company_id, status, priority, COALESCE(assignee_id, 0) AS assignee_id, count(*)::int AS n
         FROM tickets GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      );
      const kept = await t.server.db.query(
        `SELECT company_id, status, priority, assignee_id, n FROM ticket_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`,
      );
      return { actual: actual.rows, kept: kept.rows };
    };
    const extra = await create(gestor, { subject: 'Contagem', description: 'x', company_id: globex.id });
    await t.api('PATCH', `/api/tickets/${extra.id}`, {
      token: gestor.token,
      body: { status: 'em andamento', priority: 'urgente', assignee_id: tecnico.id },
    });
    await t.server.db.query('UPDATE tickets SET company_id = $2 WHERE id = $1', [extra.id, acme.id]);
    let state = await counted();
    expect(state.kept).toEqual(state.actual);
    await t.server.db.query('DELETE FROM tickets WHERE id = $1', [extra.id]);
    state = await counted();
    expect(state.kept).toEqual(state.actual);
    expect(state.actual.length).toBeGreaterThan(0);

    // TRUNCATE fires no row trigger; its statement trigger empties the counts (rolled back to keep the data).
    const rollback = new Error('rollback');
    let leftAfterTruncate = -1;
    await t.server.db
      .transaction(async (tx) => {
        await tx.query('TRUNCATE tickets, ticket_messages, ticket_history, ticket_attachments CASCADE');
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM ticket_counts WHERE n <> 0',
        );
        leftAfterTruncate = rows[0]!.n;
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(leftAfterTruncate).toBe(0);
    expect((await counted()).kept).toEqual(state.actual);
  });

  it('rejects a flag that is not true or false', async () => {
    const response = await t.api('GET', '/api/tickets?open=sim&overdue=1', { token: tecnico.token });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual({
      open: "open deve ser 'true' ou 'false'",
      overdue: "overdue deve ser 'true' ou 'false'",
    });
  });
});

describe('GET /api/tickets/summary', () => {
  const summaryOf = async (user: TestUser, prefix = '/api/tickets') => {
    const response = await t.api('GET', `${prefix}/summary`, { token: user.token });
    expect(response.status, response.text).toBe(200);
    return ticketSummarySchema.parse(response.body);
  };

  it('counts by status, open, mine, urgent and overdue (open ones only)', async () => {
    expect(await summaryOf(tecnico)).toEqual({
      by_status: { aberto: 1, 'em andamento': 1, 'aguardando cliente': 1, resolvido: 1, fechado: 1 },
      open: 3,
      mine: 1,
      urgent: 1,
      overdue: 1,
    });
    expect((await summaryOf(gestor)).mine).toBe(1);
    expect((await summaryOf(admin)).mine).toBe(0);
  });

  it('follows changes and answers under the alias', async () => {
    const extra = await create(gestor, { subject: 'Mais um', description: 'x', company_id: globex.id });
    const summary = await summaryOf(gestor, '/api/support/tickets');
    expect(summary.by_status.aberto).toBe(2);
    expect(summary.open).toBe(4);
    await t.server.db.query('DELETE FROM tickets WHERE id = $1', [extra.id]);
    expect((await summaryOf(gestor)).open).toBe(3);
  });

  it('is staff-only: 403 for clients and for staff without tickets.view', async () => {
    for (const user of [acmeClient, noKey]) {
      const response = await t.api('GET', '/api/tickets/summary', { token: user.token });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('forbidden');
    }
    expect((await t.api('GET', '/api/tickets/summary')).status).toBe(401);
  });
});

describe('GET /api/tickets/options', () => {
  const optionsOf = async (user: TestUser, prefix = '/api/tickets') => {
    const response = await t.api('GET', `${prefix}/options`, { token: user.token });
    expect(response.status, response.text).toBe(200);
    return ticketFormOptionsSchema.parse(response.body);
  };

  it('offers staff every company with its branches, staff holding the key and the categories', async () => {
    const options = await optionsOf(tecnico);
    expect(options.companies).toEqual(
      expect.arrayContaining([
        {
          id: acme.id,
          name: expect.stringContaining('Acme'),
          branches: [{ id: acme.branch, name: 'Matriz' }],
        },
        {
          id: globex.id,
          name: expect.stringContaining('Globex'),
          branches: [{ id: globex.branch, name: 'Matriz' }],
        },
      ]),
    );
    const assigneeIds = options.assignees.map((person) => person.id);
    expect(assigneeIds).toEqual(expect.arrayContaining([tecnico.id, gestor.id, admin.id]));
    for (const outsider of [noKey, acmeClient, clientWithoutCompany])
      expect(assigneeIds).not.toContain(outsider.id);
    expect(options.assignees.find((person) => person.id === admin.id)?.name).toBe('Admin Teste');
    expect(options.categories).toEqual([...TICKET_CATEGORIES]);
  });

  it('offers a client only their own company and nobody to assign', async () => {
    expect(await optionsOf(acmeClient, '/api/support/tickets')).toEqual({
      companies: [
        {
          id: acme.id,
          name: expect.stringContaining('Acme'),
          branches: [{ id: acme.branch, name: 'Matriz' }],
        },
      ],
      assignees: [],
      categories: [...TICKET_CATEGORIES],
    });
    expect((await optionsOf(clientWithoutCompany)).companies).toEqual([]);
    expect((await t.api('GET', '/api/tickets/options', { token: noKey.token })).status).toBe(403);
  });
});

describe('list pages kept in memory (PGlite)', () => {
  it('shows each ticket write in the very next list, for every reader', async () => {
    const waitingQuery = '?status=aguardando%20cliente';
    expect(ids(await list(tecnico, waitingQuery))).toEqual(sorted(made.waiting));
    expect(ids(await list(gestor, waitingQuery))).toEqual(sorted(made.waiting));
    const moved = await t.api('PATCH', `/api/tickets/${made.waiting.id}`, {
      token: gestor.token,
      body: { status: 'em andamento' },
    });
    expect(moved.status).toBe(200);
    expect((await list(tecnico, waitingQuery)).items).toEqual([]);

    const created = await create(acmeClient, { subject: 'Recém-criado', description: 'x' });
    expect((await list(tecnico)).items[0]!.id).toBe(created.id);
    expect((await list(acmeClient)).items[0]!.id).toBe(created.id);
    const replied = await t.api('POST', `/api/tickets/${made.late.id}/messages`, {
      token: tecnico.token,
      body: { body: 'Atualizando' },
    });
    expect(replied.status).toBe(201);
    expect((await list(acmeClient)).items[0]!.id).toBe(made.late.id);
    // 'me' is each caller's own.
    expect(ids(await list(tecnico, '?assignee_id=me'))).toEqual(sorted(made.urgentMine, made.solvedLate));
    expect(ids(await list(gestor, '?assignee_id=me'))).toEqual(sorted(made.late));
  });
});
