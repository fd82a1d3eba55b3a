/**
 * Account security's constants and rules without zod (issue 13), so the login page and the security screens
 * do not carry zod; `security.ts` has the wire schemas.
 */
/** RFC 6238 as authenticator apps expect it: SHA-1, 30-second steps, 6 digits; one step either side accepted. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW_STEPS = 1;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Farol';
/** Recovery codes made at once (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the sign-in's code step stays open after the password was accepted. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one code step takes before it is closed (the person signs in again). */
export const LOGIN_CHALLENGE_MAX_ATTEMPTS = 5;
/** An enrolment not confirmed within this time must be started again. */
export const TWO_FACTOR_SETUP_TTL_MS = 15 * 60_000;

/**
 * The `error` code (403) of every request but enrolment's from a session whose person the 2FA requirement
 * covers and who has not enrolled yet: the portal sends them to enrol on it.
 */
export const TWO_FACTOR_SETUP_REQUIRED_CODE = 'two_factor_setup_required';
export const TWO_FACTOR_SETUP_REQUIRED_MESSAGE =
  'A verificação em duas etapas é obrigatória para a sua conta. Ative-a em Segurança da conta para continuar.';

/** Six digits (spaces allowed, as apps show `123 456`). */
export const isTotpCode = (value: string) => /^[0-9]{6}$/.test(value.replace(/\s+/g, ''));

/** A recovery code as typed: letters and digits, hyphens and spaces ignored, upper-cased. */
export const normaliseRecoveryCode = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/** What `/api/auth/login` answers instead of a session when the account has 2FA (see loginChallengeSchema). */
export interface LoginChallengeShape {
  two_factor_required: true;
  challenge: string;
  expires_at: string;
}

export const isLoginChallenge = (value: unknown): value is LoginChallengeShape =>
  typeof value === 'object' &&
  value !== null &&
  (value as Record<string, unknown>).two_factor_required === true &&
  typeof (value as Record<string, unknown>).challenge === 'string';

export const LOGIN_EVENT_REASONS = [
  'ok',
  'wrong_password',
  'two_factor_failed',
  'challenge_expired',
  'suspended',
  'rate_limited',
] as const;
export type LoginEventReason = (typeof LOGIN_EVENT_REASONS)[number];

export const LOGIN_EVENT_REASON_LABELS: Record<LoginEventReason, string> = {
  ok: 'Entrada realizada',
  wrong_password: 'Senha incorreta',
  two_factor_failed: 'Código de verificação inválido',
  challenge_expired: 'Verificação expirada',
  suspended: 'Conta suspensa',
  rate_limited: 'Muitas tentativas',
};

export const LOGIN_METHODS = ['password', 'totp', 'recovery_code'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const LOGIN_METHOD_LABELS: Record<LoginMethod, string> = {
  password: 'Senha',
  totp: 'Senha e código do aplicativo',
  recovery_code: 'Senha e código de recuperação',
};

export const TWO_FACTOR_REQUIREMENTS = ['none', 'everyone', 'roles'] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];

export const TWO_FACTOR_REQUIREMENT_LABELS: Record<TwoFactorRequirement, string> = {
  none: 'Opcional para todos',
  everyone: 'Obrigatória para todos',
  roles: 'Obrigatória para as funções escolhidas',
};

/** Whether the requirement covers a role. */
export const isTwoFactorRequired = (
  settings: { require_two_factor: TwoFactorRequirement; roles: readonly string[] },
  role: string,
) =>
  settings.require_two_factor === 'everyone' ||
  (settings.require_two_factor === 'roles' && settings.roles.includes(role.trim().toLowerCase()));

/** A short device name from a browser's agent string ('Firefox em Linux'); 'Dispositivo desconhecido' if none. */
export function describeUserAgent(agent: string | null | undefined): string {
  if (!agent) return 'Dispositivo desconhecido';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /OPR\//.test(agent)
      ? 'Opera'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : /curl\//i.test(agent)
              ? 'curl'
              : null;
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} em ${system}`;
  return browser ?? system ?? 'Navegador desconhecido';
}
