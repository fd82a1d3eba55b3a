import type { Migration } from '../../../db/migration';

/**
 * The credential vault (issue 14): data keys wrapped by the KEK, folders, items and their last versions.
 * - `vault_data_keys`: one random data key per scope ('internal' or 'company:<id>'), wrapped by a KEK version
 *   (AES-256-GCM); during a rotation a scope briefly holds one copy per version. The KEK is never stored here.
 * - `vault_items.secrets`: {field: sealed} — AES-256-GCM under the scope's data key, with associated data
 *   binding item, company, field and version; the rest (name, URL, username, tags) stays in clear for search.
 * - `search_text`: the folded name, URL, username and tags under a trigram index (accents and case ignored).
 */
export const migration025Vault: Migration = {
  id: '025-vault',
  sql: /* sql */ `
CREATE TABLE vault_data_keys (
  scope text NOT NULL CHECK (scope = 'internal' OR scope ~ '^company:[0-9]+$'),
  kek_version integer NOT NULL CHECK (kek_version > 0),
  wrapped text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, kek_version)
);

CREATE TABLE vault_folders (
  id serial PRIMARY KEY,
  company_id integer REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  require_reason boolean NOT NULL DEFAULT false,
  rotate_every_days integer CHECK (rotate_every_days BETWEEN 1 AND 3650),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz
);
CREATE UNIQUE INDEX vault_folders_name_key ON vault_folders (coalesce(company_id, 0), lower(name))
  WHERE archived_at IS NULL;

-- array_to_string is only STABLE; what it does on text[] never changes, so the wrapper may be IMMUTABLE.
CREATE FUNCTION farol_vault_search_text(name text, url text, username text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN farol_fold(name || ' ' || coalesce(url, '') || ' ' || coalesce(username, '') || ' ' || coalesce(array_to_string(tags, ' '), ''));

CREATE TABLE vault_items (
  id serial PRIMARY KEY,
  company_id integer REFERENCES companies (id) ON DELETE CASCADE,
  branch_id integer REFERENCES branches (id) ON DELETE SET NULL,
  folder_id integer REFERENCES vault_folders (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('login', 'nota', 'chave_ssh', 'api', 'wifi', 'banco')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  url text,
  username text,
  description text,
  tags text[] NOT NULL DEFAULT '{}',
  custom jsonb NOT NULL DEFAULT '[]'::jsonb,
  secrets jsonb NOT NULL DEFAULT '{}'::jsonb,
  sensitive boolean NOT NULL DEFAULT false,
  client_visible boolean NOT NULL DEFAULT false,
  rotate_every_days integer CHECK (rotate_every_days BETWEEN 1 AND 3650),
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  rotation_notified_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  owner_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  search_text text GENERATED ALWAYS AS (farol_vault_search_text(name, url, username, tags)) STORED
);
CREATE INDEX vault_items_search_trgm_idx ON vault_items USING gin (search_text gin_trgm_ops);
CREATE INDEX vault_items_company_idx ON vault_items (company_id, lower(name), id) WHERE archived_at IS NULL;
CREATE INDEX vault_items_folder_idx ON vault_items (folder_id) WHERE archived_at IS NULL;
CREATE INDEX vault_items_name_idx ON vault_items (lower(name), id) WHERE archived_at IS NULL;
CREATE INDEX vault_items_tags_idx ON vault_items USING gin (tags);

CREATE TABLE vault_item_versions (
  item_id integer NOT NULL REFERENCES vault_items (id) ON DELETE CASCADE,
  version integer NOT NULL,
  snapshot jsonb NOT NULL,
  secrets jsonb NOT NULL,
  changed_by integer REFERENCES users (id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, version)
);
`,
};
