/**
 * The due-day reminders: "vence amanhã" the day before, "atrasada" once a task is past its due day, to each
 * assignee of an open task on a board not archived. A periodic sweep; each reminder is recorded
 * (task_reminders) before it is sent, in one statement that skips those already recorded, so runs on several
 * processes or after a restart never notify twice. A new due day is reminded afresh. An assignee whose company
 * scope leaves out the board's company or the task's own is not reminded (nor recorded: reached again, they are).
 */
import { addDays } from '@farol/data/contract';
import type { Database } from '../../db/database';
import type { Notify } from '../../shared/notify';
import { reachesEveryCompanySql } from '../../shared/users';
import { taskLink } from './events';
import { todayIn } from './service';

/** How often the sweep runs, and how long after start the first run waits. */
export const TASK_REMINDER_SWEEP_MS = 10 * 60_000;
const FIRST_SWEEP_MS = 30_000;

interface Due {
  task_id: number;
  user_id: number;
  kind: 'vence_amanha' | 'atrasada';
  number: number;
  title: string;
  board_id: number;
  due_date: string;
}

export const createTaskReminders = ({
  db,
  notify,
  log,
}: {
  db: Database;
  notify: Notify;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}) => {
  /** One run at `now`: answers how many reminders it sent. */
  const sweep = async (now: Date = new Date()): Promise<number> => {
    const today = todayIn(now);
    const { rows } = await db.query<Due>(
      `WITH due AS (
         INSERT INTO task_reminders (task_id, user_id, kind, due_date)
         SELECT t.id, a.user_id, CASE WHEN t.due_date = $2::date THEN 'vence_amanha' ELSE 'atrasada' END, t.due_date
           FROM tasks t
           JOIN task_columns c ON c.id = t.column_id
           JOIN task_boards b ON b.id = t.board_id
           JOIN task_assignees a ON a.task_id = t.id
           JOIN users u ON u.id = a.user_id
          WHERE t.due_date IS NOT NULL
            AND ${reachesEveryCompanySql(['b.company_id', 't.company_id'])} AND t.completed_at IS NULL
            AND (t.due_date = $2::date OR t.due_date < $1::date)
            AND c.state_group NOT IN ('concluido', 'cancelado') AND b.archived_at IS NULL
         ON CONFLICT DO NOTHING
         RETURNING task_id, user_id, kind)
       SELECT due.task_id, due.user_id, due.kind, t.number, t.title, t.board_id, t.due_date::text AS due_date
         FROM due JOIN tasks t ON t.id = due.task_id
        ORDER BY due.user_id, t.due_date, t.number`,
      [today, addDays(today, 1)],
    );
    let sent = 0;
    for (const due of rows) {
      const [year, month, day] = due.due_date.split('-');
      try {
        await notify(due.user_id, {
          type: 'task',
          title: due.kind === 'vence_amanha' ? 'Tarefa vence amanhã' : 'Tarefa atrasada',
          message:
            due.kind === 'vence_amanha'
              ? `#${due.number} ${due.title} vence amanhã (${day}/${month}/${year}).`
              : `#${due.number} ${due.title} está atrasada: venceu em ${day}/${month}/${year}.`,
          link: taskLink({ id: due.task_id, board_id: due.board_id }),
          severity: due.kind === 'vence_amanha' ? 'info' : 'warning',
        });
        sent += 1;
      } catch (err) {
        log.error({ err, taskId: due.task_id, userId: due.user_id }, 'tasks: reminder failed');
      }
    }
    return sent;
  };

  return {
    sweep,
    /** Runs the sweep now and then (never two at once); answers the function that stops it. */
    start(everyMs = TASK_REMINDER_SWEEP_MS) {
      let running = false;
      const run = () => {
        if (running) return;
        running = true;
        sweep()
          .then((sent) => {
            if (sent > 0) log.info({ sent }, 'tasks: due-day reminders sent');
          })
          .catch((err: unknown) => log.error({ err }, 'tasks: reminder sweep failed'))
          .finally(() => {
            running = false;
          });
      };
      const first = setTimeout(run, Math.min(FIRST_SWEEP_MS, everyMs));
      const timer = setInterval(run, everyMs);
      first.unref();
      timer.unref();
      return () => {
        clearTimeout(first);
        clearInterval(timer);
      };
    },
  };
};
