// @farol/data/passwords: the credential vault (Senhas). The contract's constants without zod, its query keys,
// one file per endpoint (fetcher, queryOptions, hook), the generator and the offline strength meter. Its MSW
// handlers and fixtures are in @farol/data/mocks.
export * from '../contract/password-constants';
export { passwordKeys, passwordInvalidation } from './keys';
export * from './api/urls';
export * from './api/get-passwords';
export * from './api/get-password';
export * from './api/save-password';
export * from './api/reveal';
export * from './api/history';
export * from './api/folders';
export * from './api/requests';
export * from './api/client-passwords';
export * from './api/transfer';
export * from '../contract/password-transfer-constants';
export * from '../contract/password-request-constants';
export * from './generator';
export { PASSPHRASE_WORDS } from './words';
export type {
  CreatePasswordInput,
  PasswordCustomField,
  PasswordItem,
  PasswordList,
  PasswordOptions,
  PasswordVersion,
  RevealLog,
  RevealLogEntry,
  RevealResult,
  SetGrantsInput,
  TotpCode,
  UpdatePasswordInput,
  VaultFolder,
  VaultGrant,
  VaultGrantList,
} from '../contract/password';
export type {
  AnswerVaultRequestInput,
  ClientPasswordItem,
  ClientPasswordList,
  ClientRevealRequest,
  CompanyPasswordFigures,
  CreateVaultRequestInput,
  CreatedVaultRequest,
  PortalVaultRequest,
  VaultRequest,
  VaultRequestInfo,
  VaultRequestList,
} from '../contract/password-request';
export type {
  VaultExportRequest,
  VaultImportReport,
  VaultImportRequest,
  VaultImportRow,
} from '../contract/password-transfer';
export type { VaultGrantees } from '../contract/password-access';
