import type { Migration } from '../../../db/migration';

/**
 * What a task's side panel shows: checklist items (each with its own assignee and due day), comments with the
 * people they mention, links between tasks (A bloqueia / relaciona / duplica B), attachments kept in the
 * chamados' file pieces (attachment_blobs), and the task's activity.
 */
export const migration015TaskDetails: Migration = {
  id: '015-task-details',
  sql: /* sql */ `
CREATE TABLE task_checklist_items (
  id serial PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 300),
  done boolean NOT NULL DEFAULT false,
  assignee_id integer REFERENCES users (id) ON DELETE SET NULL,
  due_date date,
  position text COLLATE "C" NOT NULL CHECK (length(position) BETWEEN 1 AND 128),
  done_at timestamptz,
  done_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_checklist_task_idx ON task_checklist_items (task_id, position, id);
CREATE INDEX task_checklist_assignee_idx ON task_checklist_items (assignee_id) WHERE assignee_id IS NOT NULL;

CREATE TABLE task_comments (
  id serial PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users (id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  mention_ids integer[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz
);
CREATE INDEX task_comments_task_idx ON task_comments (task_id, id);

CREATE TABLE task_links (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('bloqueia', 'relaciona', 'duplica')),
  source_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  target_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (source_id <> target_id),
  UNIQUE (kind, source_id, target_id)
);
CREATE INDEX task_links_source_idx ON task_links (source_id);
CREATE INDEX task_links_target_idx ON task_links (target_id, kind);

CREATE TABLE task_attachments (
  id serial PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  mime_type text NOT NULL
    CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')),
  size integer NOT NULL CHECK (size >= 0),
  blob_id integer NOT NULL REFERENCES attachment_blobs (id),
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_attachments_task_idx ON task_attachments (task_id, id);
CREATE INDEX task_attachments_blob_idx ON task_attachments (blob_id);

CREATE TABLE task_activity (
  id serial PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  field text,
  from_value text,
  to_value text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_activity_task_idx ON task_activity (task_id, id DESC);
`,
};
