import type { Migration } from '../../../db/migration';

/**
 * Tarefas: boards (optionally a company's), their columns (a state group each, an optional WIP limit) and
 * labels (global or a board's, nested), and the tasks with their people and labels. Cards and columns are
 * ordered by fractional-index strings compared byte by byte (COLLATE "C"), so a move writes one row. The
 * indexes serve the board view (a board's tasks by column and position), "minhas tarefas" (a person's tasks),
 * a chamado's tasks and the due-day sweep; few, since every move rewrites a row's index entries (no trigram
 * index on titles: a board's few thousand tasks are searched by scanning them).
 */
export const migration014Tasks: Migration = {
  id: '014-tasks',
  sql: /* sql */ `
CREATE TABLE task_boards (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description text CHECK (description IS NULL OR length(description) <= 2000),
  company_id integer REFERENCES companies (id),
  kind text NOT NULL DEFAULT 'interna' CHECK (kind IN ('interna', 'cliente')),
  archived_at timestamptz,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_boards_company_idx ON task_boards (company_id) WHERE company_id IS NOT NULL;

CREATE TABLE task_columns (
  id serial PRIMARY KEY,
  board_id integer NOT NULL REFERENCES task_boards (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  color text NOT NULL,
  state_group text NOT NULL
    CHECK (state_group IN ('backlog', 'a_fazer', 'em_andamento', 'concluido', 'cancelado')),
  position text COLLATE "C" NOT NULL CHECK (length(position) BETWEEN 1 AND 128),
  wip_limit integer CHECK (wip_limit IS NULL OR wip_limit BETWEEN 1 AND 999),
  wip_mode text NOT NULL DEFAULT 'aviso' CHECK (wip_mode IN ('aviso', 'bloqueio')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_columns_board_idx ON task_columns (board_id, position, id);

CREATE TABLE task_labels (
  id serial PRIMARY KEY,
  board_id integer REFERENCES task_boards (id) ON DELETE CASCADE,
  parent_id integer REFERENCES task_labels (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  color text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Names are unique per scope (global, or one board), ignoring accents and case.
CREATE UNIQUE INDEX task_labels_scope_name_idx ON task_labels (COALESCE(board_id, 0), farol_fold(name));

CREATE SEQUENCE task_number_seq;
CREATE TABLE tasks (
  id serial PRIMARY KEY,
  number integer NOT NULL UNIQUE DEFAULT nextval('task_number_seq'),
  board_id integer NOT NULL REFERENCES task_boards (id) ON DELETE CASCADE,
  column_id integer NOT NULL REFERENCES task_columns (id),
  position text COLLATE "C" NOT NULL CHECK (length(position) BETWEEN 1 AND 128),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 20000),
  priority text NOT NULL DEFAULT 'nenhuma'
    CHECK (priority IN ('urgente', 'alta', 'media', 'baixa', 'nenhuma')),
  start_date date,
  due_date date,
  estimate_minutes integer CHECK (estimate_minutes IS NULL OR estimate_minutes >= 0),
  company_id integer REFERENCES companies (id),
  ticket_id integer REFERENCES tickets (id) ON DELETE SET NULL,
  recurrence jsonb,
  completed_at timestamptz,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE task_number_seq OWNED BY tasks.number;
-- The board view and a column's WIP count.
CREATE INDEX tasks_column_position_idx ON tasks (column_id, position, id);
CREATE INDEX tasks_board_idx ON tasks (board_id);
CREATE INDEX tasks_ticket_idx ON tasks (ticket_id) WHERE ticket_id IS NOT NULL;
CREATE INDEX tasks_company_idx ON tasks (company_id) WHERE company_id IS NOT NULL;
-- The due-day sweep and "minhas tarefas" by day.
CREATE INDEX tasks_due_idx ON tasks (due_date) WHERE due_date IS NOT NULL AND completed_at IS NULL;

CREATE TABLE task_assignees (
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (task_id, user_id)
);
-- "Minhas tarefas".
CREATE INDEX task_assignees_user_idx ON task_assignees (user_id, task_id);

CREATE TABLE task_label_links (
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  label_id integer NOT NULL REFERENCES task_labels (id) ON DELETE CASCADE,
  PRIMARY KEY (task_id, label_id)
);
CREATE INDEX task_label_links_label_idx ON task_label_links (label_id);

CREATE TABLE task_watchers (
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (task_id, user_id)
);
CREATE INDEX task_watchers_user_idx ON task_watchers (user_id);
`,
};
