/**
 * The vault's import and export (issue 14): the requests and the per-row report, how Bitwarden's and
 * KeePass's CSV rows become items, and the encrypted export's envelope. Shared by the server and the MSW
 * mocks, so both read a file alike. A secret never appears in a report: only which secret fields a row holds.
 */
import { z } from 'zod';
import { CsvError, parseCsv, type CsvTable } from './company-csv';
import { PASSWORD_KINDS, type PasswordKind } from './password-constants';
import { createPasswordSchema, passwordKindSchema } from './password';
import {
  VAULT_EXPORT_FORMAT,
  VAULT_EXPORT_PASSPHRASE_MIN,
  VAULT_EXPORT_SCRYPT_MAX_N,
  VAULT_EXPORT_VERSION,
  VAULT_IMPORT_FORMATS,
  VAULT_IMPORT_MAX_BYTES,
  VAULT_IMPORT_MAX_ROWS,
  VAULT_IMPORT_STATUSES,
  type VaultImportFormat,
} from './password-transfer-constants';
import { wireId } from './wire-int';

export * from './password-transfer-constants';

// ---------------------------------------------------------------- requests and answers

/**
 * POST /api/passwords/import/preview and /api/passwords/import: the file's text, where its items go (a
 * company or internal, and a folder of that company), and the passphrase of a Farol export.
 */
export const vaultImportRequestSchema = z.strictObject({
  file: z
    .string({ error: 'Envie o conteúdo do arquivo' })
    .min(1, 'O arquivo está vazio')
    .max(VAULT_IMPORT_MAX_BYTES, 'Arquivo maior que 5MB'),
  /** null: internal items (the team's own). */
  company_id: wireId('company_id').nullable(),
  folder_id: wireId('folder_id').nullable().optional(),
  /** Only for a Farol export (the passphrase typed when it was made). */
  passphrase: z.string().max(1024, 'Senha da exportação longa demais').optional(),
});
export type VaultImportRequest = z.input<typeof vaultImportRequestSchema>;

export const vaultImportRowSchema = z.object({
  /** The file's line where the row starts (the header is line 1); a Farol export counts its items from 1. */
  line: z.number().int(),
  name: z.string(),
  kind: passwordKindSchema.nullable(),
  username: z.string().nullable(),
  url: z.string().nullable(),
  /** Which secret fields the row carries (never their values). */
  secret_fields: z.array(z.string()),
  status: z.enum(VAULT_IMPORT_STATUSES),
  /** Why a row is ignored or refused, in Portuguese. */
  reason: z.string().nullable(),
  /** The item made from the row (an import, not a preview). */
  item_id: z.number().int().nullable(),
});
export type VaultImportRow = z.infer<typeof vaultImportRowSchema>;

export const vaultImportReportSchema = z.object({
  format: z.enum(VAULT_IMPORT_FORMATS),
  /** A preview saves nothing: `importado` then means "will be imported". */
  preview: z.boolean(),
  total: z.number().int().min(0),
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
  errors: z.number().int().min(0),
  rows: z.array(vaultImportRowSchema),
});
export type VaultImportReport = z.infer<typeof vaultImportReportSchema>;

/**
 * POST /api/passwords/export: a company's (or the internal) items, or one folder's, sealed with a passphrase
 * the person types; their own password confirms it is them (as a sensível item's reveal asks).
 */
export const vaultExportRequestSchema = z.strictObject({
  company_id: z.union([z.literal('internal'), wireId('company_id')], {
    error: "company_id deve ser um número ou 'internal'",
  }),
  folder_id: wireId('folder_id').nullable().optional(),
  passphrase: z
    .string({ error: 'Informe a senha da exportação' })
    .min(
      VAULT_EXPORT_PASSPHRASE_MIN,
      `A senha da exportação precisa de pelo menos ${VAULT_EXPORT_PASSPHRASE_MIN} caracteres`,
    )
    .max(1024, 'Senha da exportação longa demais'),
  password: z
    .string({ error: 'Informe sua senha' })
    .min(1, 'Informe sua senha')
    .max(1024, 'Senha longa demais'),
  reason: z
    .string()
    .trim()
    .max(500, 'Motivo: no máximo 500 caracteres')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  /** An admin exporting items whose grants leave them out (quebra-vidro: a reason is then required). */
  break_glass: z.boolean().optional(),
});
export type VaultExportRequest = z.input<typeof vaultExportRequestSchema>;

const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64 inválido');

/**
 * The encrypted export file (version 1), JSON:
 * `{format, version, created_at, items, left_out, scope, kdf: {name: 'scrypt', salt, n, r, p}, cipher:
 * {name: 'aes-256-gcm', nonce, tag}, data}` — `data` is the AES-256-GCM ciphertext (base64) of
 * `{"items": [...]}` (vaultExportItemSchema) under scrypt(passphrase, salt, 32 bytes); the associated data is
 * `exportAad(envelope)`, so the counts, date and scope cannot be changed without the file failing to open.
 */
export const vaultExportEnvelopeSchema = z.object({
  format: z.literal(VAULT_EXPORT_FORMAT),
  version: z.literal(VAULT_EXPORT_VERSION, { error: 'Versão de exportação desconhecida' }),
  created_at: z.string().max(40),
  items: z.number().int().min(0),
  left_out: z.number().int().min(0),
  scope: z.object({
    company: z.string().max(300).nullable(),
    folder: z.string().max(300).nullable(),
  }),
  kdf: z.object({
    name: z.literal('scrypt'),
    salt: base64.max(200),
    n: z
      .number()
      .int()
      .min(16_384)
      .max(VAULT_EXPORT_SCRYPT_MAX_N)
      .refine((n) => (n & (n - 1)) === 0, 'n deve ser uma potência de 2'),
    r: z.number().int().min(1).max(16),
    p: z.number().int().min(1).max(4),
  }),
  cipher: z.object({ name: z.literal('aes-256-gcm'), nonce: base64.max(40), tag: base64.max(40) }),
  data: base64.or(z.literal('')),
});
export type VaultExportEnvelope = z.infer<typeof vaultExportEnvelopeSchema>;

/** What the ciphertext's authentication binds besides the items: the envelope's header, in a fixed order. */
export const exportAad = (envelope: Omit<VaultExportEnvelope, 'cipher' | 'data'>) =>
  JSON.stringify([
    envelope.format,
    envelope.version,
    envelope.created_at,
    envelope.items,
    envelope.left_out,
    envelope.scope.company,
    envelope.scope.folder,
    envelope.kdf.salt,
    envelope.kdf.n,
    envelope.kdf.r,
    envelope.kdf.p,
  ]);

/** One item inside an export (decrypted): its metadata, its custom fields and its secrets in clear. */
export const vaultExportItemSchema = z.object({
  kind: z.enum(PASSWORD_KINDS),
  name: z.string(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  folder: z.string().nullable(),
  sensitive: z.boolean(),
  client_visible: z.boolean(),
  rotate_every_days: z.number().int().nullable(),
  custom: z.array(z.object({ label: z.string(), secret: z.boolean(), value: z.string() })),
  secrets: z.record(z.string(), z.string()),
});
export type VaultExportItem = z.infer<typeof vaultExportItemSchema>;
export const vaultExportPayloadSchema = z.object({ items: z.array(vaultExportItemSchema) });

// ---------------------------------------------------------------- CSV rows → items

/** A file the import cannot read (not CSV, an unknown header, too many rows): a 400 with this message. */
export class VaultImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultImportFileError';
  }
}

/** The input of createPasswordSchema a row becomes (before the target company and folder are added). */
export type ImportedItemInput = {
  kind: PasswordKind;
  name: string;
  url?: string;
  username?: string;
  description?: string;
  tags?: string[];
  sensitive?: boolean;
  client_visible?: boolean;
  rotate_every_days?: number | null;
  secrets?: { password?: string; totp?: string; notes?: string; private_key?: string };
  custom?: { label: string; secret: boolean; value: string }[];
};

/** A row read from the file: an item to validate and save, or a row left out (ignorado) with why. */
export type ImportCandidate =
  | { line: number; name: string; input: ImportedItemInput }
  | { line: number; name: string; skip: string; kind: PasswordKind | null };

const KEEPASS_ALIASES: Record<string, string> = {
  // KeePass 1.x's CSV (also offered by KeePass 2): Account, Login Name, Password, Web Site, Comments.
  account: 'title',
  login_name: 'username',
  user_name: 'username',
  web_site: 'url',
  comments: 'notes',
};

/** Which CSV the header names, or null. */
export const detectCsvFormat = (header: readonly string[]): Exclude<VaultImportFormat, 'farol'> | null => {
  const has = (column: string) => header.includes(column);
  if (has('name') && has('type') && (has('login_password') || has('login_username') || has('login_uri')))
    return 'bitwarden';
  const keys = header.map((column) => KEEPASS_ALIASES[column] ?? column);
  if (keys.includes('title') && keys.includes('password')) return 'keepass';
  return null;
};

/** Whether a file is a Farol export (JSON) rather than CSV. */
export const looksLikeFarolExport = (text: string) => /^\uFEFF?\s*\{/.test(text);

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

const hostOf = (url: string) => {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`).hostname || null;
  } catch {
    return null;
  }
};

/** A folder or group path as a tag ('Root/Servidores/Linux' → 'servidores/linux'); null for the root. */
const tagOfGroup = (group: string | undefined): string | null => {
  if (!group) return null;
  const parts = group
    .split(/[/\\]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 1 && /^(root|raiz|database|banco de dados)$/i.test(parts[0]!)) parts.shift();
  else if (parts.length === 1 && /^(root|raiz)$/i.test(parts[0]!)) return null;
  const tag = parts.join('/').toLowerCase();
  return tag ? clip(tag, 40) : null;
};

/** Bitwarden's `fields` cell: one "name: value" per line. */
const bitwardenFields = (cell: string | undefined) =>
  (cell ?? '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf(': ');
      const label = (at === -1 ? line : line.slice(0, at)).trim() || 'Campo';
      return { label: clip(label, 80), secret: true, value: at === -1 ? '' : line.slice(at + 2) };
    });

const cellsOf = (table: CsvTable, cells: string[], aliases: Record<string, string> = {}) => {
  const values: Record<string, string> = {};
  table.header.forEach((column, index) => {
    const key = aliases[column] ?? column;
    const value = cells[index] ?? '';
    if (key && value.trim() !== '' && values[key] === undefined) values[key] = value;
  });
  return values;
};

/** Fills in what a row lacks: a name from its URL or user, and the kind from what it holds. */
const finish = (
  line: number,
  base: {
    name?: string | undefined;
    urls: string[];
    username?: string | undefined;
    password?: string | undefined;
    totp?: string | undefined;
    notes?: string | undefined;
    tags: (string | null)[];
    sensitive?: boolean;
    custom?: { label: string; secret: boolean; value: string }[];
    kind?: PasswordKind;
  },
): ImportCandidate => {
  const [url, ...otherUrls] = base.urls;
  const empty =
    !base.name?.trim() &&
    !url &&
    !base.username?.trim() &&
    !base.password &&
    !base.totp?.trim() &&
    !base.notes?.trim() &&
    (base.custom ?? []).length === 0;
  if (empty) return { line, name: '', skip: 'Linha vazia', kind: null };
  const name =
    base.name?.trim() ||
    (url ? hostOf(url) : null) ||
    base.username?.trim() ||
    `Item importado (linha ${line})`;
  const secrets: NonNullable<ImportedItemInput['secrets']> = {};
  if (base.password) secrets.password = base.password;
  if (base.totp?.trim()) secrets.totp = base.totp.trim();
  if (base.notes?.trim()) secrets.notes = base.notes;
  const kind =
    base.kind ?? (url || base.username?.trim() || base.password || secrets.totp ? 'login' : 'nota');
  const tags = [...new Set(base.tags.filter((tag): tag is string => Boolean(tag)))];
  const input: ImportedItemInput = { kind, name: clip(name, 200) };
  if (url) input.url = url.trim();
  if (base.username?.trim()) input.username = base.username.trim();
  if (otherUrls.length > 0) input.description = clip(`Outros endereços: ${otherUrls.join(', ')}`, 2000);
  if (tags.length > 0) input.tags = tags;
  if (base.sensitive) input.sensitive = true;
  if (Object.keys(secrets).length > 0) input.secrets = secrets;
  if (base.custom && base.custom.length > 0) input.custom = base.custom;
  return { line, name: input.name, input };
};

const YES = new Set(['1', 'true', 'sim', 'yes']);

const bitwardenRow = (table: CsvTable, line: number, cells: string[]): ImportCandidate => {
  const row = cellsOf(table, cells);
  const type = (row.type ?? '').trim().toLowerCase();
  if (type && type !== 'login' && type !== 'note') {
    const label: Record<string, string> = { card: 'cartão', identity: 'identidade', sshkey: 'chave SSH' };
    return {
      line,
      name: (row.name ?? '').trim(),
      skip: `Tipo "${label[type] ?? clip(type, 20)}" não suportado: só login e nota segura`,
      kind: null,
    };
  }
  return finish(line, {
    name: row.name,
    urls: (row.login_uri ?? '')
      .split(/[,\n]/)
      .map((url) => url.trim())
      .filter(Boolean),
    username: row.login_username,
    password: row.login_password,
    totp: row.login_totp,
    notes: row.notes,
    tags: [
      tagOfGroup(row.folder ?? row.collections),
      YES.has((row.favorite ?? '').trim()) ? 'favorito' : null,
    ],
    sensitive: YES.has((row.reprompt ?? '').trim()),
    custom: bitwardenFields(row.fields),
    ...(type === 'note' ? { kind: 'nota' as const } : {}),
  });
};

const keepassRow = (table: CsvTable, line: number, cells: string[]): ImportCandidate => {
  const row = cellsOf(table, cells, KEEPASS_ALIASES);
  return finish(line, {
    name: row.title,
    urls: row.url?.trim() ? [row.url.trim()] : [],
    username: row.username,
    password: row.password,
    totp: row.totp,
    notes: row.notes,
    tags: [tagOfGroup(row.group)],
  });
};

/**
 * A CSV export of Bitwarden or KeePass as the rows to import, each with its file line. Throws
 * VaultImportFileError when the file is not CSV, its header is neither format's, it has no rows or too many.
 */
export const readVaultCsv = (
  text: string,
): { format: Exclude<VaultImportFormat, 'farol'>; candidates: ImportCandidate[] } => {
  let table: CsvTable;
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new VaultImportFileError(`Arquivo CSV inválido: ${error.message}`);
    throw error;
  }
  const format = detectCsvFormat(table.header);
  if (!format) {
    throw new VaultImportFileError(
      'Formato não reconhecido: envie o CSV exportado pelo Bitwarden (colunas name, type, login_username, login_password…) ou pelo KeePass/KeePassXC (colunas Group, Title, Username, Password, URL, Notes), ou uma exportação cifrada do Farol.',
    );
  }
  if (table.records.length === 0)
    throw new VaultImportFileError('O arquivo não tem linhas além do cabeçalho');
  if (table.records.length > VAULT_IMPORT_MAX_ROWS) {
    throw new VaultImportFileError(
      `No máximo ${VAULT_IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas por arquivo (este tem ${table.records.length.toLocaleString('pt-BR')})`,
    );
  }
  const read = format === 'bitwarden' ? bitwardenRow : keepassRow;
  return { format, candidates: table.records.map((record) => read(table, record.line, record.cells)) };
};

/** The items of an opened Farol export as rows to import (their line: their position, from 1). */
export const exportItemsToCandidates = (items: readonly VaultExportItem[]): ImportCandidate[] =>
  items.map((item, index) => {
    const input: ImportedItemInput = {
      kind: item.kind,
      name: item.name,
      tags: [...item.tags, ...(item.folder ? [tagOfGroup(item.folder)] : [])].filter((tag): tag is string =>
        Boolean(tag),
      ),
      sensitive: item.sensitive,
      client_visible: item.client_visible,
      rotate_every_days: item.rotate_every_days,
      secrets: item.secrets as ImportedItemInput['secrets'],
      custom: item.custom,
    };
    if (item.url) input.url = item.url;
    if (item.username) input.username = item.username;
    if (item.description) input.description = item.description;
    return { line: index + 1, name: item.name, input };
  });

const COLUMN_OF_FIELD: Record<VaultImportFormat, Record<string, string>> = {
  bitwarden: {
    name: 'name',
    url: 'login_uri',
    username: 'login_username',
    'secrets.password': 'login_password',
    'secrets.totp': 'login_totp',
    'secrets.notes': 'notes',
    custom: 'fields',
    tags: 'folder',
    description: 'login_uri',
  },
  keepass: {
    name: 'Title',
    url: 'URL',
    username: 'Username',
    'secrets.password': 'Password',
    'secrets.totp': 'TOTP',
    'secrets.notes': 'Notes',
    tags: 'Group',
  },
  farol: {},
};

/**
 * A candidate validated as createPasswordSchema's input for `target`: the parsed input, or why it is refused
 * (in Portuguese, naming the file's column; never a value).
 */
export const validateCandidate = (
  format: VaultImportFormat,
  input: ImportedItemInput,
  target: { company_id: number | null; folder_id: number | null },
):
  | { ok: true; data: z.output<typeof createPasswordSchema> }
  | { ok: false; reason: string; kind: PasswordKind | null } => {
  const parsed = createPasswordSchema.safeParse({ ...input, ...target });
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String);
  const columns = COLUMN_OF_FIELD[format];
  const column = columns[path.slice(0, 2).join('.')] ?? columns[path[0] ?? ''];
  return {
    ok: false,
    reason: column ? `Coluna ${column}: ${issue.message}` : issue.message,
    kind: input.kind,
  };
};

/** The key two rows (or a row and a stored item) share when they are the same credential. */
export const duplicateKey = (item: { name: string; username?: string | null; url?: string | null }) =>
  [item.name, item.username ?? '', item.url ?? ''].map((part) => part.trim().toLowerCase()).join('\u0000');

/** The secret fields of a validated input, as the report lists them (custom ones as `custom:<n>`). */
export const secretFieldsOf = (input: {
  secrets?: Record<string, string | null | undefined> | undefined;
  custom?: readonly { secret: boolean; value?: string | null | undefined }[] | undefined;
}) => [
  ...Object.entries(input.secrets ?? {})
    .filter(([, value]) => Boolean(value))
    .map(([field]) => field)
    .sort(),
  ...(input.custom ?? []).flatMap((field, index) =>
    field.secret && field.value ? [`custom:${index + 1}`] : [],
  ),
];

/**
 * Every row's fate before anything is saved (the server's import and its mock share it): refused (erro), ignored
 * (the file skipped it, or a duplicate of an item in `existing` or of an earlier row) or to import. `toSave` holds
 * the validated input of each row to import with its index in `rows`, whose `item_id` the caller fills in.
 */
export const planVaultImport = (
  format: VaultImportFormat,
  candidates: readonly ImportCandidate[],
  target: { company_id: number | null; folder_id: number | null },
  existing: ReadonlySet<string>,
) => {
  const inFile = new Map<string, number>();
  const rows: VaultImportRow[] = [];
  const toSave: { index: number; key: string; data: z.output<typeof createPasswordSchema>; line: number }[] =
    [];
  for (const candidate of candidates) {
    const row: VaultImportRow = {
      line: candidate.line,
      name: candidate.name,
      kind: null,
      username: null,
      url: null,
      secret_fields: [],
      status: 'ignorado',
      reason: null,
      item_id: null,
    };
    rows.push(row);
    if ('skip' in candidate) {
      row.reason = candidate.skip;
      row.kind = candidate.kind;
      continue;
    }
    row.kind = candidate.input.kind;
    row.username = candidate.input.username ?? null;
    row.url = candidate.input.url ?? null;
    row.secret_fields = secretFieldsOf(candidate.input);
    const checked = validateCandidate(format, candidate.input, target);
    if (!checked.ok) {
      row.status = 'erro';
      row.reason = `Linha ${candidate.line}: ${checked.reason}`;
      continue;
    }
    const key = duplicateKey(checked.data);
    if (existing.has(key)) {
      row.reason = 'Duplicado: já existe um item com este nome, usuário e endereço nesta empresa';
      continue;
    }
    const earlier = inFile.get(key);
    if (earlier !== undefined) {
      row.reason = `Duplicado: repete a linha ${earlier} do arquivo`;
      continue;
    }
    inFile.set(key, candidate.line);
    row.status = 'importado';
    toSave.push({ index: rows.length - 1, key, data: checked.data, line: candidate.line });
  }
  return { rows, toSave };
};

/** The report of an import or its preview, counted from its rows. */
export const vaultImportReport = (
  format: VaultImportFormat,
  preview: boolean,
  rows: VaultImportRow[],
): VaultImportReport => ({
  format,
  preview,
  total: rows.length,
  imported: rows.filter((row) => row.status === 'importado').length,
  skipped: rows.filter((row) => row.status === 'ignorado').length,
  errors: rows.filter((row) => row.status === 'erro').length,
  rows,
});
