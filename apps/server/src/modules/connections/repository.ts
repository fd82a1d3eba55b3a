/** The connections module's SQL and row mapping (issue 15); nothing here decides who may. */
import type {
  Connection,
  ConnectionCredentialMode,
  ConnectionEndReason,
  ConnectionOptions,
  ConnectionProtocol,
  ConnectionReachabilityState,
  ConnectionRecordingPolicy,
  ConnectionSession,
  ConnectionSessionState,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { nameSql } from '../../shared/users';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();
const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export interface ConnectionRow {
  id: number;
  company_id: number | null;
  company_name: string | null;
  branch_id: number | null;
  branch_name: string | null;
  name: string;
  protocol: ConnectionProtocol;
  host: string;
  port: number;
  folder: string | null;
  tags: string[];
  description: string | null;
  credential_mode: ConnectionCredentialMode;
  vault_item_id: number | null;
  vault_item_name: string | null;
  username: string | null;
  jump_connection_id: number | null;
  jump_name: string | null;
  jump_host: string | null;
  jump_port: number | null;
  options: ConnectionOptions;
  host_key_sha256: string | null;
  recording: ConnectionRecordingPolicy;
  require_reason: boolean;
  idle_timeout_min: number | null;
  max_duration_min: number | null;
  max_sessions: number | null;
  reach_state: ConnectionReachabilityState;
  reach_checked_at: Date | string | null;
  active_sessions: number;
  last_session_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  archived_at: Date | string | null;
}

/** The columns of one connection `c`, with its names and counts. */
export const CONNECTION_SELECT = `
  SELECT c.id, c.company_id, co.name AS company_name, c.branch_id, b.name AS branch_name, c.name, c.protocol,
         c.host, c.port, c.folder, c.tags, c.description, c.credential_mode, c.vault_item_id,
         vi.name AS vault_item_name, c.username, c.jump_connection_id, j.name AS jump_name, j.host AS jump_host,
         j.port AS jump_port, c.options, c.host_key_sha256, c.recording, c.require_reason, c.idle_timeout_min,
         c.max_duration_min, c.max_sessions, c.reach_state, c.reach_checked_at,
         (SELECT count(*)::int FROM connection_sessions s
           WHERE s.connection_id = c.id AND s.state IN ('pendente', 'ativa')) AS active_sessions,
         (SELECT max(s.started_at) FROM connection_sessions s WHERE s.connection_id = c.id) AS last_session_at,
         c.created_at, c.updated_at, c.archived_at
    FROM connections c
    LEFT JOIN companies co ON co.id = c.company_id
    LEFT JOIN branches b ON b.id = c.branch_id
    LEFT JOIN vault_items vi ON vi.id = c.vault_item_id AND vi.archived_at IS NULL
    LEFT JOIN connections j ON j.id = c.jump_connection_id AND j.archived_at IS NULL`;

export const toConnection = (row: ConnectionRow): Connection => ({
  id: row.id,
  name: row.name,
  protocol: row.protocol,
  host: row.host,
  port: row.port,
  company: ref(row.company_id, row.company_name),
  branch: ref(row.branch_id, row.branch_name),
  folder: row.folder,
  tags: row.tags,
  description: row.description,
  credential_mode: row.credential_mode,
  vault_item: row.vault_item_name === null ? null : ref(row.vault_item_id, row.vault_item_name),
  username: row.username,
  jump:
    row.jump_name === null
      ? null
      : { id: row.jump_connection_id!, name: row.jump_name, host: row.jump_host!, port: row.jump_port! },
  options: row.options ?? {},
  host_key_sha256: row.host_key_sha256,
  recording: row.recording,
  require_reason: row.require_reason,
  idle_timeout_min: row.idle_timeout_min,
  max_duration_min: row.max_duration_min,
  max_sessions: row.max_sessions,
  reachability: { state: row.reach_state, checked_at: iso(row.reach_checked_at) },
  active_sessions: row.active_sessions,
  last_session_at: iso(row.last_session_at),
  created_at: iso(row.created_at)!,
  updated_at: iso(row.updated_at)!,
});

/** One live (not archived) connection, or null. */
export const loadConnection = async (
  db: Database,
  id: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<ConnectionRow | null> => {
  if (forUpdate) await db.query('SELECT id FROM connections WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<ConnectionRow>(
    `${CONNECTION_SELECT} WHERE c.id = $1 AND c.archived_at IS NULL`,
    [id],
  );
  return rows[0] ?? null;
};

export interface SessionRow {
  id: number;
  connection_id: number;
  connection_name: string;
  connection_protocol: ConnectionProtocol;
  connection_host: string;
  company_id: number | null;
  company_name: string | null;
  user_id: number | null;
  user_name: string | null;
  protocol: ConnectionProtocol;
  reason: string | null;
  ticket_id: number | null;
  ticket_number: number | null;
  ticket_subject: string | null;
  client_ip: string | null;
  external: boolean;
  state: ConnectionSessionState;
  started_at: Date | string;
  connected_at: Date | string | null;
  ended_at: Date | string | null;
  bytes_in: number | string;
  bytes_out: number | string;
  ended_by: number | null;
  ended_by_name: string | null;
  end_reason: ConnectionEndReason | null;
  recording_id: number | null;
  recording_status: string | null;
}

/** The columns of one session `s`; `recordings`: whether migration 044's table is there to join. */
export const sessionSelect = (recordings: boolean) => `
  SELECT s.id, s.connection_id, c.name AS connection_name, c.protocol AS connection_protocol,
         c.host AS connection_host, s.company_id, co.name AS company_name, s.user_id, ${nameSql('u')} AS user_name,
         s.protocol, s.reason, s.ticket_id, t.number AS ticket_number, t.subject AS ticket_subject, s.client_ip,
         s.external, s.state, s.started_at, s.connected_at, s.ended_at, s.bytes_in, s.bytes_out, s.ended_by,
         ${nameSql('e')} AS ended_by_name, s.end_reason,
         ${recordings ? 'r.id AS recording_id, r.status AS recording_status' : 'NULL::int AS recording_id, NULL::text AS recording_status'}
    FROM connection_sessions s
    JOIN connections c ON c.id = s.connection_id
    LEFT JOIN companies co ON co.id = s.company_id
    LEFT JOIN users u ON u.id = s.user_id
    LEFT JOIN users e ON e.id = s.ended_by
    LEFT JOIN tickets t ON t.id = s.ticket_id
    ${recordings ? 'LEFT JOIN connection_recordings r ON r.session_id = s.id' : ''}`;

export const toSession = (row: SessionRow): ConnectionSession => ({
  id: row.id,
  connection: {
    id: row.connection_id,
    name: row.connection_name,
    protocol: row.connection_protocol,
    host: row.connection_host,
  },
  person: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
  company: ref(row.company_id, row.company_name),
  reason: row.reason,
  ticket:
    row.ticket_id === null || row.ticket_number === null
      ? null
      : { id: row.ticket_id, number: row.ticket_number, subject: row.ticket_subject ?? '' },
  client_ip: row.client_ip,
  started_at: iso(row.started_at)!,
  ended_at: iso(row.ended_at),
  bytes_in: Number(row.bytes_in),
  bytes_out: Number(row.bytes_out),
  ended_by: row.ended_by === null ? null : { id: row.ended_by, name: row.ended_by_name ?? '' },
  end_reason: row.end_reason,
  external: row.external,
  state: row.state,
  recording:
    row.recording_id === null
      ? null
      : { id: row.recording_id, available: row.recording_status === 'concluida' },
});

/** Whether migration 044 (the recordings, issue 15's gateway) has run on this database. */
export const hasRecordingsTable = async (db: Database): Promise<boolean> => {
  const { rows } = await db.query<{ present: boolean }>(
    "SELECT to_regclass('connection_recordings') IS NOT NULL AS present",
  );
  return rows[0]?.present ?? false;
};

/** Sessions whose ticket was never redeemed in time: ended as "não chegou a conectar". */
export const endStalePendingSessions = async (db: Database, ttlMs: number): Promise<void> => {
  await db.query(
    `UPDATE connection_sessions SET state = 'encerrada', ended_at = now(), end_reason = 'ticket_expirado'
      WHERE state = 'pendente' AND started_at < now() - make_interval(secs => $1)`,
    [Math.ceil(ttlMs / 1000) + 5],
  );
};

/**
 * The caller's level on a vault item by the vault's rule (issue 14), as a rank of metadados..gerenciar
 * (-1: not reached). The keys give the ceiling — passwords.manage gerenciar, passwords.reveal ver,
 * passwords.view usar — and connections.connect gives usar too (the credential is used, never shown); an item
 * or folder with grants is reached only through them. Kept beside the vault's own SQL (modules do not import
 * each other): the connections need only "does this person reach usar".
 */
export const vaultItemRank = async (
  db: Database,
  user: { id: number; role: string },
  ceiling: number,
  itemId: number,
): Promise<{ rank: number; company_id: number | null; name: string; username: string | null } | null> => {
  const { rows } = await db.query<{
    rank: number;
    company_id: number | null;
    name: string;
    username: string | null;
  }>(
    `WITH reach AS (
       SELECT folder_id, item_id,
              max(array_position(ARRAY['metadados', 'usar', 'ver', 'editar', 'gerenciar'], level) - 1)
                FILTER (WHERE user_id = $2 OR lower(role) = lower($3)) AS mine
         FROM vault_grants GROUP BY folder_id, item_id)
     SELECT i.company_id, i.name, i.username,
            (CASE WHEN gi.item_id IS NULL AND gf.folder_id IS NULL THEN $4::int
                  WHEN greatest(gi.mine, gf.mine) IS NULL THEN -1
                  ELSE least(greatest(gi.mine, gf.mine), $4::int) END) AS rank
       FROM vault_items i
       LEFT JOIN reach gi ON gi.item_id = i.id
       LEFT JOIN reach gf ON gf.folder_id = i.folder_id AND gf.item_id IS NULL
      WHERE i.id = $1 AND i.archived_at IS NULL`,
    [itemId, user.id, user.role, ceiling],
  );
  return rows[0] ?? null;
};

/** A vault item's sealed secrets and what they are bound to (the vault's associated data). */
export const loadVaultSecrets = async (
  db: Database,
  itemId: number,
): Promise<{
  id: number;
  company_id: number | null;
  version: number;
  username: string | null;
  secrets: Record<string, string>;
} | null> => {
  const { rows } = await db.query<{
    id: number;
    company_id: number | null;
    version: number;
    username: string | null;
    secrets: Record<string, string>;
  }>(
    'SELECT id, company_id, version, username, secrets FROM vault_items WHERE id = $1 AND archived_at IS NULL',
    [itemId],
  );
  return rows[0] ?? null;
};
