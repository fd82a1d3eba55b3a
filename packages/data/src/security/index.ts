// @farol/data/security: two-factor sign-in, sessions, login history and the 2FA requirement (issue 13).
// Its MSW handlers and fixtures are in @farol/data/mocks.
export {
  LOGIN_EVENT_REASON_LABELS,
  LOGIN_METHOD_LABELS,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_REQUIREMENT_LABELS,
  TWO_FACTOR_REQUIREMENTS,
  describeUserAgent,
  isTotpCode,
} from '../contract/security-constants';
export type {
  ActiveSession,
  LoginEvent,
  SecuritySettingsAnswer,
  TwoFactorRequirement,
  TwoFactorSetup,
  TwoFactorStatus,
  UserSecurity,
} from '../contract/security';
export { securityKeys, securityInvalidation } from './keys';
export * from './api/urls';
export * from './api/two-factor';
export * from './api/sessions';
export * from './api/login-history';
export * from './api/admin';
