// @farol/data/accounts: Gerenciar Usuários (issue 13) — accounts, invitations, password resets, offboarding.
// Its MSW handlers and fixtures are in @farol/data/mocks.
export { accountKeys, accountInvalidation } from './keys';
export * from './api/urls';
export * from './api/get-accounts';
export * from './api/save-account';
export * from './api/offboarding';
export * from './api/passwords';
