import { createHash, randomBytes } from 'node:crypto';
import { SESSION_TTL_MS } from '@farol/data/contract';
import type { Database } from '../db/database';
import { fullName, type UserRow } from '../shared/users';
import { effectivePermissions, type AuthUser } from './types';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** A random 32-byte token; only its SHA-256 is stored. */
export const issueToken = async (
  db: Database,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
  ttlMs = SESSION_TTL_MS,
): Promise<IssuedToken> => {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.query(
    'INSERT INTO sessions (user_id, token_hash, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)',
    [userId, hashToken(token), expiresAt, meta.ip ?? null, meta.userAgent?.slice(0, 300) ?? null],
  );
  return { token, expiresAt };
};

export const revokeToken = async (db: Database, token: string) => {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [
    hashToken(token),
  ]);
};

/**
 * Revokes every live session of a user but `exceptToken`'s (the caller's own, when they changed their own
 * password); answers how many. The auth layer's half of "sign this person out everywhere": callers use
 * `app.revokeUserSessions`, which also evicts the cache and disconnects the sockets.
 */
export const revokeUserSessions = async (
  db: Database,
  userId: number,
  exceptToken?: string | null,
): Promise<number> => {
  const { rows } = await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR token_hash <> $2)
      RETURNING id`,
    [userId, exceptToken ? hashToken(exceptToken) : null],
  );
  return rows.length;
};

/** Deletes sessions nothing can use again (expired or revoked); answers how many. */
export const deleteDeadSessions = async (db: Database): Promise<number> => {
  const { rows } = await db.query(
    'DELETE FROM sessions WHERE expires_at <= now() OR revoked_at IS NOT NULL RETURNING id',
  );
  return rows.length;
};

/** Which of these token hashes still belong to a live (unexpired, unrevoked) session. */
export const liveSessionHashes = async (db: Database, hashes: readonly string[]): Promise<Set<string>> => {
  if (hashes.length === 0) return new Set();
  const { rows } = await db.query<{ token_hash: string }>(
    `SELECT token_hash FROM sessions
      WHERE token_hash = ANY($1::text[]) AND revoked_at IS NULL AND expires_at > now()`,
    [hashes],
  );
  return new Set(rows.map((row) => row.token_hash));
};

type SessionUserRow = Pick<
  UserRow,
  'id' | 'email' | 'username' | 'first_name' | 'last_name' | 'role' | 'permissions' | 'company_id'
> & { expires_at: Date | string };

// Tokens are base64url of 32 bytes; anything else is rejected without touching the database.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

const lookup = async (db: Database, token: string | null | undefined) => {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const { rows } = await db.prepared<SessionUserRow>(
    'farol_session_user',
    `SELECT s.expires_at, u.id, u.email, u.username, u.first_name, u.last_name, u.role, u.permissions, u.company_id
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    name: fullName(row),
    role: row.role,
    permissions: effectivePermissions(row.role, row.permissions),
    companyId: row.company_id,
  };
  return { user, expiresAt: new Date(row.expires_at).getTime() };
};

/** The user behind a live (unexpired, unrevoked) token, or null. */
export const verifyToken = async (db: Database, token: string | null | undefined): Promise<AuthUser | null> =>
  (await lookup(db, token))?.user ?? null;

export interface TokenVerifier {
  /** The user behind a live token, or null. Used by HTTP and the socket handshake. */
  verify(token: string | null | undefined): Promise<AuthUser | null>;
  revoke(token: string): Promise<void>;
  /** Revokes every session of a user but `exceptToken`'s, in the database and the cache; answers how many. */
  revokeUser(userId: number, exceptToken?: string | null): Promise<number>;
  /** Drops cached sessions of a user whose name, role or permissions changed. */
  forgetUser(userId: number): void;
}

const CACHE_LIMIT = 10_000;

/**
 * Verifies tokens, optionally remembering live sessions for `cacheMs`. Only safe when this process is the
 * sole writer of sessions and users — true of PGlite, whose data folder one process owns — because
 * revocation and user changes then pass through here and evict. With PostgreSQL every request asks the
 * database, so a logout on one process is seen at once by all.
 */
export const createTokenVerifier = (db: Database, { cacheMs }: { cacheMs: number }): TokenVerifier => {
  const cache = new Map<string, { user: AuthUser; until: number }>();
  return {
    async verify(token) {
      if (cacheMs <= 0 || !token) return verifyToken(db, token);
      const hit = cache.get(token);
      if (hit && hit.until > Date.now()) return hit.user;
      cache.delete(token);
      const found = await lookup(db, token);
      if (!found) return null;
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(token, { user: found.user, until: Math.min(found.expiresAt, Date.now() + cacheMs) });
      return found.user;
    },
    async revoke(token) {
      cache.delete(token);
      await revokeToken(db, token);
    },
    async revokeUser(userId, exceptToken) {
      const revoked = await revokeUserSessions(db, userId, exceptToken);
      for (const [token, entry] of cache) {
        if (entry.user.id === userId && token !== exceptToken) cache.delete(token);
      }
      return revoked;
    },
    forgetUser(userId) {
      for (const [token, entry] of cache) if (entry.user.id === userId) cache.delete(token);
    },
  };
};
