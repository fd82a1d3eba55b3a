import type { Migration } from '../migration';

/**
 * Users, companies, sessions, login failures and notifications: the platform every module builds on. It
 * predates modules owning their migrations and, once applied, cannot be split; new tables go to their module.
 */
const migration001Core: Migration = {
  id: '001-core',
  sql: /* sql */ `
CREATE TABLE companies (
  id serial PRIMARY KEY,
  name text NOT NULL,
  document text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX companies_name_key ON companies (lower(name));

CREATE TABLE branches (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  city text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX branches_company_idx ON branches (company_id);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  username text,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  role text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  theme text NOT NULL DEFAULT 'default',
  company_id integer REFERENCES companies (id) ON DELETE SET NULL,
  password_hash text NOT NULL,
  -- Bumped on each upload; part of the picture URL so browsers may cache it forever.
  picture_version bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE username IS NOT NULL;
CREATE INDEX users_company_idx ON users (company_id);

CREATE TABLE user_pictures (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Failed logins, keyed 'ip:<addr>' or 'account:<identifier>', counted in a sliding window.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_at_idx ON login_failures (key, at);

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  title text,
  message text NOT NULL CHECK (length(message) > 0),
  link text,
  severity text NOT NULL DEFAULT 'info' CHECK (severity IN ('info', 'success', 'warning', 'error')),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
-- The list (newest first, LIMIT n) and the unread counter are both index-only per user.
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
`,
};

export const coreMigrations: Migration[] = [migration001Core];
