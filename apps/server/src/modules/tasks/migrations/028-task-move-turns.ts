import type { Migration } from '../../../db/migration';

/**
 * `farol_task_move_state` (016) first waits its turn on the target column (a transaction-scoped advisory lock).
 * It locked only the moved task, so two cards dropped at the same moment on the same key of one column both read
 * "not taken" and kept that key (PostgreSQL, several connections; PGlite runs one statement at a time).
 */
export const migration028TaskMoveTurns: Migration = {
  id: '028-task-move-turns',
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION farol_task_move_state(p_id integer, p_column integer, p_position text, p_company integer)
RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  result json;
BEGIN
  -- Moves into one column take turns (until their transaction ends), so the position read below already holds
  -- the other mover's committed card: two cards dropped on one key get distinct keys.
  PERFORM pg_advisory_xact_lock(1952411, p_column);
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
