import type { Migration } from '../../../db/migration';

/** Tickets (chamados), their thread (public replies and internal notes) and the history of every change. */
export const migration004Tickets: Migration = {
  id: '004-tickets',
  sql: /* sql */ `
-- The human number people quote ("chamado 1001"), separate from the id.
CREATE SEQUENCE ticket_number_seq START 1001;

CREATE TABLE tickets (
  id serial PRIMARY KEY,
  number integer NOT NULL UNIQUE DEFAULT nextval('ticket_number_seq'),
  subject text NOT NULL CHECK (length(subject) BETWEEN 3 AND 200),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 10000),
  status text NOT NULL DEFAULT 'aberto'
    CHECK (status IN ('aberto', 'em andamento', 'aguardando cliente', 'resolvido', 'fechado')),
  priority text NOT NULL DEFAULT 'média' CHECK (priority IN ('baixa', 'média', 'alta', 'urgente')),
  category text,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  branch_id integer REFERENCES branches (id) ON DELETE SET NULL,
  requester_id integer NOT NULL REFERENCES users (id),
  assignee_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL
);
-- The list's filters, each with the default order (updated_at desc) so a first page is an index range scan.
CREATE INDEX tickets_updated_idx ON tickets (updated_at DESC, id DESC);
CREATE INDEX tickets_status_updated_idx ON tickets (status, updated_at DESC, id DESC);
CREATE INDEX tickets_company_updated_idx ON tickets (company_id, updated_at DESC, id DESC);
CREATE INDEX tickets_assignee_updated_idx ON tickets (assignee_id, updated_at DESC, id DESC);
CREATE INDEX tickets_requester_idx ON tickets (requester_id);

CREATE TABLE ticket_messages (
  id serial PRIMARY KEY,
  ticket_id integer NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users (id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  internal boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, id);

CREATE TABLE ticket_history (
  id serial PRIMARY KEY,
  ticket_id integer NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  field text NOT NULL,
  old_value text,
  new_value text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_history_ticket_idx ON ticket_history (ticket_id, id);
`,
};
