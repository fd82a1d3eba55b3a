/**
 * Rotation reminders (issue 14): once an item's password is due for rotation (its own period, else its
 * folder's), its owner is told once; a new password clears the mark, so the next period is reminded afresh.
 * The mark is set in the same statement that picks the items, so several processes never notify twice. An owner
 * whose company scope leaves out the item's company is not told (nor marked: reached again, they are).
 */
import type { Database } from '../../db/database';
import type { Notify } from '../../shared/notify';
import { reachesEveryCompanySql } from '../../shared/users';

export const ROTATION_SWEEP_MS = 60 * 60_000;
const FIRST_SWEEP_MS = 60_000;

export const sweepRotation = async ({
  db,
  notify,
  log,
}: {
  db: Database;
  notify: Notify;
  log: { error(obj: object, msg?: string): void };
}): Promise<number> => {
  const { rows } = await db.query<{
    id: number;
    name: string;
    owner_id: number;
    company_name: string | null;
  }>(
    `WITH due AS (
       UPDATE vault_items i SET rotation_notified_at = now()
         FROM vault_items x LEFT JOIN vault_folders f ON f.id = x.folder_id
        WHERE x.id = i.id AND i.archived_at IS NULL AND i.owner_id IS NOT NULL AND i.rotation_notified_at IS NULL
          AND coalesce(i.rotate_every_days, f.rotate_every_days) IS NOT NULL
          AND i.password_changed_at + make_interval(days => coalesce(i.rotate_every_days, f.rotate_every_days)) <= now()
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = i.owner_id AND ${reachesEveryCompanySql(['i.company_id'])})
       RETURNING i.id, i.name, i.owner_id, i.company_id)
     SELECT due.id, due.name, due.owner_id, c.name AS company_name FROM due LEFT JOIN companies c ON c.id = due.company_id`,
  );
  let sent = 0;
  for (const item of rows) {
    try {
      await notify(item.owner_id, {
        type: 'password',
        title: 'Senha com troca vencida',
        message: `A senha de "${item.name}"${item.company_name ? ` (${item.company_name})` : ''} passou do prazo de troca.`,
        link: `/passwords/${item.id}`,
        severity: 'warning',
      });
      sent += 1;
    } catch (err) {
      log.error({ err, itemId: item.id }, 'vault: rotation reminder failed');
    }
  }
  return sent;
};

export const startRotationReminders = (options: Parameters<typeof sweepRotation>[0]) => {
  const run = () => {
    sweepRotation(options).catch((err: unknown) =>
      options.log.error({ err }, 'vault: rotation sweep failed'),
    );
  };
  const first = setTimeout(run, FIRST_SWEEP_MS);
  const every = setInterval(run, ROTATION_SWEEP_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
};
