import { createHash, randomBytes, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import {
  LOGIN_CHALLENGE_MAX_ATTEMPTS,
  LOGIN_CHALLENGE_TTL_MS,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_SETUP_TTL_MS,
  describeUserAgent,
  isTotpCode,
  isTwoFactorRequired,
  normaliseRecoveryCode,
  type LoginEvent,
  type LoginEventReason,
  type LoginMethod,
  type SecuritySettings,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { TWO_FACTOR_SCOPE, twoFactorAad } from '../../vault/envelope';
import { VaultUnavailableError, type Vault } from '../../vault/vault';
import { groupSecret, matchTotp, newTotpSecret, otpauthUrl } from './totp';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

// ------------------------------------------------------------------ settings

export const loadSecuritySettings = async (
  db: Database,
): Promise<SecuritySettings & { updated_at: string | null }> => {
  const { rows } = await db.query<{
    require_two_factor: SecuritySettings['require_two_factor'];
    roles: string[];
    updated_at: Date | null;
  }>('SELECT require_two_factor, roles, updated_at FROM security_settings WHERE id');
  const row = rows[0];
  return {
    require_two_factor: row?.require_two_factor ?? 'none',
    roles: row?.roles ?? [],
    updated_at: iso(row?.updated_at ?? null),
  };
};

export const saveSecuritySettings = async (db: Database, settings: SecuritySettings, actorId: number) => {
  await db.query(
    `INSERT INTO security_settings (id, require_two_factor, roles, updated_at, updated_by)
     VALUES (true, $1, $2, now(), $3)
     ON CONFLICT (id) DO UPDATE SET require_two_factor = $1, roles = $2, updated_at = now(), updated_by = $3`,
    [
      settings.require_two_factor,
      settings.require_two_factor === 'roles' ? [...new Set(settings.roles)] : [],
      actorId,
    ],
  );
};

/** The roles people hold now (to choose from), the built-in ones first. */
export const knownRoles = async (db: Database): Promise<string[]> => {
  const { rows } = await db.query<{ role: string }>(
    'SELECT DISTINCT lower(role) AS role FROM users ORDER BY 1',
  );
  const builtIn = ['admin', 'gestor', 'técnico', 'cliente'];
  return [...new Set([...builtIn, ...rows.map((row) => row.role)])];
};

/** Who the requirement covers and has not enrolled (their sessions reach only enrolment; tokens.ts in SQL). */
export const pendingEnrolment = async (db: Database): Promise<number[]> => {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN security_settings st ON st.id
      WHERE (st.require_two_factor = 'everyone'
             OR (st.require_two_factor = 'roles' AND lower(trim(u.role)) = ANY (st.roles)))
        AND NOT EXISTS (SELECT 1 FROM user_two_factor f WHERE f.user_id = u.id AND f.enabled_at IS NOT NULL)`,
  );
  return rows.map((row) => row.id);
};

export const requiresTwoFactor = async (db: Database, role: string) =>
  isTwoFactorRequired(await loadSecuritySettings(db), role);

// ------------------------------------------------------------------ the seeds, sealed at rest

/**
 * TOTP seeds are stored sealed by the vault's envelope (issue 13): AES-256-GCM under the two-factor data key,
 * which the vault's KEK wraps; the associated data binds the person and the column, so a seed copied to
 * another row or column (or altered) is refused instead of trusted.
 */
export type SeedField = 'secret' | 'pending_secret';

const vaultClosed = (vault: Vault) =>
  new VaultUnavailableError(
    `Verificação em duas etapas indisponível: ${vault.unavailableMessage ?? 'o cofre de chaves não está aberto'}`,
  );

export const sealSeed = async (
  vault: Vault,
  userId: number,
  field: SeedField,
  seed: string,
  tx?: Database,
): Promise<string> => {
  if (!vault.available) throw vaultClosed(vault);
  return vault.sealIn(TWO_FACTOR_SCOPE, twoFactorAad(userId, field), seed, tx);
};

/** The seed of a stored value; VaultIntegrityError when it was tampered with or belongs elsewhere. */
export const openSeed = async (
  vault: Vault,
  userId: number,
  field: SeedField,
  sealed: string,
  tx?: Database,
): Promise<string> => {
  if (!vault.available) throw vaultClosed(vault);
  return vault.openIn(TWO_FACTOR_SCOPE, twoFactorAad(userId, field), sealed, tx);
};

// ------------------------------------------------------------------ state

interface TwoFactorRow {
  secret: string | null;
  enabled_at: Date | null;
  pending_secret: string | null;
  pending_expires_at: Date | null;
  last_step: string | number;
}

const loadRow = async (db: Database, userId: number, lock = false) => {
  const { rows } = await db.query<TwoFactorRow>(
    `SELECT secret, enabled_at, pending_secret, pending_expires_at, last_step FROM user_two_factor
      WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
};

export const isTwoFactorEnabled = async (db: Database, userId: number) =>
  Boolean((await loadRow(db, userId))?.secret);

export const twoFactorStatus = async (
  db: Database,
  user: { id: number; role: string },
): Promise<TwoFactorStatus> => {
  const [row, codes, settings] = await Promise.all([
    loadRow(db, user.id),
    db.query<{ left: number }>(
      'SELECT count(*)::int AS left FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [user.id],
    ),
    loadSecuritySettings(db),
  ]);
  const enabled = Boolean(row?.secret);
  return {
    enabled,
    enabled_at: enabled ? iso(row!.enabled_at) : null,
    recovery_codes_left: enabled ? (codes.rows[0]?.left ?? 0) : 0,
    required: isTwoFactorRequired(settings, user.role),
  };
};

// ------------------------------------------------------------------ enrolment

export class TwoFactorError extends Error {
  constructor(
    readonly kind: 'already_enabled' | 'not_enabled' | 'no_setup' | 'wrong_code',
    message: string,
  ) {
    super(message);
  }
}

/** A new pending secret (replacing any earlier unconfirmed one) with its QR code. */
export const startSetup = async (
  db: Database,
  vault: Vault,
  user: { id: number; email: string },
): Promise<TwoFactorSetup> => {
  const row = await loadRow(db, user.id);
  if (row?.secret) throw new TwoFactorError('already_enabled', 'A verificação em duas etapas já está ativa');
  const secret = newTotpSecret();
  const expiresAt = new Date(Date.now() + TWO_FACTOR_SETUP_TTL_MS);
  await db.query(
    `INSERT INTO user_two_factor (user_id, pending_secret, pending_expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET pending_secret = $2, pending_expires_at = $3, updated_at = now()`,
    [user.id, await sealSeed(vault, user.id, 'pending_secret', secret), expiresAt],
  );
  const url = otpauthUrl(secret, user.email);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret: groupSecret(secret),
    otpauth_url: url,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expires_at: expiresAt.toISOString(),
  };
};

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `XXXXX-XXXXX` from 32 unambiguous characters: 50 random bits each. */
const newRecoveryCode = () => {
  let code = '';
  for (let index = 0; index < 10; index += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
};

/** Replaces every recovery code of a person with RECOVERY_CODE_COUNT new ones; answers them (shown once). */
export const replaceRecoveryCodes = async (tx: Database, userId: number): Promise<string[]> => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
  await tx.query('INSERT INTO user_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    codes.map((code) => sha256(normaliseRecoveryCode(code))),
  ]);
  return codes;
};

/** Confirms the pending secret with its first code: 2FA is on, and the recovery codes are made. */
export const confirmSetup = async (
  tx: Database,
  vault: Vault,
  userId: number,
  code: string,
  nowMs = Date.now(),
) => {
  const row = await loadRow(tx, userId, true);
  if (row?.secret) throw new TwoFactorError('already_enabled', 'A verificação em duas etapas já está ativa');
  if (
    !row?.pending_secret ||
    !row.pending_expires_at ||
    new Date(row.pending_expires_at).getTime() <= nowMs
  ) {
    throw new TwoFactorError('no_setup', 'A configuração expirou. Comece novamente.');
  }
  const seed = await openSeed(vault, userId, 'pending_secret', row.pending_secret, tx);
  const step = matchTotp(seed, code, nowMs);
  if (step === null)
    throw new TwoFactorError('wrong_code', 'Código inválido. Confira o horário do celular e tente de novo.');
  // Sealed again for its new column: the associated data names the column.
  await tx.query(
    `UPDATE user_two_factor SET secret = $3, enabled_at = now(), pending_secret = NULL,
       pending_expires_at = NULL, last_step = $2, updated_at = now() WHERE user_id = $1`,
    [userId, step, await sealSeed(vault, userId, 'secret', seed, tx)],
  );
  return replaceRecoveryCodes(tx, userId);
};

/**
 * Checks a second factor: a code from the app (each accepted once: its step must be newer than the last
 * accepted one) or an unused recovery code (then used up). Answers how it passed, or null.
 */
export const verifySecondFactor = async (
  tx: Database,
  vault: Vault,
  userId: number,
  input: string,
  nowMs = Date.now(),
): Promise<LoginMethod | null> => {
  const row = await loadRow(tx, userId, true);
  if (!row?.secret) return null;
  if (isTotpCode(input)) {
    const seed = await openSeed(vault, userId, 'secret', row.secret, tx);
    const step = matchTotp(seed, input, nowMs, Number(row.last_step));
    if (step === null) return null;
    const { rows } = await tx.query(
      'UPDATE user_two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2 RETURNING user_id',
      [userId, step],
    );
    return rows.length > 0 ? 'totp' : null;
  }
  const normalised = normaliseRecoveryCode(input);
  if (!/^[A-Z0-9]{10}$/.test(normalised)) return null;
  const { rows } = await tx.query(
    `UPDATE user_recovery_codes SET used_at = now()
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [userId, sha256(normalised)],
  );
  return rows.length > 0 ? 'recovery_code' : null;
};

/** Turns 2FA off for a person (their own choice, or an admin's reset): secret and recovery codes gone. */
export const removeTwoFactor = async (tx: Database, userId: number): Promise<boolean> => {
  const { rows } = await tx.query<{ had: boolean }>(
    'DELETE FROM user_two_factor WHERE user_id = $1 RETURNING secret IS NOT NULL AS had',
    [userId],
  );
  await tx.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
  await tx.query('UPDATE login_challenges SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    userId,
  ]);
  return rows[0]?.had ?? false;
};

// ------------------------------------------------------------------ the sign-in's code step

export const createChallenge = async (db: Database, userId: number) => {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_TTL_MS);
  await db.query('INSERT INTO login_challenges (user_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
    userId,
    sha256(token),
    expiresAt,
  ]);
  // Old steps are useless; trimming here keeps the table small without a scheduler.
  if (Math.random() < 0.05) {
    await db.query("DELETE FROM login_challenges WHERE expires_at < now() - interval '1 day'");
  }
  return { token, expiresAt };
};

export interface OpenChallenge {
  id: number;
  userId: number;
  /** Why it cannot be used, or null when it can. */
  closed: 'expired' | 'used' | null;
}

export const findChallenge = async (tx: Database, token: string): Promise<OpenChallenge | null> => {
  const { rows } = await tx.query<{
    id: number;
    user_id: number;
    expires_at: Date;
    used_at: Date | null;
    attempts: number;
  }>(
    'SELECT id, user_id, expires_at, used_at, attempts FROM login_challenges WHERE token_hash = $1 FOR UPDATE',
    [sha256(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const closed =
    row.used_at !== null || row.attempts >= LOGIN_CHALLENGE_MAX_ATTEMPTS
      ? 'used'
      : new Date(row.expires_at).getTime() <= Date.now()
        ? 'expired'
        : null;
  return { id: row.id, userId: row.user_id, closed };
};

export const failChallenge = async (db: Database, id: number) => {
  await db.query('UPDATE login_challenges SET attempts = attempts + 1 WHERE id = $1', [id]);
};

export const consumeChallenge = async (tx: Database, id: number) => {
  await tx.query('UPDATE login_challenges SET used_at = now() WHERE id = $1', [id]);
};

// ------------------------------------------------------------------ login history

export interface LoginEventInput {
  userId: number;
  ip: string | null;
  userAgent: string | null | undefined;
  success: boolean;
  reason: LoginEventReason;
  method: LoginMethod | null;
}

export const recordLoginEvent = async (db: Database, event: LoginEventInput) => {
  await db.query(
    'INSERT INTO login_events (user_id, ip, user_agent, success, reason, method) VALUES ($1, $2, $3, $4, $5, $6)',
    [
      event.userId,
      event.ip,
      event.userAgent?.slice(0, 300) ?? null,
      event.success,
      event.reason,
      event.method,
    ],
  );
};

export const listLoginEvents = async (db: Database, userId: number, page: number, limit: number) => {
  const { rows } = await db.query<{
    id: string | number;
    at: Date;
    ip: string | null;
    user_agent: string | null;
    success: boolean;
    reason: LoginEventReason;
    method: LoginMethod | null;
    total: number;
  }>(
    `SELECT id, at, ip, user_agent, success, reason, method, count(*) OVER ()::int AS total
       FROM login_events WHERE user_id = $1 ORDER BY at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, (page - 1) * limit],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const count = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_events WHERE user_id = $1',
      [userId],
    );
    total = count.rows[0]?.n ?? 0;
  }
  const items: LoginEvent[] = rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    ip: row.ip,
    user_agent: row.user_agent,
    device: describeUserAgent(row.user_agent),
    success: row.success,
    reason: row.reason,
    method: row.method,
  }));
  return { items, total };
};
