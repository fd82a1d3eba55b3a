// The roles domain's MSW handlers and fixtures (gathered by @farol/data/mocks).
export { fixtureAccesses, fixtureRoles, fixtureScopeCompanies } from './fixtures';
export { createRoleHandlers, createRoleMock, roleHandlers } from './handlers';
export type { RoleMock, RoleMockOptions, RoleMockState } from './handlers';
