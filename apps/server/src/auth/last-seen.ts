import type { Database } from '../db/database';
import { hashToken } from './tokens';

/** A session's last use is written at most this often (a list of sessions needs minutes, not milliseconds). */
export const LAST_SEEN_EVERY_MS = 60_000;
const REMEMBERED_MAX = 20_000;

/**
 * Records when sessions were last used ("Sessões ativas"), without a write per request: each process writes a
 * session's `last_seen_at` at most once per LAST_SEEN_EVERY_MS, after the answer, and never waits for it.
 */
const createLastSeen = (db: Database, onError: (err: unknown) => void) => {
  const written = new Map<string, number>();
  return (token: string) => {
    const now = Date.now();
    const last = written.get(token);
    if (last !== undefined && now - last < LAST_SEEN_EVERY_MS) return;
    if (written.size >= REMEMBERED_MAX) written.clear();
    written.set(token, now);
    db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [
      hashToken(token),
    ]).catch(onError);
  };
};

const perServer = new WeakMap<object, (token: string) => void>();

/** Notes that `token`'s session was just used, on behalf of the server `owner` (one memory per server). */
export const touchSession = (owner: object, db: Database, token: string, onError: (err: unknown) => void) => {
  let touch = perServer.get(owner);
  if (!touch) perServer.set(owner, (touch = createLastSeen(db, onError)));
  touch(token);
};
