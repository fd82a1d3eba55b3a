import type { Migration } from '../../db/migration';

/**
 * Accounts (issue 13): a user's status (ativo, suspenso, desativado), the temporary-password flag, the client
 * "gestor da empresa" flag, the one-time links (invitations, password resets: only their SHA-256 is stored),
 * the reset requests the rate limit counts, and the last access. The last access is kept beside the user, not
 * in `users`: every change to a user's row is announced to the session caches (migration 013), and a sign-in
 * must not evict the person's other sessions from every process's cache.
 */
const migration019Accounts: Migration = {
  id: '019-accounts',
  sql: /* sql */ `
ALTER TABLE users
  ADD COLUMN status text NOT NULL DEFAULT 'ativo' CHECK (status IN ('ativo', 'suspenso', 'desativado')),
  ADD COLUMN status_changed_at timestamptz,
  ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
  ADD COLUMN company_manager boolean NOT NULL DEFAULT false;
CREATE INDEX users_status_idx ON users (status, lower(first_name), lower(last_name), id);

CREATE TABLE user_last_access (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  at timestamptz NOT NULL
);

CREATE TABLE account_links (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('invitation', 'password_reset')),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_links_user_idx ON account_links (user_id, kind, expires_at DESC);

-- "Esqueci minha senha" requests, counted per address and per e-mail typed (rate limit), whatever exists.
CREATE TABLE password_reset_requests (
  id bigserial PRIMARY KEY,
  ip text NOT NULL,
  email text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_requests_ip_idx ON password_reset_requests (ip, at DESC);
CREATE INDEX password_reset_requests_email_idx ON password_reset_requests (email, at DESC);
`,
};

export const accountMigrations: Migration[] = [migration019Accounts];
