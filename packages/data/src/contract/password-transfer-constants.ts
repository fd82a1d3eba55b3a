/**
 * The vault's import and export (issue 14), free of zod: the formats read, the limits, the statuses of a
 * report's rows and the encrypted export's envelope constants.
 */

/** Bitwarden's CSV, KeePass's (KeePass 2, KeePassXC, KeePass 1.x columns) and Farol's encrypted export. */
export const VAULT_IMPORT_FORMATS = ['bitwarden', 'keepass', 'farol'] as const;
export type VaultImportFormat = (typeof VAULT_IMPORT_FORMATS)[number];

export const VAULT_IMPORT_FORMAT_LABELS: Record<VaultImportFormat, string> = {
  bitwarden: 'Bitwarden (CSV)',
  keepass: 'KeePass / KeePassXC (CSV)',
  farol: 'Exportação cifrada do Farol',
};

/** The most one file may weigh (its text), and the most rows (or items) it may carry. */
export const VAULT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const VAULT_IMPORT_MAX_ROWS = 5_000;
/** The most items one export carries (an export must import back: the import's limit). */
export const VAULT_EXPORT_MAX_ITEMS = VAULT_IMPORT_MAX_ROWS;
/** The shortest passphrase an export accepts. */
export const VAULT_EXPORT_PASSPHRASE_MIN = 12;
/** Imports and exports one person may run per minute (each derives a key on purpose slowly). */
export const VAULT_TRANSFERS_PER_MINUTE = 10;

/** importado (saved), ignorado (left out on purpose: duplicated, empty, unsupported type), erro (refused). */
export const VAULT_IMPORT_STATUSES = ['importado', 'ignorado', 'erro'] as const;
export type VaultImportStatus = (typeof VAULT_IMPORT_STATUSES)[number];

export const VAULT_IMPORT_STATUS_LABELS: Record<VaultImportStatus, string> = {
  importado: 'Importado',
  ignorado: 'Ignorado',
  erro: 'Erro',
};

/** The same statuses as a preview names them (nothing saved yet). */
export const VAULT_PREVIEW_STATUS_LABELS: Record<VaultImportStatus, string> = {
  importado: 'Será importado',
  ignorado: 'Será ignorado',
  erro: 'Erro',
};

/** The envelope of an encrypted export (docs: README "Cofre de senhas", decisions.md). */
export const VAULT_EXPORT_FORMAT = 'farol-vault-export';
export const VAULT_EXPORT_VERSION = 1;
/** scrypt's cost on export (2^17, r 8, p 1: about 128 MiB and a few hundred ms), and the most an import accepts. */
export const VAULT_EXPORT_SCRYPT = { n: 131_072, r: 8, p: 1 } as const;
export const VAULT_EXPORT_SCRYPT_MAX_N = 262_144;
