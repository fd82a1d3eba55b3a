// The session's MSW handlers: sign-in and the profile (gathered by @farol/data/mocks).
export {
  MOCK_RECOVERY_CODE,
  MOCK_TWO_FACTOR_CODE,
  authHandlers,
  createAuthHandlers,
  createProfileHandlers,
  createTwoFactorGateHandlers,
  profileHandlers,
} from './handlers';
export type { AuthMockOptions, ProfileMockOptions } from './handlers';
