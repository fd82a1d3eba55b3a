import type { Notification, NotificationSeverity } from '@farol/data/contract';
import type { Database } from '../../db/database';
import {
  countUnread,
  deleteNotification,
  insertNotification,
  listNotificationsJson,
  markAllRead,
  setRead,
} from './queries';

/** At most this many users' pages are kept; the least recently read user is dropped first. */
const CACHED_USERS = 5_000;

interface CachedUser {
  pages: Map<number, string>;
  unread?: number;
}

/** The channel migration 013's trigger announces a user's notification changes on (their id, or `*`). */
export const NOTIFICATION_CHANNEL = 'farol_notifications';

/**
 * Every read and write of notifications goes through here. The list is polled by every open tab (spec §9:
 * every 60 s), so answers are kept in memory per user and dropped by that user's next write:
 * - `cache: true` — the embedded database, where one process owns the data folder (a lock file makes sure of
 *   it) and so sees every write made through it;
 * - `cache: 'listen'` — any engine, several processes included: the database announces every change to a
 *   user's notifications (migration 013, NOTIFY farol_notifications, whoever writes), and nothing is kept
 *   until `start()` listens, nor while the listening connection is down (every read asks the database then);
 * - `cache: false` — every read asks the database.
 */
export interface NotificationRepository {
  listJson(userId: number, limit: number): Promise<string>;
  unreadCount(userId: number): Promise<number>;
  setRead(userId: number, id: number, read: boolean): Promise<Notification | null>;
  markAllRead(userId: number): Promise<number>;
  remove(userId: number, id: number): Promise<boolean>;
  insert(
    userId: number,
    input: {
      type: string;
      title?: string | null;
      message: string;
      link?: string | null;
      severity: NotificationSeverity;
    },
  ): Promise<Notification>;
  /** With `cache: 'listen'`, starts hearing changes (nothing is cached before). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const createNotificationRepository = (
  db: Database,
  { cache = db.kind === 'pglite' }: { cache?: boolean | 'listen' } = {},
): NotificationRepository => {
  const users = new Map<number, CachedUser>();
  // With 'listen', caching waits for the database's announcements to be heard.
  let live = cache === true;
  let unlisten: (() => Promise<void>) | null = null;

  // A read takes its user's entry before asking the database and fills it after; an announcement in between
  // removes that entry from the map, so the late answer lands in an entry nobody reads again.
  const entryOf = (userId: number): CachedUser | undefined => {
    if (!cache || !live) return undefined;
    let entry = users.get(userId);
    if (entry) {
      // Re-inserting keeps the Map in least-recently-read order.
      users.delete(userId);
    } else {
      entry = { pages: new Map() };
      if (users.size >= CACHED_USERS) users.delete(users.keys().next().value!);
    }
    users.set(userId, entry);
    return entry;
  };

  /** Runs a write, then forgets what was cached for that user (also when the write failed half-way). */
  const writing = async <T>(userId: number, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      users.delete(userId);
    }
  };

  return {
    async listJson(userId, limit) {
      const entry = entryOf(userId);
      const cached = entry?.pages.get(limit);
      if (cached !== undefined) return cached;
      const body = await listNotificationsJson(db, userId, limit);
      entry?.pages.set(limit, body);
      return body;
    },
    async unreadCount(userId) {
      const entry = entryOf(userId);
      if (entry?.unread !== undefined) return entry.unread;
      const unread = await countUnread(db, userId);
      if (entry) entry.unread = unread;
      return unread;
    },
    setRead: (userId, id, read) => writing(userId, () => setRead(db, userId, id, read)),
    markAllRead: (userId) => writing(userId, () => markAllRead(db, userId)),
    remove: (userId, id) => writing(userId, () => deleteNotification(db, userId, id)),
    insert: (userId, input) => writing(userId, () => insertNotification(db, userId, input)),
    async start() {
      if (cache !== 'listen' || unlisten) return;
      unlisten = await db.listen(NOTIFICATION_CHANNEL, {
        onNotify(payload) {
          const userId = Number(payload);
          if (payload !== '*' && Number.isSafeInteger(userId)) users.delete(userId);
          else users.clear();
        },
        onState(listening) {
          live = listening;
          users.clear();
        },
      });
    },
    async stop() {
      if (cache === 'listen') live = false;
      users.clear();
      const stopping = unlisten;
      unlisten = null;
      await stopping?.();
    },
  };
};
