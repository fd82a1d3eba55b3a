// The session's MSW handlers: sign-in and the profile (gathered by @farol/data/mocks).
export { authHandlers, createAuthHandlers, createProfileHandlers, profileHandlers } from './handlers';
export type { AuthMockOptions, ProfileMockOptions } from './handlers';
