import type { Migration } from '../../../db/migration';
import { migration025Vault } from './025-vault';
import { migration026VaultAccess } from './026-vault-access';
import { migration027VaultRequests } from './027-vault-requests';
import { migration033VaultRequestsAnswers } from './033-vault-requests-answers';
import { migration035VaultList } from './035-vault-list';
import { migration038VaultListJson } from './038-vault-list-json';

export const passwordMigrations: Migration[] = [
  migration025Vault,
  migration026VaultAccess,
  migration027VaultRequests,
  migration033VaultRequestsAnswers,
  migration035VaultList,
  migration038VaultListJson,
];
