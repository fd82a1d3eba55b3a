// @farol/data/roles: roles, a person's access (role, extra keys, company scope) and "por que ele vê isso?"
// (issue 13). One file per endpoint; its MSW handlers and fixtures are in @farol/data/mocks.
export { roleKeys, roleInvalidation } from './keys';
export * from './api/role-urls';
export * from './api/get-roles';
export * from './api/user-access';
export * from './api/get-why';
