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
> & {
  expires_at: Date | string;
  company_allow: number[] | null;
  company_deny: number[] | null;
  two_factor_pending: boolean;
};

// Tokens are base64url of 32 bytes; anything else is rejected without touching the database.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

const lookup = async (db: Database, token: string | null | undefined) => {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const { rows } = await db.prepared<SessionUserRow>(
    'farol_session_user_2fa',
    // Effective keys: the role's (table roles, issue 13) and the person's own extra keys. Whether the 2FA
    // requirement covers the person (isTwoFactorRequired in SQL) while they have not enrolled: migration 029
    // announces changes of either, so a cached session never outlives them.
    `SELECT s.expires_at, u.id, u.email, u.username, u.first_name, u.last_name, u.role, u.company_id,
            u.permissions || COALESCE(r.permissions, '{}'::text[]) AS permissions, u.company_allow, u.company_deny,
            COALESCE(st.require_two_factor = 'everyone'
              OR (st.require_two_factor = 'roles' AND lower(trim(u.role)) = ANY (st.roles)), false)
            AND NOT EXISTS (SELECT 1 FROM user_two_factor f WHERE f.user_id = u.id AND f.enabled_at IS NOT NULL)
              AS two_factor_pending
       FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN roles r ON r.key = lower(trim(u.role))
       LEFT JOIN security_settings st ON st.id
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
    reach: { allow: row.company_allow, deny: row.company_deny ?? [] },
    ...(row.two_factor_pending ? { twoFactorPending: true } : {}),
  };
  return { user, expiresAt: new Date(row.expires_at).getTime() };
};

/** The user behind a live (unexpired, unrevoked) token, or null. */
export const verifyToken = async (db: Database, token: string | null | undefined): Promise<AuthUser | null> =>
  (await lookup(db, token))?.user ?? null;

/** The channel migration 013's triggers announce session and user changes on (a user id, or `*`). */
export const SESSION_CHANNEL = 'farol_sessions';

export interface TokenVerifier {
  /** The user behind a live token, or null. Used by HTTP and the socket handshake. */
  verify(token: string | null | undefined): Promise<AuthUser | null>;
  revoke(token: string): Promise<void>;
  /** Revokes every session of a user but `exceptToken`'s, in the database and the cache; answers how many. */
  revokeUser(userId: number, exceptToken?: string | null): Promise<number>;
  /** Drops cached sessions of a user whose name, role or permissions changed. */
  forgetUser(userId: number): void;
  /** Starts hearing session changes; nothing is cached before, nor while they may be missed. */
  start(): Promise<void>;
  /** Stops hearing them (and caching). */
  stop(): Promise<void>;
  /** Whether verified sessions are being remembered right now (false while changes could go unheard). */
  readonly caching: boolean;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface TokenVerifierOptions {
  /** How long a verified session is remembered at most (never past its expiry); 0 turns the cache off. */
  cacheMs: number;
  /** At most this many sessions are remembered; the oldest goes first. */
  maxEntries?: number;
  log?: Logger;
}

const CACHE_LIMIT = 10_000;

/**
 * Verifies tokens, remembering live sessions for `cacheMs` — on every engine, with several processes on one
 * PostgreSQL too, because the database announces every change that could end or alter a session (migration
 * 013: a revocation, an expiry moved, a deletion, any change to the user's row) on SESSION_CHANNEL, and each
 * process drops that user's sessions the moment it hears it. What keeps that safe:
 * - nothing is cached until the process listens, nor while the listening connection is down (every request
 *   asks the database then), and the cache starts over whenever listening stops or starts again, since
 *   announcements made in between are lost;
 * - a lookup that was under way while any change was heard is answered but not remembered (it may have read
 *   the row just before the change committed);
 * - this process's own revocations also evict at once, without waiting for their announcement;
 * - `cacheMs` bounds what a listening connection that died silently could miss until its heartbeat notices.
 */
export const createTokenVerifier = (
  db: Database,
  { cacheMs, maxEntries = CACHE_LIMIT, log }: TokenVerifierOptions,
): TokenVerifier => {
  const cache = new Map<string, { user: AuthUser; until: number }>();
  const byUser = new Map<number, Set<string>>();
  let live = false;
  // Bumped by every change heard or made: a lookup that straddles one is not remembered.
  let epoch = 0;
  let unlisten: (() => Promise<void>) | null = null;

  const remove = (token: string) => {
    const entry = cache.get(token);
    if (!entry) return;
    cache.delete(token);
    const tokens = byUser.get(entry.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) byUser.delete(entry.user.id);
  };
  const forget = (userId: number, exceptToken?: string | null) => {
    epoch += 1;
    const tokens = byUser.get(userId);
    if (!tokens) return;
    for (const token of [...tokens]) if (token !== exceptToken) remove(token);
  };
  const flush = () => {
    epoch += 1;
    cache.clear();
    byUser.clear();
  };
  const remember = (token: string, user: AuthUser, expiresAt: number) => {
    if (cache.size >= maxEntries) remove(cache.keys().next().value as string);
    cache.set(token, { user, until: Math.min(expiresAt, Date.now() + cacheMs) });
    let tokens = byUser.get(user.id);
    if (!tokens) byUser.set(user.id, (tokens = new Set()));
    tokens.add(token);
  };

  return {
    get caching() {
      return cacheMs > 0 && live;
    },
    async verify(token) {
      if (cacheMs <= 0 || !live || !token) return verifyToken(db, token);
      const hit = cache.get(token);
      if (hit) {
        if (hit.until > Date.now()) return hit.user;
        remove(token);
      }
      const seen = epoch;
      const found = await lookup(db, token);
      if (!found) return null;
      if (live && epoch === seen) remember(token, found.user, found.expiresAt);
      return found.user;
    },
    async revoke(token) {
      epoch += 1;
      remove(token);
      await revokeToken(db, token);
      epoch += 1;
      remove(token);
    },
    async revokeUser(userId, exceptToken) {
      forget(userId, exceptToken);
      const revoked = await revokeUserSessions(db, userId, exceptToken);
      forget(userId, exceptToken);
      return revoked;
    },
    forgetUser: (userId) => forget(userId),
    async start() {
      if (cacheMs <= 0 || unlisten) return;
      unlisten = await db.listen(SESSION_CHANNEL, {
        onNotify(payload) {
          if (payload === '*') return flush();
          for (const part of payload.split(',')) {
            const userId = Number(part);
            if (Number.isSafeInteger(userId)) forget(userId);
            else flush();
          }
        },
        onState(listening) {
          live = listening;
          flush();
          if (listening)
            log?.info({ channel: SESSION_CHANNEL }, 'session cache on: listening for session changes');
          else
            log?.warn({ channel: SESSION_CHANNEL }, 'session cache off: not listening for session changes');
        },
      });
    },
    async stop() {
      live = false;
      flush();
      const stopping = unlisten;
      unlisten = null;
      await stopping?.();
    },
  };
};
