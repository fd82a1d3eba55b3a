import { describeUserAgent, type ActiveSession } from '@farol/data/contract';
import { hashToken } from '../../auth/tokens';
import type { Database } from '../../db/database';

/** A person's live sessions, the one `currentToken` belongs to marked, most recently used first. */
export const listSessions = async (
  db: Database,
  userId: number,
  currentToken: string | null,
): Promise<ActiveSession[]> => {
  const current = currentToken ? hashToken(currentToken) : null;
  const { rows } = await db.query<{
    id: number;
    token_hash: string;
    created_at: Date;
    last_seen_at: Date | null;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
  }>(
    `SELECT id, token_hash, created_at, last_seen_at, expires_at, ip, user_agent FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY COALESCE(last_seen_at, created_at) DESC, id DESC LIMIT 200`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    last_seen_at: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
    expires_at: new Date(row.expires_at).toISOString(),
    ip: row.ip,
    user_agent: row.user_agent,
    device: describeUserAgent(row.user_agent),
    current: row.token_hash === current,
  }));
};

/**
 * Revokes one live session of a person, never the caller's own current one (that is "Sair"); answers its
 * token hash (to close its sockets), 'current' when it is the caller's, or null when there is no such session.
 */
export const revokeSession = async (
  db: Database,
  userId: number,
  sessionId: number,
  currentToken: string | null,
): Promise<string | 'current' | null> => {
  const current = currentToken ? hashToken(currentToken) : null;
  const { rows } = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
        AND ($3::text IS NULL OR token_hash <> $3) RETURNING token_hash`,
    [sessionId, userId, current],
  );
  if (rows[0]) return rows[0].token_hash;
  if (!current) return null;
  const mine = await db.query('SELECT 1 FROM sessions WHERE id = $1 AND user_id = $2 AND token_hash = $3', [
    sessionId,
    userId,
    current,
  ]);
  return mine.rows.length > 0 ? 'current' : null;
};
