/**
 * The vault's client side (issue 14): "Pedir credencial ao cliente" (a one-time link, or a request a client
 * user sees in the portal, where a client contact types a credential that lands encrypted in the company's
 * folder), the items flagged "visível ao cliente" a company's client users reveal from the portal, and the
 * company page's figures.
 */
import { z } from 'zod';
import { PASSWORD_KINDS, isRevealField } from './password-constants';
import { REQUEST_LINK_STATES } from './password-request-constants';
import { passwordKindSchema } from './password';
import { wireId } from './wire-int';

export * from './password-request-constants';

const refSchema = z.object({ id: z.number().int(), name: z.string() });

// ---------------------------------------------------------------- answers

/** A request as staff see it: never its token (only the link, once, when it is made). */
export const vaultRequestSchema = z.object({
  id: z.number().int(),
  company: refSchema,
  folder: refSchema.nullable(),
  kind: passwordKindSchema,
  title: z.string(),
  message: z.string().nullable(),
  requested_by: refSchema.nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** pendente, recebido, expirado, cancelado. */
  state: z.enum(REQUEST_LINK_STATES),
  used_at: z.string().nullable(),
  /** The item it made, once answered. */
  item: refSchema.nullable(),
});
export type VaultRequest = z.infer<typeof vaultRequestSchema>;

export const vaultRequestListSchema = z.object({
  items: z.array(vaultRequestSchema),
  total: z.number().int().min(0),
});
export type VaultRequestList = z.infer<typeof vaultRequestListSchema>;

/** POST /api/passwords/requests: the request and its link, shown this once (only its hash is kept). */
export const createdVaultRequestSchema = z.object({
  request: vaultRequestSchema,
  /** The whole link to send the client (`<origin>/credencial/<token>`). */
  link: z.string(),
});
export type CreatedVaultRequest = z.infer<typeof createdVaultRequestSchema>;

/** What the public page (and the portal) shows of a request before the client types the credential. */
export const vaultRequestInfoSchema = z.object({
  company: z.string(),
  kind: passwordKindSchema,
  title: z.string(),
  message: z.string().nullable(),
  requested_by: z.string().nullable(),
  expires_at: z.string(),
});
export type VaultRequestInfo = z.infer<typeof vaultRequestInfoSchema>;

/** A pending request of the client's company, in the portal. */
export const portalVaultRequestSchema = vaultRequestInfoSchema.extend({ id: z.number().int() });
export type PortalVaultRequest = z.infer<typeof portalVaultRequestSchema>;
export const portalVaultRequestListSchema = z.object({ items: z.array(portalVaultRequestSchema) });
export type PortalVaultRequestList = z.infer<typeof portalVaultRequestListSchema>;

export const vaultRequestAnsweredSchema = z.object({ message: z.string() });

/** An item flagged "visível ao cliente", as the company's client users read it: never a secret. */
export const clientPasswordItemSchema = z.object({
  id: z.number().int(),
  kind: passwordKindSchema,
  name: z.string(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  description: z.string().nullable(),
  /** Secret fields a client may reveal (the TOTP seed is never one). */
  secret_fields: z.array(z.string()),
  /** Labels of the secret custom fields, by `custom:<key>`. */
  field_labels: z.record(z.string(), z.string()),
  updated_at: z.string(),
});
export type ClientPasswordItem = z.infer<typeof clientPasswordItemSchema>;
export const clientPasswordListSchema = z.object({ items: z.array(clientPasswordItemSchema) });
export type ClientPasswordList = z.infer<typeof clientPasswordListSchema>;

/** GET /api/passwords/companies/:companyId/figures: the company page's Visão geral. */
export const companyPasswordFiguresSchema = z.object({
  /** Items of the company the caller reaches. */
  items: z.number().int().min(0),
  /** Of those, rotations due within 7 days or overdue. */
  due: z.number().int().min(0),
  overdue: z.number().int().min(0),
});
export type CompanyPasswordFigures = z.infer<typeof companyPasswordFiguresSchema>;

// ---------------------------------------------------------------- requests

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto` })
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const createVaultRequestSchema = z.strictObject({
  company_id: wireId('company_id'),
  folder_id: wireId('folder_id').nullable().optional(),
  kind: z.enum(PASSWORD_KINDS, { error: `tipo deve ser um de: ${PASSWORD_KINDS.join(', ')}` }),
  title: z
    .string({ error: 'Informe o que você está pedindo' })
    .trim()
    .min(1, 'Informe o que você está pedindo')
    .max(200, 'Título: no máximo 200 caracteres'),
  message: optionalText('Mensagem', 1000),
});
export type CreateVaultRequestInput = z.input<typeof createVaultRequestSchema>;

export const vaultRequestListQuerySchema = z.object({
  company_id: wireId('company_id').optional(),
  state: z
    .enum(REQUEST_LINK_STATES, { error: `state deve ser um de: ${REQUEST_LINK_STATES.join(', ')}` })
    .optional(),
  page: wireId('page').default(1),
  limit: wireId('limit')
    .refine((n) => n <= 100, 'limit deve ser no máximo 100')
    .default(25),
});

/** What a client contact types: at least one secret, by the kind the request asked for. */
export const answerVaultRequestSchema = z
  .strictObject({
    username: optionalText('Usuário', 300),
    url: optionalText('Endereço', 2000),
    password: z
      .string({ error: 'Senha deve ser um texto' })
      .max(4096, 'Senha: no máximo 4096 caracteres')
      .optional(),
    private_key: z
      .string({ error: 'Chave privada deve ser um texto' })
      .max(20_000, 'Chave privada: no máximo 20000 caracteres')
      .optional(),
    notes: z
      .string({ error: 'Observações devem ser um texto' })
      .max(20_000, 'Observações: no máximo 20000 caracteres')
      .optional(),
    /** Who is sending it (the public link has no session). */
    sent_by: optionalText('Seu nome', 120),
  })
  .superRefine((value, context) => {
    if (!value.password && !value.private_key && !value.notes?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'Informe a senha, a chave ou as observações',
      });
    }
  });
export type AnswerVaultRequestInput = z.input<typeof answerVaultRequestSchema>;

export const clientRevealRequestSchema = z.strictObject({
  field: z
    .string({ error: 'Informe o campo' })
    .refine(
      (field) => field !== 'totp' && isRevealField(field),
      'Campo desconhecido: password, notes, private_key ou custom:<chave>',
    ),
  purpose: z.enum(['reveal', 'copy'], { error: "purpose deve ser 'reveal' ou 'copy'" }).default('reveal'),
  reason: optionalText('Motivo', 500),
});
export type ClientRevealRequest = z.input<typeof clientRevealRequestSchema>;
