export { DEFAULT_THEME, normalizeUser } from './normalize-user';
export type { SessionUser } from './normalize-user';
export { sessionKeys, sessionInvalidation } from './keys';
export { PROFILE_URL, profileQueryOptions } from './profile-query';
export * from './api/update-profile';
export * from './api/upload-picture';
export {
  LOGIN_FAILED_MESSAGE,
  LOGIN_MISSING_FIELDS_MESSAGE,
  LOGIN_TWO_FACTOR_URL,
  LOGIN_URL,
  LOGOUT_URL,
  SessionProvider,
  TWO_FACTOR_MISSING_CODE_MESSAGE,
  TwoFactorRequiredError,
  useSession,
} from './session-provider';
export type { Session, SessionProviderProps, SessionStatus } from './session-provider';
export {
  clearSession,
  markTwoFactorSetupRequired,
  noteForbidden,
  TWO_FACTOR_SETUP_EVENT,
  twoFactorSetupRequired,
  markMustChangePassword,
  mustChangePassword,
  readStoredTheme,
  readStoredToken,
  readStoredUser,
  sessionStorageKeys,
  storeTheme,
  writeSession,
} from './storage';
