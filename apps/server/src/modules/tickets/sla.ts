/**
 * A chamado's due time on its company's SLA (issue 17): the company's business-hours calendar and SLA plan
 * (migration 042), the contract's rules (`@farol/data/contract` business-hours.ts) and the chamado's pauses
 * while it waits for the client. A company without a calendar or plan gets ALWAYS_OPEN_CALENDAR and
 * DEFAULT_SLA_PLAN: its due times are creation + TICKET_DUE_HOURS as before.
 */
import {
  ALWAYS_OPEN_CALENDAR,
  businessCalendarSchema,
  DEFAULT_SLA_PLAN,
  isUf,
  slaDueAt,
  slaPlanSchema,
  type BusinessCalendar,
  type SlaPause,
  type SlaPlan,
  type TicketPriority,
} from '@farol/data/contract';
import type { Database } from '../../db/database';

export interface CompanySla {
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
export function companySla(row: Pick<SlaRow, 'business_hours' | 'sla_plan' | 'matriz_uf'>): CompanySla {
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
): Promise<(CompanySla & { now: Date }) | null> => {
  const { rows } = await tx.query<SlaRow>(`SELECT ${SLA_COLUMNS} FROM companies c WHERE c.id = $1`, [
    companyId,
  ]);
  const row = rows[0];
  return row ? { ...companySla(row), now: new Date(row.now) } : null;
};

export interface TicketSlaRow extends CompanySla {
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
  sla: CompanySla,
  priority: TicketPriority,
  createdAt: Date,
  pauses: readonly SlaPause[],
  running: { from: Date; now: Date } | null = null,
): Date {
  const all = running ? [...pauses, { from: running.from, to: running.now }] : pauses;
  return slaDueAt(createdAt, sla.plan.resolution[priority], sla.calendar, all)!;
}
