import { z } from 'zod';
import { PERMISSION_KEYS } from './constants';
import { wireId, wireInt } from './wire-int';

/**
 * Accounts (Gerenciar Usuários, issue 13): making and ending them. An account is a user row seen by the
 * people who manage it: its status, how it was made (invitation, temporary password), its last access and
 * two-factor state. The password policy is here once, for the server and every password form.
 */

/** ativo: may sign in; suspenso: refused for now (reactivate undoes it); desativado: ended (offboarding). */
export const ACCOUNT_STATUSES = ['ativo', 'suspenso', 'desativado'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  ativo: 'Ativo',
  suspenso: 'Suspenso',
  desativado: 'Desativado',
};

/** What a suspended or deactivated person reads when they try to sign in (403). */
export const ACCOUNT_REFUSAL_MESSAGES: Record<Exclude<AccountStatus, 'ativo'>, string> = {
  suspenso: 'Sua conta está suspensa. Fale com o administrador da sua empresa para reativá-la.',
  desativado: 'Esta conta foi desativada e não pode mais entrar.',
};

/** How long an invitation link works (72 h), and a password reset link (1 h). */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** The password policy: at least 10 characters, not one of the common passwords (checked by the server). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_TOO_COMMON = 'Esta senha é muito comum. Escolha outra, de preferência uma frase.';

export const newPasswordSchema = z
  .string({ error: 'Informe a nova senha' })
  .min(PASSWORD_MIN_LENGTH, `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`)
  .max(PASSWORD_MAX_LENGTH, `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres`);

/** GET /api/accounts/me: the signed-in person's own flags. */
export const accountMeSchema = z.object({
  must_change_password: z.boolean(),
  /** A client user who manages their company's portal users ("gestor da empresa"). */
  company_manager: z.boolean(),
});
export type AccountMe = z.infer<typeof accountMeSchema>;

/** The bulk actions of the table and the single ones of a row. */
export const ACCOUNT_ACTIONS = ['suspend', 'reactivate', 'deactivate'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
export const ACCOUNT_ACTION_LABELS: Record<AccountAction, string> = {
  suspend: 'Suspender',
  reactivate: 'Reativar',
  deactivate: 'Desativar',
};

export const ACCOUNT_SORTS = ['name', 'email', 'role', 'company', 'status', 'last_access'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
export const ACCOUNT_PAGE_SIZE = 25;

export const accountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  /** A client user who manages their own company's client users from the portal ("gestor da empresa"). */
  company_manager: z.boolean(),
  status: z.enum(ACCOUNT_STATUSES),
  /** The last sign-in (ISO), null when never. */
  last_access_at: z.string().nullable(),
  /** Two-factor sign-in on (the security module's `users.totp_enabled`; false until it exists). */
  two_factor_enabled: z.boolean(),
  /** Signed in with a temporary password: must choose their own before anything else. */
  must_change_password: z.boolean(),
  /** An invitation not yet accepted: when it expires (ISO), else null. */
  invitation_expires_at: z.string().nullable(),
  profile_picture: z.string().nullable(),
  created_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountListSchema = z.object({ items: z.array(accountSchema), total: z.number().int() });
export type AccountList = z.infer<typeof accountListSchema>;

export const accountListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Busca: no máximo 100 caracteres').optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: 'status deve ser ativo, suspenso ou desativado' }).optional(),
  role: z
    .string()
    .trim()
    .max(40, 'role deve ter no máximo 40 caracteres')
    .regex(/^[a-z0-9_-]*$/i, 'role inválida')
    .optional(),
  company_id: wireId('company_id').optional(),
  sort: z.enum(ACCOUNT_SORTS, { error: `sort deve ser um de: ${ACCOUNT_SORTS.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: "order deve ser 'asc' ou 'desc'" }).optional(),
  page: wireInt('page', (n) => n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'))
    .optional()
    .default(1),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  )
    .optional()
    .default(ACCOUNT_PAGE_SIZE),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

const nameField = (label: string) =>
  z
    .string({ error: `Informe o ${label.toLowerCase()}` })
    .trim()
    .min(1, `Informe o ${label.toLowerCase()}`)
    .max(80, `${label} deve ter no máximo 80 caracteres`);

const roleField = z
  .string({ error: 'Escolha a função' })
  .trim()
  .toLowerCase()
  .min(1, 'Escolha a função')
  .max(40, 'Função deve ter no máximo 40 caracteres')
  .regex(/^[a-z0-9_-]+$/, 'Função inválida');

const permissionsField = z.array(z.enum(PERMISSION_KEYS, { error: 'Permissão desconhecida' }), {
  error: 'Permissões devem ser uma lista',
});

/** How a new account gets its first password: an invitation link, or a temporary one set by the admin. */
export const ACCOUNT_DELIVERIES = ['invite', 'temporary_password'] as const;
export type AccountDelivery = (typeof ACCOUNT_DELIVERIES)[number];

export const createAccountSchema = z
  .strictObject({
    email: z
      .string({ error: 'Informe o e-mail' })
      .trim()
      .toLowerCase()
      .max(200, 'E-mail muito longo')
      .pipe(z.email('E-mail inválido')),
    first_name: nameField('Nome'),
    last_name: z.string().trim().max(80, 'Sobrenome deve ter no máximo 80 caracteres').default(''),
    role: roleField,
    company_id: wireId('company_id').nullable().default(null),
    company_manager: z.boolean({ error: 'gestor da empresa deve ser verdadeiro ou falso' }).default(false),
    permissions: permissionsField.default([]),
    delivery: z.enum(ACCOUNT_DELIVERIES, { error: 'Escolha convite ou senha temporária' }).default('invite'),
    temporary_password: newPasswordSchema.optional(),
  })
  .refine((body) => body.delivery !== 'temporary_password' || Boolean(body.temporary_password), {
    message: 'Informe a senha temporária',
    path: ['temporary_password'],
  });
export type CreateAccountInput = z.input<typeof createAccountSchema>;

/** An invitation just made: the link to copy (always), and whether it was also e-mailed. */
export const invitationLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  emailed: z.boolean(),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

export const createAccountResponseSchema = z.object({
  account: accountSchema,
  invitation: invitationLinkSchema.nullable(),
});
export type CreateAccountResponse = z.infer<typeof createAccountResponseSchema>;

export const updateAccountSchema = z
  .strictObject({
    first_name: nameField('Nome'),
    last_name: z.string().trim().max(80, 'Sobrenome deve ter no máximo 80 caracteres'),
    role: roleField,
    company_id: wireId('company_id').nullable(),
    company_manager: z.boolean({ error: 'gestor da empresa deve ser verdadeiro ou falso' }),
    permissions: permissionsField,
  })
  .partial();
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

export const temporaryPasswordSchema = z.strictObject({ password: newPasswordSchema });

export const bulkAccountActionSchema = z.strictObject({
  action: z.enum(ACCOUNT_ACTIONS, { error: 'Ação inválida' }),
  ids: z
    .array(wireId('id'), { error: 'Escolha as contas' })
    .min(1, 'Escolha ao menos uma conta')
    .max(100, 'No máximo 100 contas por vez'),
});
export type BulkAccountAction = z.input<typeof bulkAccountActionSchema>;

export const bulkAccountResultSchema = z.object({
  updated: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
export type BulkAccountResult = z.infer<typeof bulkAccountResultSchema>;

/** GET /api/invitations/:token and /api/password-resets/:token: whose link it is (401/410 otherwise). */
export const accountLinkInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  expires_at: z.string(),
});
export type AccountLinkInfo = z.infer<typeof accountLinkInfoSchema>;

/** Accepting an invitation, using a reset link, or changing one's own temporary password. */
export const setPasswordSchema = z.strictObject({ password: newPasswordSchema });
export type SetPasswordInput = z.input<typeof setPasswordSchema>;

export const changePasswordSchema = z.strictObject({
  current_password: z
    .string({ error: 'Informe a senha atual' })
    .min(1, 'Informe a senha atual')
    .max(PASSWORD_MAX_LENGTH, 'Senha muito longa'),
  password: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const passwordResetRequestSchema = z.strictObject({
  email: z
    .string({ error: 'Informe o e-mail' })
    .trim()
    .toLowerCase()
    .min(1, 'Informe o e-mail')
    .max(200, 'E-mail muito longo'),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** The same answer whether or not the account exists. */
export const PASSWORD_RESET_SENT =
  'Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Ele vale por 1 hora.';

/** One step of offboarding (a registry: chamados, tarefas, and later modules' own). */
export const offboardingStepSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** What the step will do or found, in a sentence ('3 chamados abertos serão transferidos'). */
  summary: z.string(),
  /** Whether it moves things to the chosen person (then an assignee is required when count > 0). */
  reassigns: z.boolean(),
  count: z.number().int(),
});
export type OffboardingStep = z.infer<typeof offboardingStepSchema>;

export const offboardingPreviewSchema = z.object({
  account: accountSchema,
  /** What the person could reach: their role, keys and company. */
  access: z.object({
    role: z.string(),
    permissions: z.array(z.object({ key: z.string(), label: z.string() })),
    company: z.string().nullable(),
    sessions: z.number().int(),
  }),
  steps: z.array(offboardingStepSchema),
});
export type OffboardingPreview = z.infer<typeof offboardingPreviewSchema>;

export const offboardingRunSchema = z.strictObject({
  assignee_id: wireId('assignee_id').nullable().default(null),
});
export type OffboardingRun = z.input<typeof offboardingRunSchema>;

export const offboardingResultSchema = z.object({
  account: accountSchema,
  steps: z.array(z.object({ id: z.string(), label: z.string(), done: z.string() })),
});
export type OffboardingResult = z.infer<typeof offboardingResultSchema>;
