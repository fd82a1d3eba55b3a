import type { Notification, NotificationSeverity } from '@farol/data/contract';
import type { Database } from '../../db/database';
import { iso, isoUtcSql } from '../../db/sql';

interface NotificationRow {
  id: number;
  type: string;
  title: string | null;
  message: string;
  link: string | null;
  severity: NotificationSeverity;
  created_at: Date | string;
  read_at: Date | string | null;
}

export const toNotificationWire = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  link: row.link,
  created_at: iso(row.created_at),
  read_at: row.read_at === null ? null : iso(row.read_at),
  severity: row.severity,
});

const COLUMNS = 'id, type, title, message, link, severity, created_at, read_at';

/**
 * The list answer `{items, total}`, newest first, as JSON text built by the database in one round trip: the
 * page comes from (user_id, created_at desc, id desc), the total from the trigger-kept notification_counts
 * row. Building the JSON there skips decoding every field into JS and encoding it again — on PGlite that
 * decoding was the largest cost of the busiest endpoint.
 */
export const listNotificationsJson = async (db: Database, userId: number, limit: number): Promise<string> => {
  const { rows } = await db.prepared<{ body: string }>(
    'farol_notifications_page_json',
    `SELECT json_build_object(
        'items', coalesce((
          SELECT json_agg(json_build_object(
                   'id', n.id, 'type', n.type, 'title', n.title, 'message', n.message, 'link', n.link,
                   'created_at', ${isoUtcSql('n.created_at')},
                   'read_at', ${isoUtcSql('n.read_at')},
                   'severity', n.severity) ORDER BY n.created_at DESC, n.id DESC)
            FROM (SELECT * FROM notifications WHERE user_id = $1
                   ORDER BY created_at DESC, id DESC LIMIT $2) n), '[]'::json),
        'total', coalesce((SELECT total FROM notification_counts WHERE user_id = $1), 0)
      )::text AS body`,
    [userId, limit],
  );
  return rows[0]?.body ?? '{"items":[],"total":0}';
};

export const countUnread = async (db: Database, userId: number) => {
  const { rows } = await db.prepared<{ unread: number }>(
    'farol_notifications_unread',
    'SELECT unread FROM notification_counts WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.unread ?? 0;
};

/** Sets or clears read_at on one of the user's notifications; null when it is not theirs (or gone). */
export const setRead = async (db: Database, userId: number, id: number, read: boolean) => {
  const { rows } = await db.query<NotificationRow>(
    `UPDATE notifications SET read_at = CASE WHEN $3::boolean THEN coalesce(read_at, now()) ELSE NULL END
      WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, read],
  );
  return rows[0] ? toNotificationWire(rows[0]) : null;
};

export const markAllRead = async (db: Database, userId: number) => {
  const { rows } = await db.query<{ id: number }>(
    'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id',
    [userId],
  );
  return rows.length;
};

export const deleteNotification = async (db: Database, userId: number, id: number) => {
  const { rows } = await db.query<{ id: number }>(
    'DELETE FROM notifications WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
};

export const insertNotification = async (
  db: Database,
  userId: number,
  input: {
    type: string;
    title?: string | null;
    message: string;
    link?: string | null;
    severity: NotificationSeverity;
  },
) => {
  const { rows } = await db.query<NotificationRow>(
    `INSERT INTO notifications (user_id, type, title, message, link, severity)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [userId, input.type, input.title ?? null, input.message, input.link ?? null, input.severity],
  );
  const row = rows[0];
  if (!row) throw new Error('notification insert returned no row');
  return toNotificationWire(row);
};
