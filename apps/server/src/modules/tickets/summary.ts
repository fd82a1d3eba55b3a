import {
  TICKET_OPEN_STATUSES,
  TICKET_STATUSES,
  type TicketStatus,
  type TicketSummary,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import type { Viewer } from '../../http/access';
import { OVERDUE_SQL, openSql, scopeSql } from './repository';

/**
 * The dashboard's counts over what the caller may see: per status, and among the open ones those assigned to
 * the caller and the urgent ones, all summed from ticket_counts; past due, which moves with the clock, is
 * counted on the tickets through the partial index of open due times.
 */
export const ticketSummary = async (db: Database, viewer: Viewer): Promise<TicketSummary> => {
  const keyParams: unknown[] = [viewer.id];
  const keyScope = scopeSql(viewer.scope, keyParams, 'k');
  const overdueParams: unknown[] = [];
  const overdueScope = scopeSql(viewer.scope, overdueParams);
  const [byStatus, overdue] = await Promise.all([
    db.query<{ status: TicketStatus; total: number; mine: number; urgent: number }>(
      `SELECT k.status, sum(k.n)::int AS total,
         COALESCE(sum(k.n) FILTER (WHERE k.assignee_id = $1), 0)::int AS mine,
         COALESCE(sum(k.n) FILTER (WHERE k.priority = 'urgente'), 0)::int AS urgent
       FROM ticket_counts k WHERE ${keyScope} GROUP BY k.status`,
      keyParams,
    ),
    db.query<{ overdue: number }>(
      `SELECT count(*)::int AS overdue FROM tickets t WHERE ${overdueScope} AND ${openSql()} AND ${OVERDUE_SQL}`,
      overdueParams,
    ),
  ]);
  const summary: TicketSummary = {
    by_status: Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])) as Record<
      TicketStatus,
      number
    >,
    open: 0,
    mine: 0,
    urgent: 0,
    overdue: overdue.rows[0]?.overdue ?? 0,
  };
  for (const row of byStatus.rows) {
    summary.by_status[row.status] = row.total;
    if (!(TICKET_OPEN_STATUSES as readonly string[]).includes(row.status)) continue;
    summary.open += row.total;
    summary.mine += row.mine;
    summary.urgent += row.urgent;
  }
  return summary;
};
