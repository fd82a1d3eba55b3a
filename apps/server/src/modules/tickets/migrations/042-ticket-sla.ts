import type { Migration } from '../../../db/migration';

/**
 * SLA in business hours (issue 17): a company's business-hours calendar and SLA plan, and a chamado's pauses.
 * - `companies.business_hours` (the contract's BusinessCalendar) and `companies.sla_plan` (SlaPlan), as JSON;
 *   null means the defaults — ALWAYS_OPEN_CALENDAR (24×7) and DEFAULT_SLA_PLAN, which are today's
 *   TICKET_DUE_HOURS — so nothing changes for a company without them. A calendar whose `uf` is null takes the
 *   UF of the company's matriz (its head-office branch) for the state holidays.
 * - `tickets.sla_paused_at`: set while the chamado waits for the client ("aguardando cliente"); its clock is
 *   stopped and it is not overdue. `tickets.sla_pauses`: the finished pauses, `[{ "from", "to" }]` in ISO text,
 *   from which the server recomputes `due_at` (contract `slaDueAt`) when the pause ends or the priority changes.
 * Chamados already waiting start their pause at their last change into that status (else their last update).
 */
export const migration042TicketSla: Migration = {
  id: '042-ticket-sla',
  sql: /* sql */ `
ALTER TABLE companies
  ADD COLUMN business_hours jsonb CHECK (business_hours IS NULL OR jsonb_typeof(business_hours) = 'object'),
  ADD COLUMN sla_plan jsonb CHECK (sla_plan IS NULL OR jsonb_typeof(sla_plan) = 'object');

ALTER TABLE tickets
  ADD COLUMN sla_paused_at timestamptz,
  ADD COLUMN sla_pauses jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(sla_pauses) = 'array');

UPDATE tickets t
   SET sla_paused_at = coalesce(
         (SELECT max(h.at) FROM ticket_history h
           WHERE h.ticket_id = t.id AND h.field = 'status' AND h.new_value = 'aguardando cliente'),
         t.updated_at)
 WHERE t.status = 'aguardando cliente';
`,
};
