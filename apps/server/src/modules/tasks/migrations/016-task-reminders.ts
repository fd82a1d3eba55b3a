import type { Migration } from '../../../db/migration';

/**
 * A move's reading as a plpgsql function, `farol_task_move_state(task, column, position, company)`: the task
 * (locked) with its column, board and assignees, the target column and whether the position is taken there, as
 * one JSON value. PL/pgSQL keeps the plan of its query for the session, so the hottest write of the board is
 * not re-planned on every call (on PGlite, planning that query cost more than running it); a company of null
 * reaches every board.
 *
 * The due-day reminders already sent ("vence amanhã", "atrasada"), one per task, person, kind and due day: the
 * periodic sweep inserts before it notifies, so a restart, a second process or a second run notifies nobody
 * twice, and a new due day is reminded afresh.
 */
export const migration016TaskReminders: Migration = {
  id: '016-task-reminders',
  sql: /* sql */ `
CREATE TABLE task_reminders (
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('vence_amanha', 'atrasada')),
  due_date date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, user_id, kind, due_date)
);

CREATE FUNCTION farol_task_move_state(p_id integer, p_column integer, p_position text, p_company integer)
RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  result json;
BEGIN
  SELECT json_build_object(
      'id', t.id, 'number', t.number, 'board_id', t.board_id, 'column_id', t.column_id, 'position', t.position,
      'title', t.title, 'description', t.description, 'priority', t.priority,
      'start_date', t.start_date::text, 'due_date', t.due_date::text, 'estimate_minutes', t.estimate_minutes,
      'company_id', t.company_id, 'ticket_id', t.ticket_id, 'recurrence', t.recurrence,
      'completed_at', t.completed_at, 'version', t.version, 'state_group', c.state_group, 'column_name', c.name,
      'board_company_id', b.company_id, 'board_archived', b.archived_at IS NOT NULL,
      'assignee_ids', COALESCE((SELECT array_agg(a.user_id ORDER BY a.user_id) FROM task_assignees a
                                 WHERE a.task_id = t.id), '{}'::int[]),
      'target', CASE WHEN k.id IS NULL THEN NULL ELSE json_build_object(
                  'id', k.id, 'board_id', k.board_id, 'name', k.name, 'state_group', k.state_group,
                  'position', k.position, 'wip_limit', k.wip_limit, 'wip_mode', k.wip_mode) END,
      'taken', EXISTS (SELECT 1 FROM tasks x
                        WHERE x.column_id = p_column AND x.position = p_position COLLATE "C" AND x.id <> t.id),
      'next', (SELECT min(x.position) FROM tasks x
                WHERE x.column_id = p_column AND x.position > p_position COLLATE "C"))
    INTO result
    FROM tasks t
    JOIN task_columns c ON c.id = t.column_id
    JOIN task_boards b ON b.id = t.board_id
    LEFT JOIN task_columns k ON k.id = p_column AND k.board_id = t.board_id
   WHERE t.id = p_id AND (p_company IS NULL OR b.company_id = p_company)
     FOR UPDATE OF t;
  RETURN result;
END
$$;
`,
};
