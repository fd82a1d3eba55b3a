import { beforeAll, describe, expect, it } from 'vitest';
import {
  addBusinessTime,
  ALWAYS_OPEN_CALENDAR,
  companySlaSchema,
  COMMERCIAL_CALENDAR,
  DEFAULT_SLA_PLAN,
  slaDueAt,
  ticketSchema,
  TICKET_DUE_HOURS,
  type BusinessCalendar,
  type SlaPlan,
  type Ticket,
} from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { ticketHelpers } from './ticket-helpers';

const t = setupTestServer({ demo: false });
const { truncateTickets, insertCompany, create, patch, list } = ticketHelpers(t);

const HOUR = 3_600_000;
let tecnico: TestUser;
/** No calendar and no plan: the defaults (24×7, TICKET_DUE_HOURS). */
let plain: { id: number; branch: number };
/** Commercial hours with its matriz in SP and a plan of its own. */
let business: { id: number; branch: number };

const plan: SlaPlan = {
  first_response: { urgente: 30, alta: 60, média: 120, baixa: 240 },
  resolution: { urgente: 120, alta: 240, média: 600, baixa: 1200 },
};
const spCalendar: BusinessCalendar = { ...COMMERCIAL_CALENDAR, uf: 'SP' };

interface SlaColumns {
  created_at: Date | string;
  due_at: Date | string;
  sla_paused_at: Date | string | null;
  sla_pauses: { from: string; to: string }[] | string;
}
const slaOf = async (id: number) => {
  const { rows } = await t.server.db.query<SlaColumns>(
    'SELECT created_at, due_at, sla_paused_at, sla_pauses FROM tickets WHERE id = $1',
    [id],
  );
  const row = rows[0]!;
  return {
    created: new Date(row.created_at).getTime(),
    due: new Date(row.due_at).getTime(),
    pausedAt: row.sla_paused_at === null ? null : new Date(row.sla_paused_at).getTime(),
    pauses: (typeof row.sla_pauses === 'string' ? JSON.parse(row.sla_pauses) : row.sla_pauses) as {
      from: string;
      to: string;
    }[],
  };
};

/** Moves a chamado's creation, due time and running pause `hours` into the past. */
const backdate = (id: number, hours: number) =>
  t.server.db.query(
    `UPDATE tickets SET created_at = created_at - make_interval(hours => $2), due_at = due_at - make_interval(hours => $2),
       sla_paused_at = sla_paused_at - make_interval(hours => $2) WHERE id = $1`,
    [id, hours],
  );

const patchOk = async (id: number, body: Record<string, unknown>) => {
  const response = await patch(tecnico, id, body);
  expect(response.status, response.text).toBe(200);
  return ticketSchema.parse(response.body);
};

beforeAll(async () => {
  await truncateTickets();
  tecnico = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
  plain = await insertCompany('Sem SLA');
  business = await insertCompany('Com SLA');
  await t.server.db.query(
    'UPDATE companies SET business_hours = $2::jsonb, sla_plan = $3::jsonb WHERE id = $1',
    [business.id, JSON.stringify({ ...COMMERCIAL_CALENDAR, uf: null }), JSON.stringify(plan)],
  );
  await t.server.db.query("UPDATE branches SET head_office = true, uf = 'SP' WHERE id = $1", [
    business.branch,
  ]);
});

describe('due times on the SLA plan (issue 17)', () => {
  it('keeps creation + TICKET_DUE_HOURS for a company without a plan', async () => {
    for (const priority of ['urgente', 'alta', 'média', 'baixa'] as const) {
      const ticket = await create(tecnico, {
        subject: priority,
        description: 'x',
        priority,
        company_id: plain.id,
      });
      const sla = await slaOf(ticket.id);
      expect(sla.due - sla.created).toBe(TICKET_DUE_HOURS[priority] * HOUR);
      expect(DEFAULT_SLA_PLAN.resolution[priority]).toBe(TICKET_DUE_HOURS[priority] * 60);
    }
  });

  it("counts the company's plan in its business hours, with its matriz's state holidays", async () => {
    const ticket = await create(tecnico, {
      subject: 'SLA',
      description: 'x',
      priority: 'alta',
      company_id: business.id,
    });
    const sla = await slaOf(ticket.id);
    expect(sla.due).toBe(addBusinessTime(sla.created, plan.resolution.alta, spCalendar).getTime());
    expect(new Date(ticket.due_at).getTime()).toBe(sla.due);
  });

  it('recomputes the due time from creation when the priority changes', async () => {
    const ticket = await create(tecnico, {
      subject: 'Prio',
      description: 'x',
      priority: 'baixa',
      company_id: business.id,
    });
    await patchOk(ticket.id, { priority: 'urgente' });
    const sla = await slaOf(ticket.id);
    expect(sla.due).toBe(addBusinessTime(sla.created, plan.resolution.urgente, spCalendar).getTime());
  });
});

describe('the clock pauses while the chamado waits for the client', () => {
  let waiting: Ticket;

  it('starts a pause, keeps the due time, and leaves the chamado out of the overdue ones', async () => {
    waiting = await create(tecnico, {
      subject: 'Espera',
      description: 'x',
      priority: 'urgente',
      company_id: plain.id,
    });
    const before = await slaOf(waiting.id);
    await patchOk(waiting.id, { status: 'aguardando cliente' });
    const paused = await slaOf(waiting.id);
    expect(paused.pausedAt).not.toBeNull();
    expect(paused.due).toBe(before.due);
    // Five hours later (created 5 h ago, waiting for the last 3 h): past its 4 h due time, yet not overdue.
    await backdate(waiting.id, 3);
    await t.server.db.query(
      "UPDATE tickets SET created_at = created_at - interval '2 hours', due_at = due_at - interval '2 hours' WHERE id = $1",
      [waiting.id],
    );
    const overdue = await list(tecnico, '?overdue=true');
    expect(overdue.items.map((ticket) => ticket.id)).not.toContain(waiting.id);
  });

  it('moves the due time by the pause when the client answers', async () => {
    const updated = await patchOk(waiting.id, { status: 'em andamento' });
    const sla = await slaOf(waiting.id);
    expect(sla.pausedAt).toBeNull();
    expect(sla.pauses).toHaveLength(1);
    const resumed = Date.parse(sla.pauses[0]!.to);
    expect(resumed - Date.parse(sla.pauses[0]!.from)).toBeGreaterThanOrEqual(3 * HOUR);
    // About 2 h ran before the wait (of 4 h): the rest runs from the moment it ended.
    const ranBefore = Date.parse(sla.pauses[0]!.from) - sla.created;
    expect(ranBefore).toBeGreaterThanOrEqual(2 * HOUR);
    expect(sla.due).toBe(resumed + 4 * HOUR - ranBefore);
    expect(new Date(updated.due_at).getTime()).toBe(sla.due);
    expect((await list(tecnico, '?overdue=true')).items.map((ticket) => ticket.id)).not.toContain(waiting.id);
  });

  it('counts a pause on business hours only, and keeps every pause across a priority change', async () => {
    const ticket = await create(tecnico, {
      subject: 'Pausas',
      description: 'x',
      priority: 'média',
      company_id: business.id,
    });
    await patchOk(ticket.id, { status: 'aguardando cliente' });
    await backdate(ticket.id, 30);
    await patchOk(ticket.id, { status: 'em andamento' });
    await patchOk(ticket.id, { priority: 'baixa' });
    const sla = await slaOf(ticket.id);
    expect(sla.pauses).toHaveLength(1);
    const expected = slaDueAt(sla.created, plan.resolution.baixa, spCalendar, sla.pauses)!;
    expect(sla.due).toBe(expected.getTime());
    expect(sla.due).toBeGreaterThanOrEqual(
      addBusinessTime(sla.created, plan.resolution.baixa, spCalendar).getTime(),
    );
  });

  it('ends the pause when the chamado is resolved straight from the wait', async () => {
    const ticket = await create(tecnico, {
      subject: 'Direto',
      description: 'x',
      priority: 'alta',
      company_id: plain.id,
    });
    await patchOk(ticket.id, { status: 'aguardando cliente' });
    await patchOk(ticket.id, { status: 'resolvido' });
    const sla = await slaOf(ticket.id);
    expect(sla.pausedAt).toBeNull();
    expect(sla.pauses).toHaveLength(1);
  });
});

describe('GET and PUT /api/companies/:id/sla', () => {
  let manager: TestUser;
  let reader: TestUser;
  let other: { id: number; branch: number };

  beforeAll(async () => {
    manager = await t.createUser({
      role: 'gestor',
      permissions: ['companies.view', 'companies.manage', 'tickets.view'],
    });
    reader = await t.createUser({ role: 'tecnico', permissions: ['companies.view'] });
    other = await insertCompany('Configurada');
    await t.server.db.query("UPDATE branches SET head_office = true, uf = 'RJ' WHERE id = $1", [
      other.branch,
    ]);
  });

  it('answers the defaults for a company without settings', async () => {
    const response = await t.api('GET', `/api/companies/${other.id}/sla`, { token: reader.token });
    expect(response.status, response.text).toBe(200);
    expect(companySlaSchema.parse(response.body)).toEqual({
      business_hours: null,
      sla_plan: null,
      matriz_uf: 'RJ',
      effective: { calendar: ALWAYS_OPEN_CALENDAR, plan: DEFAULT_SLA_PLAN },
    });
  });

  it('stores the settings, audits them, and new chamados follow them', async () => {
    const body = { business_hours: { ...COMMERCIAL_CALENDAR, uf: null }, sla_plan: plan };
    const response = await t.api('PUT', `/api/companies/${other.id}/sla`, { token: manager.token, body });
    expect(response.status, response.text).toBe(200);
    const sla = companySlaSchema.parse(response.body);
    expect(sla.business_hours).toEqual(body.business_hours);
    expect(sla.effective.calendar).toEqual({ ...COMMERCIAL_CALENDAR, uf: 'RJ' });
    expect(sla.effective.plan).toEqual(plan);
    const audited = await t.server.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE target_type = 'company' AND target_id = $1 AND action = 'sla_updated'",
      [other.id],
    );
    expect(audited.rows).toHaveLength(1);
    const ticket = await create(tecnico, {
      subject: 'No Rio',
      description: 'x',
      priority: 'média',
      company_id: other.id,
    });
    const due = await slaOf(ticket.id);
    expect(due.due).toBe(
      addBusinessTime(due.created, plan.resolution.média, { ...COMMERCIAL_CALENDAR, uf: 'RJ' }).getTime(),
    );
    // Back to the defaults.
    const reset = await t.api('PUT', `/api/companies/${other.id}/sla`, {
      token: manager.token,
      body: { business_hours: null, sla_plan: null },
    });
    expect(companySlaSchema.parse(reset.body).effective.plan).toEqual(DEFAULT_SLA_PLAN);
  });

  it('refuses bad hours and plans in Portuguese, and writers only', async () => {
    const overlap = {
      business_hours: {
        ...COMMERCIAL_CALENDAR,
        week: [
          [],
          [
            { start: '08:00', end: '12:00' },
            { start: '11:00', end: '18:00' },
          ],
          [],
          [],
          [],
          [],
          [],
        ],
      },
      sla_plan: { ...plan, first_response: { ...plan.first_response, baixa: 5000 } },
    };
    const bad = await t.api('PUT', `/api/companies/${other.id}/sla`, { token: manager.token, body: overlap });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'validation_failed',
      details: {
        'business_hours.week.1': 'Intervalos do dia se sobrepõem',
        'sla_plan.first_response.baixa': 'A primeira resposta não pode ter prazo maior que a resolução',
      },
    });
    const refused = await t.api('PUT', `/api/companies/${other.id}/sla`, {
      token: reader.token,
      body: { business_hours: null, sla_plan: null },
    });
    expect(refused.status).toBe(403);
    expect((await t.api('GET', '/api/companies/999999/sla', { token: reader.token })).status).toBe(404);
  });
});
