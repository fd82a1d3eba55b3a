/**
 * The credential vault's wire forms (issue 14, /api/passwords). Lists and the item page carry metadata only;
 * a secret travels once, in the answer of an explicit, audited reveal.
 */
import { z } from 'zod';
import {
  CUSTOM_FIELD_PREFIX,
  PASSWORD_FIELD_LABELS,
  PASSWORD_KINDS,
  PASSWORD_PAGE_SIZE_MAX,
  REVEAL_LOG_ACTIONS,
  REVEAL_LOG_ACTION_LABELS,
  type PasswordSecretField,
  type RevealLogAction,
  ROTATION_STATES,
  VAULT_ACCESS_LEVELS,
  isRevealField,
} from './password-constants';
import { wireId, wireInt } from './wire-int';

export * from './password-constants';

const personSchema = z.object({ id: z.number().int(), name: z.string() });
const refSchema = z.object({ id: z.number().int(), name: z.string() });

export const passwordKindSchema = z.enum(PASSWORD_KINDS, {
  error: `tipo deve ser um de: ${PASSWORD_KINDS.join(', ')}`,
});
export const vaultAccessLevelSchema = z.enum(VAULT_ACCESS_LEVELS, {
  error: `nível deve ser um de: ${VAULT_ACCESS_LEVELS.join(', ')}`,
});

// ---------------------------------------------------------------- answers

export const passwordCustomFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  secret: z.boolean(),
  /** Null for a secret field: reveal `custom:<key>`. */
  value: z.string().nullable(),
});
export type PasswordCustomField = z.infer<typeof passwordCustomFieldSchema>;

/** An item as lists and its page read it: never a secret, only which secret fields it holds. */
export const passwordItemSchema = z.object({
  id: z.number().int(),
  kind: passwordKindSchema,
  name: z.string(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  company: refSchema.nullable(),
  branch: refSchema.nullable(),
  folder: refSchema.nullable(),
  /** Secret fields present (password, totp, notes, private_key, custom:<key>). */
  secret_fields: z.array(z.string()),
  custom: z.array(passwordCustomFieldSchema),
  sensitive: z.boolean(),
  client_visible: z.boolean(),
  /** The folder asks for a reason or a chamado on every reveal. */
  require_reason: z.boolean(),
  rotate_every_days: z.number().int().nullable(),
  rotation_due_at: z.string().nullable(),
  rotation_state: z.enum(ROTATION_STATES).nullable(),
  password_changed_at: z.string(),
  version: z.number().int(),
  owner: personSchema.nullable(),
  /** The caller's level on this item; null for an admin outside every grant (quebra-vidro). */
  access: vaultAccessLevelSchema.nullable(),
  /** An admin outside the item's grants: reveals need a reason and alert the other admins. */
  break_glass: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PasswordItem = z.infer<typeof passwordItemSchema>;

export const passwordListSchema = z.object({
  items: z.array(passwordItemSchema),
  total: z.number().int().min(0),
});
export type PasswordList = z.infer<typeof passwordListSchema>;

export const vaultFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: refSchema.nullable(),
  require_reason: z.boolean(),
  rotate_every_days: z.number().int().nullable(),
  item_count: z.number().int().min(0),
  /** The caller's level on the folder (null: reached through an item, or an admin outside its grants). */
  access: vaultAccessLevelSchema.nullable(),
});
export type VaultFolder = z.infer<typeof vaultFolderSchema>;

/** GET /api/passwords/options: what the filters and the editor offer. */
export const passwordOptionsSchema = z.object({
  folders: z.array(vaultFolderSchema),
  companies: z.array(refSchema),
  tags: z.array(z.string()),
  /** Whether the vault is open (its key is available). */
  available: z.boolean(),
  unavailable_message: z.string().nullable(),
});
export type PasswordOptions = z.infer<typeof passwordOptionsSchema>;

export const revealResultSchema = z.object({ field: z.string(), value: z.string() });
export type RevealResult = z.infer<typeof revealResultSchema>;

export const totpCodeSchema = z.object({
  code: z.string(),
  /** Seconds until the code changes. */
  remaining: z.number().int(),
  period: z.number().int(),
});
export type TotpCode = z.infer<typeof totpCodeSchema>;

export const passwordVersionSchema = z.object({
  version: z.number().int(),
  changed_at: z.string(),
  changed_by: personSchema.nullable(),
  name: z.string(),
  username: z.string().nullable(),
  url: z.string().nullable(),
  secret_fields: z.array(z.string()),
});
export type PasswordVersion = z.infer<typeof passwordVersionSchema>;
export const passwordVersionListSchema = z.object({ items: z.array(passwordVersionSchema) });

export const vaultGrantSubjectSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('user'), id: wireId('id') }),
    z.strictObject({
      kind: z.literal('role'),
      role: z.string().trim().min(1, 'Informe a função').max(60, 'Função: no máximo 60 caracteres'),
    }),
  ],
  { error: "sujeito deve ser {kind: 'user', id} ou {kind: 'role', role}" },
);

export const vaultGrantSchema = z.object({
  subject: z.union([
    z.object({ kind: z.literal('user'), id: z.number().int(), name: z.string() }),
    z.object({ kind: z.literal('role'), role: z.string(), name: z.string() }),
  ]),
  level: vaultAccessLevelSchema,
});
export type VaultGrant = z.infer<typeof vaultGrantSchema>;
export const vaultGrantListSchema = z.object({
  grants: z.array(vaultGrantSchema),
  /**
   * An item's answer only: the folder it is in and that folder's grants, which reach the item too (the item's
   * own grants add to them). Left out for a folder.
   */
  inherited: z
    .object({ folder: refSchema, grants: z.array(vaultGrantSchema) })
    .nullable()
    .optional(),
});
export type VaultGrantList = z.infer<typeof vaultGrantListSchema>;

export const REVEAL_PURPOSES = ['reveal', 'copy'] as const;

/** One line of the reveal log: "quem viu o quê, quando e por quê". */
export const revealLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: personSchema.nullable(),
  item: refSchema,
  company: refSchema.nullable(),
  /** reveal, copy, totp, break_glass. */
  action: z.string(),
  field: z.string().nullable(),
  reason: z.string().nullable(),
  ticket_id: z.number().int().nullable(),
  break_glass: z.boolean(),
});
export type RevealLogEntry = z.infer<typeof revealLogEntrySchema>;
export const revealLogSchema = z.object({
  items: z.array(revealLogEntrySchema),
  total: z.number().int().min(0),
});
export type RevealLog = z.infer<typeof revealLogSchema>;

// ---------------------------------------------------------------- requests

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto` })
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const secretText = (label: string, max: number) =>
  z.string({ error: `${label} deve ser um texto` }).max(max, `${label}: no máximo ${max} caracteres`);

/** A TOTP seed as apps show it: base32 (spaces and case ignored), or an otpauth:// URI. */
export const normalizeTotpSeed = (value: string): string | null => {
  let seed = value.trim();
  if (seed.toLowerCase().startsWith('otpauth://')) {
    try {
      seed = new URL(seed).searchParams.get('secret') ?? '';
    } catch {
      return null;
    }
  }
  seed = seed.replace(/[\s-]/g, '').replace(/=+$/, '').toUpperCase();
  return /^[A-Z2-7]{16,128}$/.test(seed) ? seed : null;
};

const secretsInput = z.strictObject(
  {
    password: secretText('Senha', 4096).nullable().optional(),
    totp: secretText('Semente TOTP', 512)
      .refine(
        (value) => value === '' || normalizeTotpSeed(value) !== null,
        'Semente TOTP inválida: use a chave base32 (16 caracteres ou mais) ou o link otpauth://',
      )
      .nullable()
      .optional(),
    notes: secretText('Notas seguras', 20_000).nullable().optional(),
    private_key: secretText('Chave privada', 20_000).nullable().optional(),
  },
  { error: 'secrets deve ser um objeto com password, totp, notes ou private_key' },
);

const customFieldInput = z.strictObject({
  key: z
    .string()
    .regex(/^[a-z0-9]{1,16}$/, 'Chave do campo: letras minúsculas e números, até 16')
    .optional(),
  label: z
    .string()
    .trim()
    .min(1, 'Informe o nome do campo')
    .max(80, 'Nome do campo: no máximo 80 caracteres'),
  secret: z.boolean().default(false),
  /** A secret field's value left out keeps the stored one. */
  value: z.string().max(4096, 'Valor do campo: no máximo 4096 caracteres').nullable().optional(),
});

const tagsInput = z
  .array(z.string().trim().min(1, 'Etiqueta vazia').max(40, 'Etiqueta: no máximo 40 caracteres'), {
    error: 'tags deve ser uma lista de textos',
  })
  .max(20, 'No máximo 20 etiquetas')
  .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]);

const nullableId = (field: string) => wireId(field).nullable().optional();
const rotateDays = wireInt('rotate_every_days', (n) =>
  n.min(1, 'Rotação: pelo menos 1 dia').max(3650, 'Rotação: no máximo 3650 dias'),
)
  .nullable()
  .optional();

const itemFields = {
  kind: passwordKindSchema,
  name: z
    .string({ error: 'Informe o nome' })
    .trim()
    .min(1, 'Informe o nome')
    .max(200, 'Nome: no máximo 200 caracteres'),
  url: optionalText('URL', 2000),
  username: optionalText('Usuário', 300),
  description: optionalText('Descrição', 2000),
  tags: tagsInput.optional(),
  company_id: nullableId('company_id'),
  branch_id: nullableId('branch_id'),
  folder_id: nullableId('folder_id'),
  owner_id: nullableId('owner_id'),
  sensitive: z.boolean({ error: 'sensitive deve ser verdadeiro ou falso' }).optional(),
  client_visible: z.boolean({ error: 'client_visible deve ser verdadeiro ou falso' }).optional(),
  rotate_every_days: rotateDays,
  secrets: secretsInput.optional(),
  custom: z.array(customFieldInput).max(30, 'No máximo 30 campos').optional(),
};

export const createPasswordSchema = z.strictObject(itemFields);
export type CreatePasswordInput = z.input<typeof createPasswordSchema>;

/** PATCH: what is sent changes; a secret sent as null is removed, left out is kept. */
export const updatePasswordSchema = z
  .strictObject({ ...itemFields, kind: passwordKindSchema.optional(), name: itemFields.name.optional() })
  .refine((value) => Object.keys(value).length > 0, 'Nada a alterar');
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export const revealRequestSchema = z.strictObject({
  field: z
    .string({ error: 'Informe o campo' })
    .refine(isRevealField, 'Campo desconhecido: password, totp, notes, private_key ou custom:<chave>'),
  purpose: z.enum(REVEAL_PURPOSES, { error: "purpose deve ser 'reveal' ou 'copy'" }).default('reveal'),
  reason: optionalText('Motivo', 500),
  ticket_id: wireId('ticket_id').nullable().optional(),
  /** An admin outside the item's grants asks for quebra-vidro (a reason is then required). */
  break_glass: z.boolean().optional(),
});
export type RevealRequest = z.input<typeof revealRequestSchema>;

export const totpRequestSchema = z.strictObject({
  reason: optionalText('Motivo', 500),
  ticket_id: wireId('ticket_id').nullable().optional(),
  break_glass: z.boolean().optional(),
});

export const confirmPasswordSchema = z.strictObject({
  password: z
    .string({ error: 'Informe sua senha' })
    .min(1, 'Informe sua senha')
    .max(1024, 'Senha longa demais'),
});

export const passwordListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Busca: no máximo 100 caracteres').optional(),
  kind: passwordKindSchema.optional(),
  company_id: z
    .union([z.literal('internal'), wireId('company_id')], {
      error: "company_id deve ser um número ou 'internal'",
    })
    .optional(),
  folder_id: wireId('folder_id').optional(),
  tag: z.string().trim().min(1).max(40, 'Etiqueta: no máximo 40 caracteres').optional(),
  rotation: z.enum(['due', 'overdue'], { error: "rotation deve ser 'due' ou 'overdue'" }).optional(),
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n
      .min(1, 'limit deve ser ao menos 1')
      .max(PASSWORD_PAGE_SIZE_MAX, `limit deve ser no máximo ${PASSWORD_PAGE_SIZE_MAX}`),
  ).default(25),
});
export type PasswordListQuery = z.input<typeof passwordListQuerySchema>;

export const createFolderSchema = z.strictObject({
  name: z
    .string({ error: 'Informe o nome' })
    .trim()
    .min(1, 'Informe o nome')
    .max(120, 'Nome: no máximo 120 caracteres'),
  company_id: nullableId('company_id'),
  require_reason: z.boolean().optional(),
  rotate_every_days: rotateDays,
});
/** PATCH: rename, reason, rotation; `company_id` moves the folder (an empty one: see service.updateFolder). */
export const updateFolderSchema = createFolderSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nada a alterar');

export const setGrantsSchema = z.strictObject({
  grants: z
    .array(z.strictObject({ subject: vaultGrantSubjectSchema, level: vaultAccessLevelSchema }))
    .max(200, 'No máximo 200 acessos'),
});
export type SetGrantsInput = z.input<typeof setGrantsSchema>;

const logDay = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} deve ser uma data AAAA-MM-DD`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label}: data inválida`);

/** The reveal log's filters: item, person, company, what was done, and a period of days (inclusive). */
export const revealLogFiltersSchema = z.object({
  item_id: wireId('item_id').optional(),
  actor_id: wireId('actor_id').optional(),
  company_id: wireId('company_id').optional(),
  action: z
    .enum(REVEAL_LOG_ACTIONS, { error: `action deve ser um de: ${REVEAL_LOG_ACTIONS.join(', ')}` })
    .optional(),
  from: logDay('from').optional(),
  to: logDay('to').optional(),
});
export type RevealLogFilters = z.input<typeof revealLogFiltersSchema>;

export const revealLogQuerySchema = revealLogFiltersSchema.extend({
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  ).default(25),
});

// ---------------------------------------------------------------- reveal log export

const LOG_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export const REVEAL_LOG_CSV_HEADER = [
  'data_hora',
  'pessoa',
  'acao',
  'campo',
  'item',
  'empresa',
  'motivo',
  'chamado',
  'quebra_vidro',
] as const;

/**
 * The reveal log as CSV rows (header first; the server and the mocks write them with `csvFileText`): Brazil's
 * time, the action and field in Portuguese, the reason and chamado as given.
 */
export const revealLogCsvRows = (entries: readonly RevealLogEntry[]): string[][] => [
  [...REVEAL_LOG_CSV_HEADER],
  ...entries.map((entry) => [
    LOG_TIME.format(new Date(entry.at)).replace(',', ''),
    entry.actor?.name ?? '',
    REVEAL_LOG_ACTION_LABELS[entry.action as RevealLogAction] ?? entry.action,
    entry.field === null
      ? ''
      : (PASSWORD_FIELD_LABELS[entry.field as PasswordSecretField] ??
        entry.field.replace(CUSTOM_FIELD_PREFIX, '')),
    entry.item.name,
    entry.company?.name ?? 'Interno',
    entry.reason ?? '',
    entry.ticket_id === null ? '' : `#${entry.ticket_id}`,
    entry.break_glass ? 'sim' : 'não',
  ]),
];
