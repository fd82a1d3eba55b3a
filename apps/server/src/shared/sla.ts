/**
 * A company's SLA and a chamado's due time on it (issue 17), shared by the companies module (which reads and
 * sets the settings) and the tickets module (which computes due times): the company's business-hours calendar
 * and SLA plan (migration 042), the contract's rules (`@farol/data/contract` business-hours.ts) and the
 * chamado's pauses while it waits for the client. A company without a calendar or plan gets
 * ALWAYS_OPEN_CALENDAR and DEFAULT_SLA_PLAN: its due times are creation + TICKET_DUE_HOURS as before.
 */
import {
  ALWAYS_OPEN_CALENDAR,
  businessCalendarSchema,
  DEFAULT_SLA_PLAN,
  isUf,
  slaDueAt,
  slaPlanSchema,
  type BusinessCalendar,
  type CompanySla,
  type SlaPause,
  type SlaPlan,
  type TicketPriority,
} from '@farol/data/contract';
import type { Database } from '../db/database';
import { notFound } from '../http/errors';

export interface EffectiveSla {
  calendar: BusinessCalendar;
  plan: SlaPlan;
}

interface SlaRow {
  business_hours: unknown;
  sla_plan: unknown;
  matriz_uf: string | null;
  now: Date | string;
}

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** The stored calendar and plan, or the defaults when absent or unreadable; the matriz's UF fills a null uf. */
export function companySla(row: Pick<SlaRow, 'business_hours' | 'sla_plan' | 'matriz_uf'>): EffectiveSla {
  const calendar =
    row.business_hours == null ? null : businessCalendarSchema.safeParse(json(row.business_hours));
  const plan = row.sla_plan == null ? null : slaPlanSchema.safeParse(json(row.sla_plan));
  let resolved = calendar?.success ? calendar.data : ALWAYS_OPEN_CALENDAR;
  if (resolved.uf === null && resolved.holidays && row.matriz_uf && isUf(row.matriz_uf)) {
    resolved = { ...resolved, uf: row.matriz_uf };
  }
  return { calendar: resolved, plan: plan?.success ? plan.data : DEFAULT_SLA_PLAN };
}

const SLA_COLUMNS = `c.business_hours, c.sla_plan,
  (SELECT b.uf FROM branches b WHERE b.company_id = c.id AND b.head_office) AS matriz_uf,
  now() AS now`;

/** A company's SLA and the transaction's now(); null when the company does not exist. */
export const loadCompanySla = async (
  tx: Database,
  companyId: number,
): Promise<(EffectiveSla & { now: Date }) | null> => {
  const { rows } = await tx.query<SlaRow>(`SELECT ${SLA_COLUMNS} FROM companies c WHERE c.id = $1`, [
    companyId,
  ]);
  const row = rows[0];
  return row ? { ...companySla(row), now: new Date(row.now) } : null;
};

export interface TicketSlaRow extends EffectiveSla {
  now: Date;
  createdAt: Date;
  pausedAt: Date | null;
  pauses: SlaPause[];
}

/** A chamado's clock inputs: its company's SLA, creation, running pause and finished pauses. */
export const loadTicketSla = async (tx: Database, ticketId: number): Promise<TicketSlaRow> => {
  const { rows } = await tx.query<
    SlaRow & { created_at: Date | string; sla_paused_at: Date | string | null; sla_pauses: unknown }
  >(
    `SELECT ${SLA_COLUMNS}, t.created_at, t.sla_paused_at, t.sla_pauses
       FROM tickets t JOIN companies c ON c.id = t.company_id WHERE t.id = $1`,
    [ticketId],
  );
  const row = rows[0]!;
  return {
    ...companySla(row),
    now: new Date(row.now),
    createdAt: new Date(row.created_at),
    pausedAt: row.sla_paused_at === null ? null : new Date(row.sla_paused_at),
    pauses: json(row.sla_pauses) as SlaPause[],
  };
};

/**
 * The resolution due time of a chamado: its plan's target for the priority counted on the calendar from its
 * creation, the finished pauses left out. A running pause counts as ending now (the due time if the client
 * answered now); the server recomputes it when the pause really ends.
 */
export function resolutionDueAt(
  sla: EffectiveSla,
  priority: TicketPriority,
  createdAt: Date,
  pauses: readonly SlaPause[],
  running: { from: Date; now: Date } | null = null,
): Date {
  const all = running ? [...pauses, { from: running.from, to: running.now }] : pauses;
  return slaDueAt(createdAt, sla.plan.resolution[priority], sla.calendar, all)!;
}

const storedCalendar = (value: unknown): BusinessCalendar | null => {
  if (value == null) return null;
  const parsed = businessCalendarSchema.safeParse(json(value));
  return parsed.success ? parsed.data : null;
};
const storedPlan = (value: unknown): SlaPlan | null => {
  if (value == null) return null;
  const parsed = slaPlanSchema.safeParse(json(value));
  return parsed.success ? parsed.data : null;
};

/** GET /api/companies/:id/sla: the stored settings and what applies (404 for no such company). */
export const readCompanySla = async (db: Database, companyId: number, lock = false): Promise<CompanySla> => {
  const { rows } = await db.query<SlaRow>(
    `SELECT ${SLA_COLUMNS} FROM companies c WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [companyId],
  );
  const row = rows[0];
  if (!row) throw notFound('Empresa não encontrada');
  const effective = companySla(row);
  return {
    business_hours: storedCalendar(row.business_hours),
    sla_plan: storedPlan(row.sla_plan),
    matriz_uf: row.matriz_uf && isUf(row.matriz_uf) ? row.matriz_uf : null,
    effective: { calendar: effective.calendar, plan: effective.plan },
  };
};

/** Stores a company's calendar and plan (null: the default); the caller audits. */
export const writeCompanySla = async (
  tx: Database,
  companyId: number,
  calendar: BusinessCalendar | null,
  plan: SlaPlan | null,
) => {
  await tx.query(
    'UPDATE companies SET business_hours = $2::jsonb, sla_plan = $3::jsonb, updated_at = now() WHERE id = $1',
    [
      companyId,
      calendar === null ? null : JSON.stringify(calendar),
      plan === null ? null : JSON.stringify(plan),
    ],
  );
};
