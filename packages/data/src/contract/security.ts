/**
 * Account security (issue 13): two-factor sign-in (TOTP, RFC 6238), recovery codes, the sign-in's code step,
 * the 2FA requirement admins set, active sessions and login history. The server implements it in
 * `modules/auth` (`/api/auth/login/2fa` and `/api/security/*`).
 */
import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { pageQuerySchema } from './conversation';

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

/** Six digits (spaces allowed, as apps show `123 456`). */
export const isTotpCode = (value: string) => /^[0-9]{6}$/.test(value.replace(/\s+/g, ''));

/** A recovery code as typed: letters and digits, hyphens and spaces ignored, upper-cased. */
export const normaliseRecoveryCode = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

// -------------------------------------------------------------- sign-in code step

const challengeToken = z
  .string({ error: 'Sessão de verificação inválida' })
  .min(20, 'Sessão de verificação inválida')
  .max(200, 'Sessão de verificação inválida');

/** What `/api/auth/login` answers instead of a session when the account has 2FA: the code step's handle. */
export const loginChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string().min(1),
  expires_at: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** A session, with whether the person must enrol in 2FA before anything else (their role requires it). */
export const loginSessionSchema = loginResponseSchema.extend({
  two_factor_setup_required: z.boolean().optional(),
});
export type LoginSession = z.infer<typeof loginSessionSchema>;

/** POST /api/auth/login answers one or the other. */
export const loginOutcomeSchema = z.union([loginSessionSchema, loginChallengeSchema]);
export type LoginOutcome = z.infer<typeof loginOutcomeSchema>;

export const isLoginChallenge = (value: unknown): value is LoginChallenge =>
  typeof value === 'object' &&
  value !== null &&
  (value as Record<string, unknown>).two_factor_required === true &&
  typeof (value as Record<string, unknown>).challenge === 'string';

const codeField = z
  .string({ error: 'Informe o código' })
  .trim()
  .min(1, 'Informe o código')
  .max(40, 'Código inválido');

/** POST /api/auth/login/2fa: the challenge and a 6-digit code or a recovery code. */
export const loginTwoFactorRequestSchema = z.object({ challenge: challengeToken, code: codeField }).strict();
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequestSchema>;

// -------------------------------------------------------------- enrolment

/** GET /api/security/two-factor: one's own 2FA state. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.number().int().min(0),
  /** Whether the 2FA requirement covers this person (everyone, or their role). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/security/two-factor/setup: a new secret to scan (or type), confirmed by a first code. */
export const twoFactorSetupSchema = z.object({
  /** Base32, grouped by four for typing. */
  secret: z.string().min(16),
  otpauth_url: z.string().startsWith('otpauth://totp/'),
  /** The QR code of `otpauth_url`, an SVG data URL. */
  qr_code: z.string().startsWith('data:image/svg+xml'),
  expires_at: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

const totpCodeField = codeField.refine(isTotpCode, 'O código tem 6 dígitos');

/** POST /api/security/two-factor/confirm and /recovery-codes: a current code from the app. */
export const twoFactorCodeRequestSchema = z.object({ code: totpCodeField }).strict();
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

/** The recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/security/two-factor/disable: the password and a code (from the app or a recovery code). */
export const twoFactorDisableRequestSchema = z
  .object({
    password: z.string({ error: 'Informe a senha' }).min(1, 'Informe a senha').max(500, 'Senha muito longa'),
    code: codeField,
  })
  .strict();
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

// -------------------------------------------------------------- sessions

export const activeSessionSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** 'Chrome em Windows' and the like, from the agent. */
  device: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionListSchema = z.object({ items: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

export const revokedCountSchema = z.object({ revoked: z.number().int().min(0) });
export type RevokedCount = z.infer<typeof revokedCountSchema>;

// -------------------------------------------------------------- login history

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

export const loginEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  device: z.string(),
  success: z.boolean(),
  reason: z.enum(LOGIN_EVENT_REASONS),
  method: z.enum(LOGIN_METHODS).nullable(),
});
export type LoginEvent = z.infer<typeof loginEventSchema>;

export const loginEventListSchema = z.object({ items: z.array(loginEventSchema), total: z.number().int() });
export type LoginEventList = z.infer<typeof loginEventListSchema>;

export const loginHistoryQuerySchema = pageQuerySchema;

// -------------------------------------------------------------- requirement (admins)

export const TWO_FACTOR_REQUIREMENTS = ['none', 'everyone', 'roles'] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];

export const TWO_FACTOR_REQUIREMENT_LABELS: Record<TwoFactorRequirement, string> = {
  none: 'Opcional para todos',
  everyone: 'Obrigatória para todos',
  roles: 'Obrigatória para as funções escolhidas',
};

const roleName = z
  .string({ error: 'Função inválida' })
  .trim()
  .min(1, 'Função inválida')
  .max(50, 'Função inválida')
  .transform((role) => role.toLowerCase());

/** GET/PUT /api/security/settings. */
export const securitySettingsSchema = z.object({
  require_two_factor: z.enum(TWO_FACTOR_REQUIREMENTS),
  /** The roles that must use 2FA when `require_two_factor` is 'roles' (lower case). */
  roles: z.array(z.string()),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securitySettingsUpdateSchema = z
  .object({
    require_two_factor: z.enum(TWO_FACTOR_REQUIREMENTS, { error: 'Escolha uma das opções' }),
    roles: z.array(roleName).max(50, 'Funções demais'),
  })
  .strict()
  .refine((settings) => settings.require_two_factor !== 'roles' || settings.roles.length > 0, {
    message: 'Escolha ao menos uma função',
    path: ['roles'],
  });
export type SecuritySettingsUpdate = z.input<typeof securitySettingsUpdateSchema>;

export const securitySettingsAnswerSchema = securitySettingsSchema.extend({
  updated_at: z.string().nullable(),
  /** The roles people hold now, to choose from. */
  known_roles: z.array(z.string()),
});
export type SecuritySettingsAnswer = z.infer<typeof securitySettingsAnswerSchema>;

/** Whether the requirement covers a role. */
export const isTwoFactorRequired = (
  settings: Pick<SecuritySettings, 'require_two_factor' | 'roles'>,
  role: string,
) =>
  settings.require_two_factor === 'everyone' ||
  (settings.require_two_factor === 'roles' && settings.roles.includes(role.trim().toLowerCase()));

// -------------------------------------------------------------- a person's security (admins)

/** GET /api/security/users/:id: what an admin sees about a person's sign-in. */
export const userSecuritySchema = twoFactorStatusSchema.extend({ user_id: z.number().int() });
export type UserSecurity = z.infer<typeof userSecuritySchema>;

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
