import type { Migration } from '../../db/migration';

/** Conversations between users, their participants with read markers, and chat messages. */
const migration002Conversations: Migration = {
  id: '002-conversations',
  sql: /* sql */ `
CREATE TABLE conversations (
  id serial PRIMARY KEY,
  title text,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Time of the last message (or creation): the list is ordered by it.
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE conversation_participants (
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Read marker: every message with a higher id is unread for this participant.
  last_read_message_id integer NOT NULL DEFAULT 0,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_participants_user_idx ON conversation_participants (user_id, conversation_id);

CREATE TABLE chat_messages (
  id serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL CHECK (length(text) > 0),
  -- The sender's idempotency key: a retried or twice-emitted send stores one row.
  client_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id DESC);
CREATE UNIQUE INDEX chat_messages_sender_client_key ON chat_messages (sender_id, client_id);
`,
};

export const conversationMigrations: Migration[] = [migration002Conversations];
