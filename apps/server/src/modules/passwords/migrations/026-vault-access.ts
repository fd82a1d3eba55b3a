import type { Migration } from '../../../db/migration';

/**
 * Who reaches which folder or item (issue 14): a grant gives a person or a role one level on a folder (and so
 * on every item in it, those added later too) or on one item. An item or folder with grants is reached only
 * through them; the permission keys stay the ceiling. `vault_confirmations` remembers when a person last typed
 * their password again (items flagged sensível ask for it every 10 minutes).
 */
export const migration026VaultAccess: Migration = {
  id: '026-vault-access',
  sql: /* sql */ `
CREATE TABLE vault_grants (
  id serial PRIMARY KEY,
  folder_id integer REFERENCES vault_folders (id) ON DELETE CASCADE,
  item_id integer REFERENCES vault_items (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  role text,
  level text NOT NULL CHECK (level IN ('metadados', 'usar', 'ver', 'editar', 'gerenciar')),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((folder_id IS NULL) <> (item_id IS NULL)),
  CHECK ((user_id IS NULL) <> (role IS NULL))
);
CREATE INDEX vault_grants_folder_idx ON vault_grants (folder_id) WHERE folder_id IS NOT NULL;
CREATE INDEX vault_grants_item_idx ON vault_grants (item_id) WHERE item_id IS NOT NULL;
CREATE INDEX vault_grants_user_idx ON vault_grants (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE vault_confirmations (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  confirmed_at timestamptz NOT NULL
);
`,
};
