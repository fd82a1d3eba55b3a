import type { Database } from '../db/database';
import type { RealtimeServer } from '../realtime';
import { deleteDeadSessions, liveSessionHashes, type TokenVerifier } from './tokens';

/** How often dead sessions are deleted and the sockets of sessions revoked elsewhere are closed. */
export const SESSION_SWEEP_MS = 5 * 60_000;

export interface RevokeUserSessionsOptions {
  /** The session to keep (the caller's own, when they changed their own password). */
  exceptToken?: string | null | undefined;
}

/**
 * Signs a person out everywhere: `app.revokeUserSessions(userId, { exceptToken })`. Call it when their
 * password is changed or reset, their role or permissions change, or they are deactivated.
 */
export type RevokeUserSessions = (userId: number, options?: RevokeUserSessionsOptions) => Promise<number>;

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface UserSessions {
  /** Revokes the sessions (database and cache) and disconnects their sockets on every process. */
  revokeUser: RevokeUserSessions;
  /**
   * Deletes expired and revoked sessions, and closes this process's sockets whose session is gone (expired,
   * or revoked where no disconnect could reach them: `create-admin` on a running PostgreSQL deployment).
   */
  sweep(): Promise<{ deleted: number; disconnected: number }>;
  /** Sweeps every SESSION_SWEEP_MS until the returned stop is called. */
  startSweeping(log: Logger, everyMs?: number): () => void;
}

export const createUserSessions = ({
  db,
  tokens,
  realtime,
}: {
  db: Database;
  tokens: TokenVerifier;
  realtime: Pick<RealtimeServer, 'disconnectUser' | 'disconnectDeadSessions'>;
}): UserSessions => {
  const sweep = async () => {
    const deleted = await deleteDeadSessions(db);
    const disconnected = await realtime.disconnectDeadSessions((hashes) => liveSessionHashes(db, hashes));
    return { deleted, disconnected };
  };
  return {
    async revokeUser(userId, { exceptToken } = {}) {
      const revoked = await tokens.revokeUser(userId, exceptToken);
      realtime.disconnectUser(userId, exceptToken);
      return revoked;
    },
    sweep,
    startSweeping(log, everyMs = SESSION_SWEEP_MS) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        sweep()
          .then(({ deleted, disconnected }) => {
            if (deleted + disconnected > 0) log.info({ deleted, disconnected }, 'sessions swept');
          })
          .catch((err: unknown) => log.error({ err }, 'session sweep failed'))
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
};
