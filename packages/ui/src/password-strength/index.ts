export { PasswordStrength } from './password-strength';
export type { PasswordStrengthProps } from './password-strength';
export { loadPasswordEstimator, PASSWORD_SCORE_LABELS } from './estimate';
export type { PasswordEstimator, PasswordScore } from './estimate';
