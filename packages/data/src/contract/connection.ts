/**
 * The connections module's wire forms (issue 15, /api/connections): the inventory, the one-time connect
 * ticket, native launches and the session record. A credential never appears in an answer: the server
 * decrypts it in memory when the gateway redeems a ticket.
 */
import { z } from 'zod';
import {
  CONNECTION_CREDENTIAL_MODES,
  CONNECTION_END_REASONS,
  CONNECTION_PAGE_SIZE,
  CONNECTION_PAGE_SIZE_MAX,
  CONNECTION_PROTOCOLS,
  CONNECTION_REACHABILITY_STATES,
  CONNECTION_RECORDING_POLICIES,
  CONNECTION_SESSION_STATES,
} from './connection-constants';
import { wireId, wireInt } from './wire-int';

export * from './connection-constants';

const refSchema = z.object({ id: z.number().int(), name: z.string() });
const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const connectionProtocolSchema = z.enum(CONNECTION_PROTOCOLS, {
  error: `protocolo deve ser um de: ${CONNECTION_PROTOCOLS.join(', ')}`,
});
export const connectionCredentialModeSchema = z.enum(CONNECTION_CREDENTIAL_MODES, {
  error: `credential_mode deve ser um de: ${CONNECTION_CREDENTIAL_MODES.join(', ')}`,
});
export const connectionRecordingSchema = z.enum(CONNECTION_RECORDING_POLICIES, {
  error: `recording deve ser um de: ${CONNECTION_RECORDING_POLICIES.join(', ')}`,
});
export const connectionSessionStateSchema = z.enum(CONNECTION_SESSION_STATES);
export const connectionEndReasonSchema = z.enum(CONNECTION_END_REASONS);

// ---------------------------------------------------------------- answers

/** Per-protocol options; each is read only by its protocol. */
export const connectionOptionsSchema = z.object({
  /** SSH and telnet: the TERM the remote side is told. */
  terminal_type: z.string().optional(),
  rdp_domain: z.string().optional(),
  /** "auto" (fit the window) or "1920x1080". */
  rdp_resolution: z.string().optional(),
  vnc_view_only: z.boolean().optional(),
});
export type ConnectionOptions = z.infer<typeof connectionOptionsSchema>;

export const connectionReachabilitySchema = z.object({
  state: z.enum(CONNECTION_REACHABILITY_STATES),
  checked_at: z.string().nullable(),
});
export type ConnectionReachability = z.infer<typeof connectionReachabilitySchema>;

/** Another SSH connection the target is reached through (`ssh -J`). */
export const connectionJumpRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
});

export const connectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: connectionProtocolSchema,
  host: z.string(),
  port: z.number().int(),
  company: refSchema.nullable(),
  branch: refSchema.nullable(),
  folder: z.string().nullable(),
  tags: z.array(z.string()),
  description: z.string().nullable(),
  credential_mode: connectionCredentialModeSchema,
  /** The vault item of credential_mode "cofre": its name only, never a secret. */
  vault_item: refSchema.nullable(),
  /** The login the native command and the gateway use (the vault item's when left empty). */
  username: z.string().nullable(),
  jump: connectionJumpRefSchema.nullable(),
  options: connectionOptionsSchema,
  /** The pinned host key fingerprint as OpenSSH prints it (`SHA256:` + base64), null until first trusted. */
  host_key_sha256: z.string().nullable(),
  recording: connectionRecordingSchema,
  require_reason: z.boolean(),
  idle_timeout_min: z.number().int().nullable(),
  max_duration_min: z.number().int().nullable(),
  max_sessions: z.number().int().nullable(),
  reachability: connectionReachabilitySchema,
  /** Sessions open now (pendente or ativa). */
  active_sessions: z.number().int().min(0),
  last_session_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionListSchema = z.object({
  items: z.array(connectionSchema),
  total: z.number().int().min(0),
});
export type ConnectionList = z.infer<typeof connectionListSchema>;

/** GET /api/connections/options: what the filters and the editor offer. */
export const connectionOptionsListSchema = z.object({
  folders: z.array(z.string()),
  tags: z.array(z.string()),
  companies: z.array(refSchema),
});
export type ConnectionFilterOptions = z.infer<typeof connectionOptionsListSchema>;

export const connectionTicketRefSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  subject: z.string(),
});

/** One session: who, where, why, when, how much, and who ended it. */
export const connectionSessionSchema = z.object({
  id: z.number().int(),
  connection: z.object({
    id: z.number().int(),
    name: z.string(),
    protocol: connectionProtocolSchema,
    host: z.string(),
  }),
  person: personSchema.nullable(),
  company: refSchema.nullable(),
  reason: z.string().nullable(),
  ticket: connectionTicketRefSchema.nullable(),
  client_ip: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  bytes_in: z.number().int().min(0),
  bytes_out: z.number().int().min(0),
  ended_by: personSchema.nullable(),
  end_reason: connectionEndReasonSchema.nullable(),
  /** Launched in a native client ("iniciada externamente"): only the start is known. */
  external: z.boolean(),
  state: connectionSessionStateSchema,
  recording: z.object({ id: z.number().int(), available: z.boolean() }).nullable(),
});
export type ConnectionSession = z.infer<typeof connectionSessionSchema>;

export const connectionSessionListSchema = z.object({
  items: z.array(connectionSessionSchema),
  total: z.number().int().min(0),
});
export type ConnectionSessionList = z.infer<typeof connectionSessionListSchema>;

/** POST /api/connections/:id/sessions: the one-time ticket the gateway's stream is opened with. */
export const connectSessionAnswerSchema = z.object({
  session_id: z.number().int(),
  /** 32 random bytes, base64url; single use, bound to the caller's login session. */
  ticket: z.string(),
  expires_at: z.string(),
});
export type ConnectSessionAnswer = z.infer<typeof connectSessionAnswerSchema>;

/** POST /api/connections/:id/launch: how the native client is opened. Never a credential. */
export const connectionLaunchSchema = z.object({
  session_id: z.number().int(),
  kind: z.enum(['link', 'rdp_file', 'url']),
  /** ssh:// telnet:// vnc:// link, or the http(s) URL; null for an .rdp file. */
  href: z.string().nullable(),
  /** The .rdp file's name and text for kind rdp_file. */
  file: z.object({ name: z.string(), content: z.string() }).nullable(),
  /** "Copiar comando": `ssh -p 22 user@host` (with -J for a jump host). */
  command: z.string(),
});
export type ConnectionLaunch = z.infer<typeof connectionLaunchSchema>;

// ---------------------------------------------------------------- requests

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto` })
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const nullableId = (field: string) => wireId(field).nullable().optional();

const minutes = (field: string, label: string, max: number) =>
  wireInt(field, (n) =>
    n.min(1, `${label}: pelo menos 1 minuto`).max(max, `${label}: no máximo ${max} minutos`),
  )
    .nullable()
    .optional();

/** A host name or an IP address: letters, digits, dots, hyphens, colons (IPv6), no scheme or path. */
const HOST =
  /^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*|[A-Za-z0-9_]([A-Za-z0-9_.-]{0,251}[A-Za-z0-9_])?)$/;

export const connectionHostSchema = z
  .string({ error: 'Informe o endereço' })
  .trim()
  .min(1, 'Informe o endereço')
  .max(253, 'Endereço: no máximo 253 caracteres')
  .regex(HOST, 'Endereço inválido: use um nome (srv-db01.acme.local) ou um IP, sem protocolo nem caminho')
  .transform((value) => value.replace(/^\[(.*)\]$/, '$1'));

const tagsInput = z
  .array(z.string().trim().min(1, 'Etiqueta vazia').max(40, 'Etiqueta: no máximo 40 caracteres'), {
    error: 'tags deve ser uma lista de textos',
  })
  .max(20, 'No máximo 20 etiquetas')
  .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]);

export const connectionOptionsInputSchema = z.strictObject(
  {
    terminal_type: z
      .string({ error: 'Tipo de terminal deve ser um texto' })
      .trim()
      .regex(/^[A-Za-z0-9._+-]{1,40}$/, 'Tipo de terminal inválido (ex.: xterm-256color)')
      .optional(),
    rdp_domain: z
      .string({ error: 'Domínio deve ser um texto' })
      .trim()
      .max(120, 'Domínio: no máximo 120 caracteres')
      .optional(),
    rdp_resolution: z
      .string({ error: 'Resolução deve ser um texto' })
      .trim()
      .regex(/^(auto|\d{3,4}x\d{3,4})$/, 'Resolução: "auto" ou largura x altura, como 1920x1080')
      .optional(),
    vnc_view_only: z.boolean({ error: 'Somente visualização deve ser verdadeiro ou falso' }).optional(),
  },
  { error: 'options deve ser um objeto com terminal_type, rdp_domain, rdp_resolution ou vnc_view_only' },
);

const connectionFields = {
  name: z
    .string({ error: 'Informe o nome' })
    .trim()
    .min(1, 'Informe o nome')
    .max(120, 'Nome: no máximo 120 caracteres'),
  protocol: connectionProtocolSchema,
  host: connectionHostSchema,
  /** Left out: the protocol's default port. */
  port: wireInt('port', (n) =>
    n.min(1, 'Porta deve estar entre 1 e 65535').max(65_535, 'Porta deve estar entre 1 e 65535'),
  )
    .nullable()
    .optional(),
  company_id: nullableId('company_id'),
  branch_id: nullableId('branch_id'),
  folder: optionalText('Pasta', 120),
  tags: tagsInput.optional(),
  description: optionalText('Descrição', 2000),
  credential_mode: connectionCredentialModeSchema.optional(),
  vault_item_id: nullableId('vault_item_id'),
  username: optionalText('Usuário', 200),
  jump_connection_id: nullableId('jump_connection_id'),
  options: connectionOptionsInputSchema.optional(),
  recording: connectionRecordingSchema.optional(),
  require_reason: z.boolean({ error: 'require_reason deve ser verdadeiro ou falso' }).optional(),
  idle_timeout_min: minutes('idle_timeout_min', 'Tempo de inatividade', 1440),
  max_duration_min: minutes('max_duration_min', 'Duração máxima', 10_080),
  max_sessions: wireInt('max_sessions', (n) =>
    n.min(1, 'Sessões simultâneas: pelo menos 1').max(100, 'Sessões simultâneas: no máximo 100'),
  )
    .nullable()
    .optional(),
};

/** A vault-backed connection names its item; the other modes do not take one. */
const credentialRule = (
  value: { credential_mode?: string | undefined; vault_item_id?: number | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (
    value.credential_mode === 'cofre' &&
    (value.vault_item_id === null || value.vault_item_id === undefined)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['vault_item_id'],
      message: 'Escolha o item do cofre com a credencial',
    });
  }
};

export const createConnectionSchema = z.strictObject(connectionFields).superRefine((value, ctx) => {
  credentialRule({ ...value, credential_mode: value.credential_mode ?? 'pedir' }, ctx);
});
export type CreateConnectionInput = z.input<typeof createConnectionSchema>;

/** PATCH: what is sent changes (the server re-checks the credential rule against the stored row). */
export const updateConnectionSchema = z
  .strictObject({
    ...connectionFields,
    name: connectionFields.name.optional(),
    protocol: connectionProtocolSchema.optional(),
    host: connectionHostSchema.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Nada a alterar');
export type UpdateConnectionInput = z.input<typeof updateConnectionSchema>;

/**
 * PUT /api/connections/:id/host-key: pin a fingerprint (OpenSSH's `SHA256:…`; the prefix and base64 padding may
 * be left out), or null to trust the next key shown again (TOFU).
 */
export const hostKeyInputSchema = z.strictObject({
  sha256: z
    .string({ error: 'sha256 deve ser um texto ou null' })
    .trim()
    .transform((value) => `SHA256:${value.replace(/^SHA256:/i, '').replace(/=+$/, '')}`)
    .pipe(
      z
        .string()
        .regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'Impressão digital inválida: SHA256 em base64 (43 caracteres)'),
    )
    .nullable(),
});
export type HostKeyInput = z.input<typeof hostKeyInputSchema>;

const nonEmpty = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto` })
    .min(1, `Informe ${label.toLowerCase()}`)
    .max(max, `${label}: no máximo ${max} caracteres`);

/** The credential of "pedir ao conectar": held in memory for the session, never stored. */
export const connectCredentialSchema = z
  .strictObject(
    {
      username: nonEmpty('Usuário', 200),
      password: z
        .string({ error: 'Senha deve ser um texto' })
        .max(4096, 'Senha: no máximo 4096 caracteres')
        .optional(),
      private_key: z
        .string({ error: 'Chave privada deve ser um texto' })
        .max(20_000, 'Chave privada: no máximo 20000 caracteres')
        .optional(),
      passphrase: z.string({ error: 'Frase da chave deve ser um texto' }).max(1024).optional(),
    },
    { error: 'credential deve ter username e password ou private_key' },
  )
  .refine((value) => Boolean(value.password) || Boolean(value.private_key), {
    message: 'Informe a senha ou a chave privada',
    path: ['password'],
  });
export type ConnectCredential = z.infer<typeof connectCredentialSchema>;

export const connectSessionInputSchema = z.strictObject({
  reason: optionalText('Motivo', 500),
  /** The chamado this session works on: its history gets the session's line. */
  ticket_id: nullableId('ticket_id'),
  credential: connectCredentialSchema.optional(),
  /** Whether to record an "opcional" connection's session. */
  record: z.boolean({ error: 'record deve ser verdadeiro ou falso' }).optional(),
});
export type ConnectSessionInput = z.input<typeof connectSessionInputSchema>;

export const connectionLaunchInputSchema = z.strictObject({
  reason: optionalText('Motivo', 500),
  ticket_id: nullableId('ticket_id'),
});
export type ConnectionLaunchInput = z.input<typeof connectionLaunchInputSchema>;

const pageFields = {
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n
      .min(1, 'limit deve ser ao menos 1')
      .max(CONNECTION_PAGE_SIZE_MAX, `limit deve ser no máximo ${CONNECTION_PAGE_SIZE_MAX}`),
  ).default(CONNECTION_PAGE_SIZE),
};

export const connectionListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Busca: no máximo 100 caracteres').optional(),
  protocol: connectionProtocolSchema.optional(),
  company_id: z
    .union([z.literal('internal'), wireId('company_id')], {
      error: "company_id deve ser um número ou 'internal'",
    })
    .optional(),
  folder: z.string().trim().min(1).max(120, 'Pasta: no máximo 120 caracteres').optional(),
  tag: z.string().trim().min(1).max(40, 'Etiqueta: no máximo 40 caracteres').optional(),
  ...pageFields,
});
export type ConnectionListQuery = z.input<typeof connectionListQuerySchema>;

export const connectionSessionListQuerySchema = z.object({
  state: z.enum(['active', 'ended'], { error: "state deve ser 'active' ou 'ended'" }).optional(),
  connection_id: wireId('connection_id').optional(),
  company_id: wireId('company_id').optional(),
  ticket_id: wireId('ticket_id').optional(),
  ...pageFields,
});
export type ConnectionSessionListQuery = z.input<typeof connectionSessionListQuerySchema>;

export const endSessionInputSchema = z.strictObject({
  reason: optionalText('Motivo', 500),
});

// ---------------------------------------------------------------- target policy

/** A network a company's connections (company null: internal ones) may reach: a CIDR or a host name. */
export const allowedNetworkSchema = z.object({
  id: z.number().int(),
  company: refSchema.nullable(),
  target: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type AllowedNetwork = z.infer<typeof allowedNetworkSchema>;

/** An admin's allowance for a target the policy refuses (loopback, link-local, metadata, Farol's ports). */
export const internalTargetSchema = z.object({
  id: z.number().int(),
  target: z.string(),
  port: z.number().int().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type InternalTarget = z.infer<typeof internalTargetSchema>;

export const targetPolicySchema = z.object({
  networks: z.array(allowedNetworkSchema),
  internal: z.array(internalTargetSchema),
});
export type TargetPolicyAnswer = z.infer<typeof targetPolicySchema>;

/** A CIDR (10.0.0.0/8, fd00::/8), an address, or a host name (`*.acme.local` for a whole domain). */
const NETWORK_RULE = /^((\*\.)?[A-Za-z0-9_]([A-Za-z0-9_.-]{0,251}[A-Za-z0-9_])?|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;
const networkRule = z
  .string({ error: 'Informe a rede' })
  .trim()
  .min(1, 'Informe a rede')
  .max(253, 'Rede: no máximo 253 caracteres')
  .regex(NETWORK_RULE, 'Rede inválida: use um CIDR (10.0.0.0/8), um IP ou um nome (*.acme.local)');

export const allowedNetworkInputSchema = z.strictObject({
  company_id: nullableId('company_id'),
  target: networkRule,
  description: optionalText('Descrição', 300),
});
export type AllowedNetworkInput = z.input<typeof allowedNetworkInputSchema>;

export const internalTargetInputSchema = z.strictObject({
  target: networkRule,
  port: wireInt('port', (n) =>
    n.min(1, 'Porta deve estar entre 1 e 65535').max(65_535, 'Porta deve estar entre 1 e 65535'),
  )
    .nullable()
    .optional(),
  description: optionalText('Descrição', 300),
});
export type InternalTargetInput = z.input<typeof internalTargetInputSchema>;

/** PUT /api/connections/:id/my-credential: the caller's own vault item for a "por_usuario" connection. */
export const myCredentialInputSchema = z.strictObject({
  vault_item_id: wireId('vault_item_id').nullable(),
});
export const myCredentialSchema = z.object({ vault_item: refSchema.nullable() });
