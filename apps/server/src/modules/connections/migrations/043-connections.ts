import type { Migration } from '../../../db/migration';

/**
 * Issue 15: remote connections, their sessions and the one-time connect tickets.
 * - `connections`: the inventory (a company's, or internal when company_id is null). The credential is a vault
 *   item (`cofre`), asked on every connect (`pedir`) or each person's own (`por_usuario`, a vault item per person
 *   in `connection_user_credentials`); nothing secret is stored here. `host_key_sha256` is the pinned key (TOFU).
 *   `reach_state`/`reach_checked_at`: the last TCP check (no credentials). Deleting archives (sessions stay).
 * - `connection_sessions`: every session, native launches included (`external`): who, from where, why, which
 *   chamado, start, end, bytes, who ended it and why.
 * - `connection_tickets`: 32 random bytes stored as SHA-256, single use, 30 s, bound to the login session.
 * - `connection_allowed_networks`: the CIDRs and host names a company's connections may reach (none: any
 *   address the target policy does not refuse); company_id null: internal connections.
 * - `connection_internal_targets`: an admin's allowance for a refused target (loopback, link-local, cloud
 *   metadata, Farol's own port), as a CIDR or host name with an optional port.
 */
export const migration043Connections: Migration = {
  id: '043-connections',
  sql: /* sql */ `
CREATE FUNCTION farol_connection_search_text(name text, host text, folder text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN farol_fold(name || ' ' || host || ' ' || coalesce(folder, '') || ' ' || coalesce(array_to_string(tags, ' '), ''));

CREATE TABLE connections (
  id serial PRIMARY KEY,
  company_id integer REFERENCES companies (id) ON DELETE CASCADE,
  branch_id integer REFERENCES branches (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  protocol text NOT NULL CHECK (protocol IN ('ssh', 'rdp', 'vnc', 'telnet', 'http', 'https')),
  host text NOT NULL CHECK (length(host) BETWEEN 1 AND 253),
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  folder text CHECK (length(folder) BETWEEN 1 AND 120),
  tags text[] NOT NULL DEFAULT '{}',
  description text,
  credential_mode text NOT NULL DEFAULT 'pedir' CHECK (credential_mode IN ('cofre', 'pedir', 'por_usuario')),
  vault_item_id integer REFERENCES vault_items (id) ON DELETE SET NULL,
  username text,
  jump_connection_id integer REFERENCES connections (id) ON DELETE SET NULL,
  options jsonb NOT NULL DEFAULT '{}'::jsonb,
  host_key_sha256 text,
  host_key_pinned_at timestamptz,
  host_key_pinned_by integer REFERENCES users (id) ON DELETE SET NULL,
  recording text NOT NULL DEFAULT 'desligada' CHECK (recording IN ('desligada', 'opcional', 'obrigatoria')),
  require_reason boolean NOT NULL DEFAULT false,
  idle_timeout_min integer CHECK (idle_timeout_min BETWEEN 1 AND 1440),
  max_duration_min integer CHECK (max_duration_min BETWEEN 1 AND 10080),
  max_sessions integer CHECK (max_sessions BETWEEN 1 AND 100),
  reach_state text NOT NULL DEFAULT 'desconhecido' CHECK (reach_state IN ('online', 'offline', 'desconhecido')),
  reach_checked_at timestamptz,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  search_text text GENERATED ALWAYS AS (farol_connection_search_text(name, host, folder, tags)) STORED
);
CREATE INDEX connections_search_trgm_idx ON connections USING gin (search_text gin_trgm_ops);
CREATE INDEX connections_company_idx ON connections (company_id, lower(name), id) WHERE archived_at IS NULL;
CREATE INDEX connections_name_idx ON connections (lower(name), id) WHERE archived_at IS NULL;
CREATE INDEX connections_tags_idx ON connections USING gin (tags);
CREATE INDEX connections_vault_item_idx ON connections (vault_item_id) WHERE vault_item_id IS NOT NULL;

CREATE TABLE connection_user_credentials (
  connection_id integer NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  vault_item_id integer NOT NULL REFERENCES vault_items (id) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, user_id)
);

CREATE TABLE connection_sessions (
  id serial PRIMARY KEY,
  connection_id integer NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  company_id integer REFERENCES companies (id) ON DELETE SET NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  login_session_id integer REFERENCES sessions (id) ON DELETE SET NULL,
  protocol text NOT NULL,
  reason text,
  ticket_id integer REFERENCES tickets (id) ON DELETE SET NULL,
  client_ip text,
  external boolean NOT NULL DEFAULT false,
  record boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'pendente' CHECK (state IN ('pendente', 'ativa', 'encerrada', 'externa')),
  started_at timestamptz NOT NULL DEFAULT now(),
  connected_at timestamptz,
  ended_at timestamptz,
  bytes_in bigint NOT NULL DEFAULT 0,
  bytes_out bigint NOT NULL DEFAULT 0,
  ended_by integer REFERENCES users (id) ON DELETE SET NULL,
  end_reason text CHECK (end_reason IN ('usuario', 'administrador', 'inatividade', 'duracao_maxima', 'desconectado',
    'erro', 'ticket_expirado', 'servidor'))
);
CREATE INDEX connection_sessions_connection_idx ON connection_sessions (connection_id, started_at DESC, id DESC);
CREATE INDEX connection_sessions_company_idx ON connection_sessions (company_id, started_at DESC, id DESC);
CREATE INDEX connection_sessions_user_idx ON connection_sessions (user_id, started_at DESC);
CREATE INDEX connection_sessions_ticket_idx ON connection_sessions (ticket_id) WHERE ticket_id IS NOT NULL;
CREATE INDEX connection_sessions_open_idx ON connection_sessions (connection_id) WHERE state IN ('pendente', 'ativa');

CREATE TABLE connection_tickets (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  session_id integer NOT NULL REFERENCES connection_sessions (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  login_session_id integer NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX connection_tickets_expires_idx ON connection_tickets (expires_at);

CREATE TABLE connection_allowed_networks (
  id serial PRIMARY KEY,
  company_id integer REFERENCES companies (id) ON DELETE CASCADE,
  target text NOT NULL CHECK (length(target) BETWEEN 1 AND 253),
  description text,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX connection_allowed_networks_key ON connection_allowed_networks (coalesce(company_id, 0), lower(target));

CREATE TABLE connection_internal_targets (
  id serial PRIMARY KEY,
  target text NOT NULL CHECK (length(target) BETWEEN 1 AND 253),
  port integer CHECK (port BETWEEN 1 AND 65535),
  description text,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX connection_internal_targets_key ON connection_internal_targets (lower(target), coalesce(port, 0));
`,
};
