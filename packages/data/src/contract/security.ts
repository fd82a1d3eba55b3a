/**
 * Account security (issue 13): two-factor sign-in (TOTP, RFC 6238), recovery codes, the sign-in's code step,
 * the 2FA requirement admins set, active sessions and login history. The server implements it in
 * `modules/auth` (`/api/auth/login/2fa` and `/api/security/*`).
 */
import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { pageQuerySchema } from './conversation';
import {
  RECOVERY_CODE_COUNT,
  LOGIN_EVENT_REASONS,
  LOGIN_METHODS,
  TWO_FACTOR_REQUIREMENTS,
  isTotpCode,
} from './security-constants';

export * from './security-constants';

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

// -------------------------------------------------------------- a person's security (admins)

/** GET /api/security/users/:id: what an admin sees about a person's sign-in. */
export const userSecuritySchema = twoFactorStatusSchema.extend({ user_id: z.number().int() });
export type UserSecurity = z.infer<typeof userSecuritySchema>;
