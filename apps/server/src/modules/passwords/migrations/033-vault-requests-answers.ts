import type { Migration } from '../../../db/migration';

/**
 * "Pedir credencial ao cliente", answered (issue 14): a request staff cancel dies like a used one; an answer
 * records who sent it — the client user of the portal, or the name typed on the public link.
 */
export const migration033VaultRequestsAnswers: Migration = {
  id: '033-vault-requests-answers',
  sql: /* sql */ `
ALTER TABLE vault_requests
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN answered_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN sent_by text CHECK (length(sent_by) <= 120);
`,
};
