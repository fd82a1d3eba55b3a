// The security domain's MSW handlers and fixtures (gathered by @farol/data/mocks).
export { createSecurityMock, securityHandlers } from './handlers';
export type { SecurityMockOptions } from './handlers';
export * from './fixtures';
