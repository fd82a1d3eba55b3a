import type { AuditEvent, AuditEventList } from '@farol/data/contract';
import type { Database } from '../../db/database';
import type { PreparedStatement } from '../../db/types';
import { iso, preparedText } from '../../db/sql';
import type { Audit, AuditEntry, AuditQuery } from '../../shared/audit';
import { nameSql } from '../../shared/users';

interface AuditRow {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_name: string | null;
  actor_kind: AuditEvent['actor_kind'];
  company_id: number | null;
  module: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  ticket_id: number | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown> | string;
}

const toEvent = (row: AuditRow): AuditEvent => ({
  id: row.id,
  at: iso(row.at),
  actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name },
  actor_kind: row.actor_kind,
  company_id: row.company_id,
  module: row.module,
  action: row.action,
  target_type: row.target_type,
  target_id: row.target_id,
  reason: row.reason,
  ticket_id: row.ticket_id,
  ip: row.ip,
  user_agent: row.user_agent,
  details:
    typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
});

/** The filters of a read as SQL over audit_events aliased `e` (each one served by an index). */
const filtersOf = (query: AuditQuery) => {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (column: string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    where.push(`e.${column} = $${params.length}`);
  };
  add('company_id', query.companyId);
  add('actor_id', query.actorId);
  add('target_type', query.targetType);
  add('target_id', query.targetId);
  add('module', query.module);
  add('action', query.action);
  return { where: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params };
};

/** `app.audit`: writes events (in the caller's transaction when given) and reads them back, paged. */
export const createAudit = (db: Database): Audit => {
  // Every write records one of these: a prepared statement (on PGlite its text values are inlined as literals,
  // so each is declared text; details arrive as text and become jsonb inside).
  const statement = (entry: AuditEntry): PreparedStatement => {
    const text = (value: string | null | undefined) =>
      value === undefined || value === null ? null : preparedText(value);
    return {
      name: 'audit_record',
      sql: `INSERT INTO audit_events (actor_id, actor_kind, company_id, module, action, target_type, target_id,
         reason, ticket_id, ip, user_agent, details)
       VALUES ($1::int, $2::text, $3::int, $4::text, $5::text, $6::text, $7::text, $8::text, $9::int, $10::text,
               $11::text, $12::text::jsonb)`,
      params: [
        entry.actorId,
        text(entry.actorKind),
        entry.companyId ?? null,
        text(entry.module),
        text(entry.action),
        text(entry.targetType),
        entry.targetId === undefined || entry.targetId === null ? null : preparedText(String(entry.targetId)),
        text(entry.reason),
        entry.ticketId ?? null,
        text(entry.ip),
        text(entry.userAgent),
        preparedText(JSON.stringify(entry.details ?? {})),
      ],
    };
  };

  const record = async (entry: AuditEntry, tx: Database = db) => {
    const { name, sql, params } = statement(entry);
    await tx.prepared(name, sql, params);
  };

  // Several events: one prepared INSERT reading its rows from one JSON text (any number of rows, one plan).
  const many = async (entries: readonly AuditEntry[], tx: Database = db) => {
    if (entries.length === 0) return;
    const rows = entries.map((entry, n) => ({
      n,
      actor_id: entry.actorId,
      actor_kind: entry.actorKind,
      company_id: entry.companyId ?? null,
      module: entry.module,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
      reason: entry.reason ?? null,
      ticket_id: entry.ticketId ?? null,
      ip: entry.ip ?? null,
      user_agent: entry.userAgent ?? null,
      details: entry.details ?? {},
    }));
    await tx.prepared(
      'audit_record_many',
      `INSERT INTO audit_events (actor_id, actor_kind, company_id, module, action, target_type, target_id,
         reason, ticket_id, ip, user_agent, details)
       SELECT actor_id, actor_kind, company_id, module, action, target_type, target_id, reason, ticket_id, ip,
              user_agent, coalesce(details, '{}'::jsonb)
         FROM jsonb_to_recordset($1::text::jsonb)
              AS r(n int, actor_id int, actor_kind text, company_id int, module text, action text, target_type text,
                   target_id text, reason text, ticket_id int, ip text, user_agent text, details jsonb)
        ORDER BY n`,
      [preparedText(JSON.stringify(rows))],
    );
  };

  const list = async (query: AuditQuery): Promise<AuditEventList> => {
    const { where, params } = filtersOf(query);
    const [items, total] = await Promise.all([
      db.query<AuditRow>(
        `SELECT e.*, ${nameSql('u')} AS actor_name
         FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id ${where}
         ORDER BY e.at DESC, e.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.limit, (query.page - 1) * query.limit],
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_events e ${where}`, params),
    ]);
    return { items: items.rows.map(toEvent), total: total.rows[0]?.total ?? 0 };
  };

  return Object.assign(record, { many, statement, list });
};
