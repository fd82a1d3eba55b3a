import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with a random 96-bit nonce, for both layers of the vault's envelope: data keys wrapped by the
 * KEK, and secret fields sealed by their company's data key. The associated data (AAD) names where a
 * ciphertext belongs, so one copied to another row, company, field or version fails to open.
 */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_PREFIX = 's1.';
const WRAPPED_PREFIX = 'w1.';

export class VaultIntegrityError extends Error {
  constructor(message = 'Segredo corrompido ou fora do lugar: a verificação de integridade falhou') {
    super(message);
  }
}

const encrypt = (key: Buffer, aad: string, plaintext: Buffer): string => {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
};

const decrypt = (key: Buffer, aad: string, encoded: string): Buffer => {
  const raw = Buffer.from(encoded, 'base64');
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new VaultIntegrityError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new VaultIntegrityError();
  }
};

/** Where a sealed field belongs: its item, company (null: internal), field name and the item's version. */
export interface FieldPlace {
  itemId: number;
  companyId: number | null;
  field: string;
  version: number;
}

export const fieldAad = ({ itemId, companyId, field, version }: FieldPlace) =>
  `farol:vault:field|item:${itemId}|company:${companyId ?? 'internal'}|field:${field}|v:${version}`;

/** A data key's scope: one per company and one for internal items. */
export const keyScope = (companyId: number | null) =>
  companyId === null ? 'internal' : `company:${companyId}`;

const wrapAad = (scope: string, kekVersion: number) => `farol:vault:dek|${scope}|kek:${kekVersion}`;

/** Seals a text under a data key, bound to `aad` (where it belongs). */
export const sealText = (dataKey: Buffer, aad: string, plaintext: string): string =>
  SEALED_PREFIX + encrypt(dataKey, aad, Buffer.from(plaintext, 'utf8'));

export const openText = (dataKey: Buffer, aad: string, sealed: string): string => {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new VaultIntegrityError();
  return decrypt(dataKey, aad, sealed.slice(SEALED_PREFIX.length)).toString('utf8');
};

/** Whether a stored value is sealed (not, e.g., a secret written in clear before it was encrypted). */
export const isSealed = (value: string) => value.startsWith(SEALED_PREFIX);

export const sealField = (dataKey: Buffer, place: FieldPlace, plaintext: string): string =>
  sealText(dataKey, fieldAad(place), plaintext);

export const openField = (dataKey: Buffer, place: FieldPlace, sealed: string): string =>
  openText(dataKey, fieldAad(place), sealed);

/**
 * The data key of the people's two-factor seeds (issue 13): one scope of their own, beside the vault's
 * companies, wrapped by the same KEK and re-wrapped by the same rotation.
 */
export const TWO_FACTOR_SCOPE = 'two-factor';

/** A 2FA seed belongs to one person and one column: copied to another row or column it fails to open. */
export const twoFactorAad = (userId: number, field: 'secret' | 'pending_secret') =>
  `farol:two-factor|user:${userId}|field:${field}`;

export const wrapDataKey = (kek: Buffer, kekVersion: number, scope: string, dataKey: Buffer): string =>
  WRAPPED_PREFIX + encrypt(kek, wrapAad(scope, kekVersion), dataKey);

export const unwrapDataKey = (kek: Buffer, kekVersion: number, scope: string, wrapped: string): Buffer => {
  if (!wrapped.startsWith(WRAPPED_PREFIX)) throw new VaultIntegrityError();
  const key = decrypt(kek, wrapAad(scope, kekVersion), wrapped.slice(WRAPPED_PREFIX.length));
  if (key.length !== 32) throw new VaultIntegrityError();
  return key;
};

export const newDataKey = () => randomBytes(32);
