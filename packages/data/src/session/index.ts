export { DEFAULT_THEME, normalizeUser } from './normalize-user';
export type { SessionUser } from './normalize-user';
export { sessionKeys, sessionInvalidation } from './keys';
export { PROFILE_URL, profileQueryOptions } from './profile-query';
export * from './api/update-profile';
export * from './api/upload-picture';
export {
  LOGIN_FAILED_MESSAGE,
  LOGIN_MISSING_FIELDS_MESSAGE,
  LOGIN_URL,
  LOGOUT_URL,
  SessionProvider,
  useSession,
} from './session-provider';
export type { Session, SessionProviderProps, SessionStatus } from './session-provider';
export {
  clearSession,
  markMustChangePassword,
  mustChangePassword,
  readStoredTheme,
  readStoredToken,
  readStoredUser,
  sessionStorageKeys,
  storeTheme,
  writeSession,
} from './storage';
