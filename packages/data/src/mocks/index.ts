// @farol/data/mocks: every domain's MSW handlers and fixtures, for Storybook and tests (never in a
// production bundle). Each domain keeps its own under `src/<domain>/mocks/`; this entry gathers them.
export { FIXTURE_NOW, FIXTURE_PASSWORD, fixtureTokens, fixtures, minutesAgo, userForToken } from './fixtures';
export type { FixtureUserName } from './fixtures';
export { createHandlers, errorResponse, flattenHandlers, handlers } from './handlers';
export type { HandlerGroups } from './handlers';
// One line per domain.
export * from '../session/mocks';
export * from '../notifications/mocks';
export * from '../messages/mocks';
export * from '../tickets/mocks';
export * from '../companies/mocks';
export * from '../accounts/mocks';
export * from '../passwords/mocks';
export * from '../tasks/mocks';
export * from '../connections/mocks';
export * from '../users/mocks';
export * from '../roles/mocks';
export * from '../security/mocks';
export { createMockStore, resetMockState } from './store';
export { userFromRequest } from './http';
export type { MockStore } from './store';
export { MockDataProviders, createMockApiClient, createMockQueryClient, seedMockSession } from './providers';
export type { MockApiClientOptions, MockDataProvidersProps } from './providers';
