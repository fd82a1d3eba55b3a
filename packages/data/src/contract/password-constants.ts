/**
 * The vault's constants and rules both sides share, free of zod (issue 14): kinds, access levels, which
 * fields are secret, the re-confirmation window and the generator's limits.
 */

export const PASSWORD_KINDS = ['login', 'nota', 'chave_ssh', 'api', 'wifi', 'banco'] as const;
export type PasswordKind = (typeof PASSWORD_KINDS)[number];

export const PASSWORD_KIND_LABELS: Record<PasswordKind, string> = {
  login: 'Login',
  nota: 'Nota segura',
  chave_ssh: 'Chave SSH',
  api: 'API/token',
  wifi: 'Wi-Fi',
  banco: 'Banco de dados',
};

/** From least to most: each level includes those before it. */
export const VAULT_ACCESS_LEVELS = ['metadados', 'usar', 'ver', 'editar', 'gerenciar'] as const;
export type VaultAccessLevel = (typeof VAULT_ACCESS_LEVELS)[number];

export const VAULT_ACCESS_LABELS: Record<VaultAccessLevel, string> = {
  metadados: 'Ver metadados',
  usar: 'Usar',
  ver: 'Ver',
  editar: 'Editar',
  gerenciar: 'Gerenciar',
};

export const VAULT_ACCESS_DESCRIPTIONS: Record<VaultAccessLevel, string> = {
  metadados: 'Sabe que o item existe: nome, URL, usuário e etiquetas.',
  usar: 'Usa o item numa conexão, sem nunca ver o segredo.',
  ver: 'Revela e copia os segredos; cada revelação fica registrada.',
  editar: 'Altera o item, vê a semente TOTP ao editar e restaura versões.',
  gerenciar: 'Compartilha o item e vê quem revelou o quê.',
};

export const vaultLevelRank = (level: VaultAccessLevel | null): number =>
  level === null ? -1 : VAULT_ACCESS_LEVELS.indexOf(level);

/** Whether `held` reaches `needed`. */
export const vaultLevelAtLeast = (held: VaultAccessLevel | null, needed: VaultAccessLevel) =>
  vaultLevelRank(held) >= vaultLevelRank(needed);

/** The lower of two levels (null: none). */
export const minVaultLevel = (
  a: VaultAccessLevel | null,
  b: VaultAccessLevel | null,
): VaultAccessLevel | null => (vaultLevelRank(a) <= vaultLevelRank(b) ? a : b);

/** The secret fields of an item; custom fields flagged secret are `custom:<key>`. */
export const PASSWORD_SECRET_FIELDS = ['password', 'totp', 'notes', 'private_key'] as const;
export type PasswordSecretField = (typeof PASSWORD_SECRET_FIELDS)[number];

export const PASSWORD_FIELD_LABELS: Record<PasswordSecretField, string> = {
  password: 'Senha',
  totp: 'Semente TOTP',
  notes: 'Notas seguras',
  private_key: 'Chave privada',
};

/** A reveal names one of the fixed fields or `custom:<key>`. */
export const CUSTOM_FIELD_PREFIX = 'custom:';
export const isRevealField = (field: string) =>
  (PASSWORD_SECRET_FIELDS as readonly string[]).includes(field) || /^custom:[a-z0-9]{1,16}$/.test(field);

/** Items flagged sensível ask for the password again when it was last confirmed longer ago than this. */
export const VAULT_RECONFIRM_MS = 10 * 60 * 1000;
/** Copies are wiped from the clipboard after this long, where the browser lets the page. */
export const VAULT_CLIPBOARD_CLEAR_MS = 30_000;
/** Versions kept per item (the oldest beyond this are deleted). */
export const VAULT_VERSIONS_KEPT = 10;
/** How long a "Pedir credencial ao cliente" link lives. */
export const VAULT_REQUEST_TTL_HOURS = 72;
/** Reveals (and TOTP codes) one person may ask for per minute. */
export const VAULT_REVEALS_PER_MINUTE = 30;
export const VAULT_TOTP_PERIOD_SECONDS = 30;

/** What the reveal log records: a secret shown, copied, a TOTP code, a quebra-vidro, an encrypted export. */
export const REVEAL_LOG_ACTIONS = ['reveal', 'copy', 'totp', 'break_glass', 'exported'] as const;
export type RevealLogAction = (typeof REVEAL_LOG_ACTIONS)[number];
export const REVEAL_LOG_ACTION_LABELS: Record<RevealLogAction, string> = {
  reveal: 'Revelou',
  copy: 'Copiou',
  totp: 'Pediu código TOTP',
  break_glass: 'Quebra-vidro',
  exported: 'Exportou (cifrado)',
};
/** At most this many rows in one CSV export of the reveal log (the newest first). */
export const REVEAL_LOG_EXPORT_MAX = 10_000;

export const PASSWORD_PAGE_SIZE = 25;
export const PASSWORD_PAGE_SIZE_MAX = 100;

/** Rotation state of an item with a policy: em dia, vence em 7 dias, vencida. */
export const ROTATION_STATES = ['em_dia', 'a_vencer', 'vencida'] as const;
export type RotationState = (typeof ROTATION_STATES)[number];
export const ROTATION_STATE_LABELS: Record<RotationState, string> = {
  em_dia: 'Em dia',
  a_vencer: 'Troca próxima',
  vencida: 'Troca vencida',
};
/** An item is "a vencer" this many days before its rotation is due. */
export const ROTATION_WARNING_DAYS = 7;

export const rotationStateOf = (dueAt: string | null, now: Date = new Date()): RotationState | null => {
  if (!dueAt) return null;
  const due = new Date(dueAt).getTime();
  if (due <= now.getTime()) return 'vencida';
  if (due - now.getTime() <= ROTATION_WARNING_DAYS * 86_400_000) return 'a_vencer';
  return 'em_dia';
};

/** Generator limits. */
export const GENERATOR_MIN_LENGTH = 8;
export const GENERATOR_MAX_LENGTH = 128;
