// @farol/data/users: the users domain (Usuários, issue 13). The directory's constants, its query keys, one file
// per endpoint (fetcher, queryOptions, hook) and the live presence handler. Its MSW handlers and fixtures are in
// @farol/data/mocks.
export * from '../contract/user-directory-constants';
export { userKeys, userInvalidation } from './keys';
export { usersLive } from './live';
export * from './api/user-urls';
export * from './api/get-users';
export * from './api/get-user';
export * from './api/get-user-options';
export * from './api/get-user-audit';
