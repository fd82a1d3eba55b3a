import type { Migration } from '../../db/migration';

/**
 * Per-user notification totals kept by a trigger, so the list's total and the unread badge — asked for on
 * every page and every minute — are one primary-key read instead of a count over the user's rows.
 */
const migration003NotificationCounts: Migration = {
  id: '003-notification-counts',
  sql: /* sql */ `
CREATE TABLE notification_counts (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  total integer NOT NULL DEFAULT 0,
  unread integer NOT NULL DEFAULT 0
);

CREATE FUNCTION notification_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE notification_counts
       SET total = total - 1, unread = unread - (OLD.read_at IS NULL)::int
     WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO notification_counts AS c (user_id, total, unread)
    VALUES (NEW.user_id, 1, (NEW.read_at IS NULL)::int)
    ON CONFLICT (user_id) DO UPDATE SET total = c.total + 1, unread = c.unread + EXCLUDED.unread;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER notifications_counts
AFTER INSERT OR DELETE OR UPDATE OF user_id, read_at ON notifications
FOR EACH ROW EXECUTE FUNCTION notification_counts_apply();

INSERT INTO notification_counts (user_id, total, unread)
SELECT user_id, count(*), count(*) FILTER (WHERE read_at IS NULL) FROM notifications GROUP BY user_id;
`,
};

/**
 * Every change to a user's notifications is announced on `farol_notifications` with their id (`*` on
 * TRUNCATE), by the database, so each server process can keep that user's pages in memory and drop them the
 * moment anyone — another process included — writes (see createNotificationRepository). NOTIFY is sent at
 * commit, once per distinct user per transaction.
 */
const migration013NotificationEvents: Migration = {
  id: '013-notification-events',
  sql: /* sql */ `
CREATE FUNCTION notification_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('farol_notifications', '*');
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('farol_notifications', OLD.user_id::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('farol_notifications', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER notifications_changed AFTER INSERT OR UPDATE OR DELETE ON notifications
FOR EACH ROW EXECUTE FUNCTION notification_changed();
CREATE TRIGGER notifications_truncated AFTER TRUNCATE ON notifications
FOR EACH STATEMENT EXECUTE FUNCTION notification_changed();
`,
};

/** The notifications table itself is in 001-core (db/migrations), which predates modules owning theirs. */
export const notificationMigrations: Migration[] = [
  migration003NotificationCounts,
  migration013NotificationEvents,
];
