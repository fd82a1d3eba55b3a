import type { Migration } from '../../../db/migration';

/**
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
`,
};
