/**
 * The encrypted export's envelope (issue 14), version 1: the items as JSON, sealed with AES-256-GCM under a
 * key scrypt derives from a passphrase the person types; the header (format, version, date, counts, scope,
 * the KDF's salt and costs) is the associated data, so it cannot be edited without the file failing to open.
 * The format is documented in the README ("Cofre de senhas") and in `vaultExportEnvelopeSchema`.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import {
  VAULT_EXPORT_FORMAT,
  VAULT_EXPORT_SCRYPT,
  VAULT_EXPORT_VERSION,
  exportAad,
  vaultExportEnvelopeSchema,
  vaultExportPayloadSchema,
  type VaultExportEnvelope,
  type VaultExportItem,
} from '@farol/data/contract';

/** Why an export file does not open, in Portuguese (the import answers 400 with it). */
export class ExportFileError extends Error {
  constructor(
    message: string,
    /** The request field to blame: the file or the passphrase. */
    readonly field: 'file' | 'passphrase',
  ) {
    super(message);
    this.name = 'ExportFileError';
  }
}

const deriveKey = (passphrase: string, salt: Buffer, cost: { n: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = {
      N: cost.n,
      r: cost.r,
      p: cost.p,
      // scrypt needs 128·N·r bytes; Node refuses more than 32 MiB unless told.
      maxmem: 128 * cost.n * cost.r + 16 * 1024 * 1024,
    };
    scrypt(passphrase.normalize('NFC'), salt, 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

/** The items sealed into an envelope (the file's JSON text, pretty enough to read its header). */
export const sealExport = async (
  items: readonly VaultExportItem[],
  passphrase: string,
  meta: { leftOut: number; company: string | null; folder: string | null; now?: Date },
  cost: { n: number; r: number; p: number } = VAULT_EXPORT_SCRYPT,
): Promise<string> => {
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const header: Omit<VaultExportEnvelope, 'cipher' | 'data'> = {
    format: VAULT_EXPORT_FORMAT,
    version: VAULT_EXPORT_VERSION,
    created_at: (meta.now ?? new Date()).toISOString(),
    items: items.length,
    left_out: meta.leftOut,
    scope: { company: meta.company, folder: meta.folder },
    kdf: { name: 'scrypt', salt: salt.toString('base64'), n: cost.n, r: cost.r, p: cost.p },
  };
  const key = await deriveKey(passphrase, salt, cost);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(exportAad(header), 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify({ items }), 'utf8'), cipher.final()]);
  const envelope: VaultExportEnvelope = {
    ...header,
    cipher: {
      name: 'aes-256-gcm',
      nonce: nonce.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
    },
    data: data.toString('base64'),
  };
  key.fill(0);
  return `${JSON.stringify(envelope, null, 2)}\n`;
};

/** Reads an envelope's header without opening it (the format check before the passphrase is asked for). */
export const readEnvelope = (text: string): VaultExportEnvelope => {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ExportFileError('Arquivo de exportação do Farol inválido: não é um JSON completo', 'file');
  }
  const parsed = vaultExportEnvelopeSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { version?: unknown } | null)?.version;
    throw new ExportFileError(
      (json as { format?: unknown } | null)?.format === VAULT_EXPORT_FORMAT &&
        version !== VAULT_EXPORT_VERSION
        ? `Versão de exportação não suportada (${String(version)}): este Farol lê a versão ${VAULT_EXPORT_VERSION}`
        : 'Arquivo de exportação do Farol inválido: o cabeçalho não confere',
      'file',
    );
  }
  return parsed.data;
};

/** The items of an envelope, or ExportFileError when the passphrase is wrong or the file was altered. */
export const openExport = async (
  text: string,
  passphrase: string | undefined,
): Promise<VaultExportItem[]> => {
  const envelope = readEnvelope(text);
  if (!passphrase) throw new ExportFileError('Informe a senha usada na exportação', 'passphrase');
  const key = await deriveKey(passphrase, Buffer.from(envelope.kdf.salt, 'base64'), envelope.kdf);
  const nonce = Buffer.from(envelope.cipher.nonce, 'base64');
  const tag = Buffer.from(envelope.cipher.tag, 'base64');
  // A shorter GCM tag would be accepted by Node and is easier to forge: only the full 16 bytes open a file.
  if (nonce.length !== 12 || tag.length !== 16) {
    key.fill(0);
    throw new ExportFileError('Arquivo de exportação do Farol inválido: o cabeçalho não confere', 'file');
  }
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: 16 });
    decipher.setAAD(Buffer.from(exportAad(envelope), 'utf8'));
    decipher.setAuthTag(tag);
    plain = Buffer.concat([decipher.update(Buffer.from(envelope.data, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new ExportFileError(
      'Senha da exportação incorreta, ou o arquivo foi alterado depois de exportado',
      'passphrase',
    );
  } finally {
    key.fill(0);
  }
  const payload = vaultExportPayloadSchema.safeParse(JSON.parse(plain));
  if (!payload.success || payload.data.items.length !== envelope.items) {
    throw new ExportFileError('Arquivo de exportação do Farol inválido: os itens não conferem', 'file');
  }
  return payload.data.items;
};
