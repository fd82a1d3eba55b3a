import type { Migration } from '../../../db/migration';

/**
 * Files sent with a ticket's opening (message_id NULL) or with a reply or note, kept in the database so they
 * work the same on PGlite and PostgreSQL and survive restarts and moves of the data folder. A reply may now be
 * files alone, so its body may be empty (the server still refuses a message with neither).
 */
export const migration005TicketAttachments: Migration = {
  id: '005-ticket-attachments',
  sql: /* sql */ `
CREATE TABLE ticket_attachments (
  id serial PRIMARY KEY,
  ticket_id integer NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  message_id integer REFERENCES ticket_messages (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  mime_type text NOT NULL
    CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')),
  size integer NOT NULL CHECK (size >= 0),
  data bytea NOT NULL,
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_attachments_ticket_idx ON ticket_attachments (ticket_id, message_id, id);
CREATE INDEX ticket_attachments_message_idx ON ticket_attachments (message_id) WHERE message_id IS NOT NULL;

ALTER TABLE ticket_messages DROP CONSTRAINT ticket_messages_body_check;
ALTER TABLE ticket_messages ADD CONSTRAINT ticket_messages_body_check CHECK (length(body) BETWEEN 0 AND 10000);
`,
};
