import {
  TICKET_OPEN_STATUSES,
  TICKET_STATUSES,
  type TicketStatus,
  type TicketSummary,
} from '@farol/data/contract';
import type { AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import { OVERDUE_SQL, scopeSql } from './ticket-service';

/**
 * The dashboard's counts in one pass over what the caller may see: per status, and among the open ones
 * those assigned to the caller, the urgent ones and those past due.
 */
export const ticketSummary = async (db: Database, caller: AuthUser): Promise<TicketSummary> => {
  const params: unknown[] = [caller.id];
  const scope = scopeSql(caller, params);
  const { rows } = await db.query<{
    status: TicketStatus;
    total: number;
    mine: number;
    urgent: number;
    overdue: number;
  }>(
    `SELECT t.status, count(*)::int AS total,
       count(*) FILTER (WHERE t.assignee_id = $1)::int AS mine,
       count(*) FILTER (WHERE t.priority = 'urgente')::int AS urgent,
       count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS overdue
     FROM tickets t WHERE ${scope} GROUP BY t.status`,
    params,
  );
  const summary: TicketSummary = {
    by_status: Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])) as Record<
      TicketStatus,
      number
    >,
    open: 0,
    mine: 0,
    urgent: 0,
    overdue: 0,
  };
  for (const row of rows) {
    summary.by_status[row.status] = row.total;
    if (!(TICKET_OPEN_STATUSES as readonly string[]).includes(row.status)) continue;
    summary.open += row.total;
    summary.mine += row.mine;
    summary.urgent += row.urgent;
    summary.overdue += row.overdue;
  }
  return summary;
};
