// The vault's MSW handlers, database and fixtures (gathered by @farol/data/mocks).
export { folderFixtures, passwordFixtures } from './seed';
export { folderGrantFixtures, granteeFixtures } from './folders';
export type { StoredPassword } from './seed';
export { createPasswordHandlers, createPasswordMock, passwordHandlers } from './handlers';
export type { PasswordDatabase, PasswordMock, PasswordMockOptions } from './handlers';
export {
  VAULT_SAMPLE_EXPORT,
  VAULT_SAMPLE_PASSPHRASE,
  createVaultTransferMock,
  vaultTransferHandlers,
} from './transfer';
export type { VaultTransferDatabase, VaultTransferMock, VaultTransferMockOptions } from './transfer';
export {
  clientPasswordFixtures,
  createVaultRequestHandlers,
  createVaultRequestMock,
  vaultRequestFixtures,
  vaultRequestHandlers,
} from './requests';
export type { VaultRequestDatabase, VaultRequestMock, VaultRequestMockOptions } from './requests';
