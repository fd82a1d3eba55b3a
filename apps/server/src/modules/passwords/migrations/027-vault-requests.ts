import type { Migration } from '../../../db/migration';

/**
 * "Pedir credencial ao cliente" (issue 14): a one-time link a client contact opens to type a credential, which
 * lands encrypted in the company's folder. Only the SHA-256 of the link's token is kept; the link dies once
 * used or after its expiry (72 h).
 */
export const migration027VaultRequests: Migration = {
  id: '027-vault-requests',
  sql: /* sql */ `
CREATE TABLE vault_requests (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  folder_id integer REFERENCES vault_folders (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('login', 'nota', 'chave_ssh', 'api', 'wifi', 'banco')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  message text,
  requested_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  item_id integer REFERENCES vault_items (id) ON DELETE SET NULL
);
CREATE INDEX vault_requests_company_idx ON vault_requests (company_id, created_at DESC);
`,
};
