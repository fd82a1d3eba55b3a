/**
 * The services every module reads from the fastify instance (`app.db`, `app.notify`, …), decorated once by
 * createServer before any module is registered. Modules never receive them as arguments.
 */
import type { TokenVerifier } from './auth/tokens';
import type { RevokeUserSessions } from './auth/user-sessions';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { NotificationRepository } from './modules/notifications';
import type { RealtimeServer } from './realtime';
import type { Audit } from './shared/audit';
import type { Notify } from './shared/notify';
import type { Vault } from './vault/vault';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: Database;
    /** Sessions: verifies (and on PGlite caches) tokens, revokes them, forgets a changed user. */
    tokens: TokenVerifier;
    /**
     * Signs a person out everywhere but `exceptToken`'s session: revoked, evicted from the cache, their sockets
     * disconnected on every process. Call it when a password is changed or reset, a role or permissions change,
     * or a user is deactivated.
     */
    revokeUserSessions: RevokeUserSessions;
    /** The socket.io transport: emit to rooms, `onConnection` for a module's socket events. */
    realtime: RealtimeServer;
    /** The notifications' store (cached, dropped on the database's announcements), shared by `notify` and the routes. */
    notifications: NotificationRepository;
    /** Stores a notification and pushes it to the person's sockets. */
    notify: Notify;
    /** The audit trail: `app.audit(entry, tx?)` writes, `app.audit.list(query)` reads. */
    audit: Audit;
    /**
     * The vault's envelope (KEK, data keys): the password vault's secrets and the 2FA seeds are sealed with it.
     * Closed (`available` false) on PostgreSQL without FAROL_VAULT_KEY.
     */
    vault: Vault;
  }
}
