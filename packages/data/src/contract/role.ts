/**
 * Roles, per-person extra keys and staff company scope (issue 13): the wire forms of /api/roles,
 * /api/users/:id/access and /api/access/why, and the rules both sides share.
 */
import { z } from 'zod';
import { PERMISSION_KEYS } from './constants';
import { wireId } from './wire-int';

/** The built-in roles, in the editor's order. They cannot be deleted. */
export const BUILT_IN_ROLES = ['admin', 'gestor', 'tecnico', 'cliente'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

export const BUILT_IN_ROLE_NAMES: Record<BuiltInRole, string> = {
  admin: 'Administrador',
  gestor: 'Gestor',
  tecnico: 'Técnico',
  cliente: 'Cliente',
};

/**
 * The keys each built-in role starts with (the database's seed). Admin holds every key and a client none,
 * whatever is stored, so their keys cannot be edited; gestor and técnico start with none of their own: every
 * account made before roles had keys carries its keys itself (they become its extra keys), so nobody's access
 * changed when roles moved into the database.
 */
export const BUILT_IN_ROLE_DEFAULT_KEYS: Record<BuiltInRole, readonly string[]> = {
  admin: PERMISSION_KEYS,
  gestor: [],
  tecnico: [],
  cliente: [],
};

/** Roles whose keys are fixed by the rules (admin: all, cliente: none). */
export const LOCKED_ROLES: readonly string[] = ['admin', 'cliente'];

/** The company scope modes of a staff account; deny wins when a company is both allowed and excluded. */
export const COMPANY_SCOPE_MODES = ['all', 'selected', 'except'] as const;
export type CompanyScopeMode = (typeof COMPANY_SCOPE_MODES)[number];

export const COMPANY_SCOPE_LABELS: Record<CompanyScopeMode, string> = {
  all: 'Todas as empresas',
  selected: 'Somente empresas selecionadas',
  except: 'Todas, exceto algumas',
};

/**
 * Whether a scope reaches a company. `allow` null: every company. Deny wins: an excluded company is never
 * reached, even when it is also allowed. Records without a company (null) are reached by every staff scope.
 */
export const scopeReaches = (
  scope: { allow: readonly number[] | null; deny: readonly number[] },
  companyId: number | null,
): boolean => {
  if (companyId === null) return true;
  if (scope.deny.includes(companyId)) return false;
  return scope.allow === null || scope.allow.includes(companyId);
};

const permissionKeys = z
  .array(z.enum(PERMISSION_KEYS, { error: 'Permissão desconhecida' }), {
    error: 'Permissões devem ser uma lista',
  })
  .max(PERMISSION_KEYS.length * 2, 'Permissões demais')
  .transform((keys) => [...new Set(keys)]);

export const ROLE_NAME_MAX = 60;
const roleName = z
  .string({ error: 'Nome deve ser um texto' })
  .trim()
  .min(2, 'Nome deve ter ao menos 2 caracteres')
  .max(ROLE_NAME_MAX, `Nome deve ter no máximo ${ROLE_NAME_MAX} caracteres`);

export const roleSchema = z.object({
  key: z.string(),
  name: z.string(),
  built_in: z.boolean(),
  /** Whether its keys can be changed (false for admin and cliente). */
  editable: z.boolean(),
  permissions: z.array(z.string()),
  /** Accounts holding it (a custom role can be deleted only at 0). */
  user_count: z.number().int(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListSchema = z.object({ items: z.array(roleSchema) });
export type RoleList = z.infer<typeof roleListSchema>;

export const roleKeyParamsSchema = z.object({
  key: z
    .string({ error: 'Função inválida' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Função inválida'),
});

export const createRoleSchema = z
  .object({
    name: roleName,
    permissions: permissionKeys.default([]),
    /** Starts from this role's keys (ignored when `permissions` holds any). */
    copy_from: z.string({ error: 'Copiar de deve ser uma função' }).trim().toLowerCase().max(63).optional(),
  })
  .strict();
export type CreateRoleInput = z.input<typeof createRoleSchema>;

export const updateRoleSchema = z
  .object({ name: roleName, permissions: permissionKeys })
  .partial()
  .strict()
  .refine((value) => value.name !== undefined || value.permissions !== undefined, {
    message: 'Nada para alterar',
  });
export type UpdateRoleInput = z.input<typeof updateRoleSchema>;

const companyRef = z.object({ id: z.number().int(), name: z.string() });

export const companyScopeSchema = z.object({
  mode: z.enum(COMPANY_SCOPE_MODES),
  /** Mode selected: the companies reached. */
  companies: z.array(companyRef),
  /** Companies never reached (mode except; deny wins in any mode). */
  excluded: z.array(companyRef),
});
export type CompanyScopeWire = z.infer<typeof companyScopeSchema>;

export const userAccessSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: z.string(),
  role_name: z.string(),
  is_client: z.boolean(),
  is_admin: z.boolean(),
  role_permissions: z.array(z.string()),
  extra_permissions: z.array(z.string()),
  effective_permissions: z.array(z.string()),
  company_scope: companyScopeSchema,
});
export type UserAccess = z.infer<typeof userAccessSchema>;

const companyIds = z
  .array(wireId('empresa'), { error: 'Empresas devem ser uma lista' })
  .max(1000, 'No máximo 1000 empresas')
  .transform((ids) => [...new Set(ids)]);

export const updateUserAccessSchema = z
  .object({
    role: z
      .string({ error: 'Função deve ser um texto' })
      .trim()
      .toLowerCase()
      .min(1, 'Escolha uma função')
      .max(63),
    extra_permissions: permissionKeys,
    company_scope: z
      .object({
        mode: z.enum(COMPANY_SCOPE_MODES, { error: 'Escopo inválido: all, selected ou except' }),
        company_ids: companyIds.default([]),
        excluded_company_ids: companyIds.default([]),
      })
      .strict()
      .superRefine((value, ctx) => {
        if (value.mode === 'selected' && value.company_ids.length === 0)
          ctx.addIssue({ code: 'custom', path: ['company_ids'], message: 'Escolha ao menos uma empresa' });
        if (value.mode === 'except' && value.excluded_company_ids.length === 0)
          ctx.addIssue({
            code: 'custom',
            path: ['excluded_company_ids'],
            message: 'Escolha ao menos uma empresa a excluir',
          });
      }),
  })
  .partial()
  .strict();
export type UpdateUserAccessInput = z.input<typeof updateUserAccessSchema>;

export const WHY_TARGETS = ['route', 'ticket', 'company', 'task'] as const;
export type WhyTarget = (typeof WHY_TARGETS)[number];

export const whyQuerySchema = z
  .object({
    user_id: wireId('user_id'),
    target: z.enum(WHY_TARGETS, { error: 'Alvo inválido: route, ticket, company ou task' }),
    /** A route path (target route) or a record id. */
    value: z
      .string({ error: 'Informe a tela ou o registro' })
      .trim()
      .min(1, 'Informe a tela ou o registro')
      .max(200, 'No máximo 200 caracteres'),
    /**
     * Target route: what the portal's route table says the screen needs (its area, and its key when it has
     * one); without `area` the screen is unknown.
     */
    area: z.enum(['public', 'client', 'staff'], { error: 'Área inválida' }).optional(),
    permission: z.enum(PERMISSION_KEYS, { error: 'Permissão desconhecida' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.target === 'route' && !value.value.startsWith('/'))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A tela deve começar com /' });
    if (value.target !== 'route' && !/^[1-9]\d{0,9}$/.test(value.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Informe o número do registro' });
  });
export type WhyQuery = z.input<typeof whyQuerySchema>;

export const WHY_STEP_KINDS = ['account', 'role', 'key', 'scope', 'record'] as const;

export const whyStepSchema = z.object({
  kind: z.enum(WHY_STEP_KINDS),
  title: z.string(),
  detail: z.string(),
  /** null: the step did not apply (nothing to check). */
  ok: z.boolean().nullable(),
});
export type WhyStep = z.infer<typeof whyStepSchema>;

export const whyAnswerSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), role: z.string(), role_name: z.string() }),
  target: z.object({ kind: z.enum(WHY_TARGETS), value: z.string(), label: z.string() }),
  steps: z.array(whyStepSchema),
  allowed: z.boolean(),
  summary: z.string(),
});
export type WhyAnswer = z.infer<typeof whyAnswerSchema>;
