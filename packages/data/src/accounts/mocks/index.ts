export { accountHandlers, createAccountMock, MOCK_LINK_TOKENS, type AccountMockOptions } from './handlers';
export { accountFixtures, manyAccounts } from './seed';
