import type { Migration } from '../../db/migration';
import { sealSeed, type SeedField } from './two-factor';

/**
 * Two-factor sign-in, the sign-in's code step, login history and when a session was last used (issue 13).
 * 2FA lives beside the user, not in `users`: every change to a user's row is announced to the session caches
 * (migration 013), and a code used at sign-in must not sign that person out of everywhere's cache.
 */
const migration021TwoFactor: Migration = {
  id: '021-two-factor',
  sql: /* sql */ `
CREATE TABLE user_two_factor (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- Base32 TOTP secret once confirmed; NULL while only an enrolment is pending.
  secret text,
  enabled_at timestamptz,
  -- The secret being enrolled, until its first code confirms it.
  pending_secret text,
  pending_expires_at timestamptz,
  -- The last time step a code was accepted for: no code is accepted twice (RFC 6238 §5.2).
  last_step bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- SHA-256 of each code (50 random bits each, so a slow hash adds nothing); a used code keeps its row.
CREATE TABLE user_recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX user_recovery_codes_user_idx ON user_recovery_codes (user_id);

-- The code step between a right password and a session: only its token's SHA-256 is stored.
CREATE TABLE login_challenges (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at);

-- Every sign-in attempt on a known account, kept as history (no foreign key: it outlives the account).
CREATE TABLE login_events (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  ip text,
  user_agent text,
  success boolean NOT NULL,
  reason text NOT NULL CHECK (reason IN ('ok', 'wrong_password', 'two_factor_failed', 'challenge_expired',
    'suspended', 'rate_limited')),
  method text CHECK (method IN ('password', 'totp', 'recovery_code'))
);
CREATE INDEX login_events_user_at_idx ON login_events (user_id, at DESC, id DESC);

-- Written at most once a minute per session (not announced: migration 013's trigger ignores it).
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
`,
};

/** Who must use 2FA: one settings row. */
const migration022SecuritySettings: Migration = {
  id: '022-security-settings',
  sql: /* sql */ `
CREATE TABLE security_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  require_two_factor text NOT NULL DEFAULT 'none' CHECK (require_two_factor IN ('none', 'everyone', 'roles')),
  roles text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz,
  updated_by integer
);
INSERT INTO security_settings (id) VALUES (true);
`,
};

/**
 * The 2FA requirement enforced by the server (issue 13): whether a session must enrol first is read with the
 * session (createTokenVerifier), so what changes it is announced on migration 013's channel — a person's
 * enrolment turned on or off (not each code's step), and the requirement itself (everyone's sessions). The
 * 2FA seeds get a data key of their own in the vault's table (scope 'two-factor', see migration 030).
 */
const migration029TwoFactorSessions: Migration = {
  id: '029-two-factor-sessions',
  sql: /* sql */ `
CREATE FUNCTION farol_two_factor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('farol_sessions', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('farol_sessions', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER user_two_factor_enabled AFTER INSERT ON user_two_factor FOR EACH ROW
  WHEN (NEW.enabled_at IS NOT NULL) EXECUTE FUNCTION farol_two_factor_changed();
CREATE TRIGGER user_two_factor_changed AFTER UPDATE ON user_two_factor FOR EACH ROW
  WHEN (OLD.enabled_at IS DISTINCT FROM NEW.enabled_at OR OLD.user_id <> NEW.user_id)
  EXECUTE FUNCTION farol_two_factor_changed();
CREATE TRIGGER user_two_factor_removed AFTER DELETE ON user_two_factor FOR EACH ROW
  WHEN (OLD.enabled_at IS NOT NULL) EXECUTE FUNCTION farol_two_factor_changed();
CREATE TRIGGER user_two_factor_truncated AFTER TRUNCATE ON user_two_factor
  FOR EACH STATEMENT EXECUTE FUNCTION farol_session_changed();
CREATE TRIGGER security_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON security_settings
  FOR EACH STATEMENT EXECUTE FUNCTION farol_session_changed();

ALTER TABLE vault_data_keys DROP CONSTRAINT vault_data_keys_scope_check;
ALTER TABLE vault_data_keys ADD CONSTRAINT vault_data_keys_scope_check
  CHECK (scope IN ('internal', 'two-factor') OR scope ~ '^company:[0-9]+$');
`,
};

const SEALED = "LIKE 's1.%'";

/**
 * TOTP seeds sealed at rest (issue 13): the seeds stored in clear before are sealed by the vault's envelope
 * (two-factor.ts sealSeed) — which needs the KEK, never in the database, so this is code — and from then on a
 * value that is not sealed cannot be written. A database holding seeds in clear without a vault key to seal
 * them (PostgreSQL without FAROL_VAULT_KEY) refuses to start rather than keep them readable.
 */
const migration030TwoFactorSealed: Migration = {
  id: '030-two-factor-sealed',
  sql: '',
  async run(tx, { vault }) {
    const { rows } = await tx.query<{
      user_id: number;
      secret: string | null;
      pending_secret: string | null;
    }>(
      `SELECT user_id, secret, pending_secret FROM user_two_factor
        WHERE (secret IS NOT NULL AND secret NOT ${SEALED})
           OR (pending_secret IS NOT NULL AND pending_secret NOT ${SEALED})
        ORDER BY user_id FOR UPDATE`,
    );
    if (rows.length > 0 && !vault?.available) {
      throw new Error(
        `Migração 030: ${rows.length} segredo(s) de verificação em duas etapas gravados em claro precisam da chave ` +
          `do cofre para serem cifrados. ${vault?.unavailableMessage ?? 'Inicie o servidor (npm start) para cifrá-los.'}`,
      );
    }
    for (const row of rows) {
      const seal = async (field: SeedField, value: string | null) =>
        value === null || value.startsWith('s1.') ? value : sealSeed(vault!, row.user_id, field, value, tx);
      await tx.query('UPDATE user_two_factor SET secret = $2, pending_secret = $3 WHERE user_id = $1', [
        row.user_id,
        await seal('secret', row.secret),
        await seal('pending_secret', row.pending_secret),
      ]);
    }
    await tx.exec(/* sql */ `
ALTER TABLE user_two_factor ADD CONSTRAINT user_two_factor_secret_sealed CHECK (secret IS NULL OR secret ${SEALED});
ALTER TABLE user_two_factor ADD CONSTRAINT user_two_factor_pending_sealed
  CHECK (pending_secret IS NULL OR pending_secret ${SEALED});
COMMENT ON COLUMN user_two_factor.secret IS 'TOTP seed sealed by the vault envelope (scope two-factor)';
COMMENT ON COLUMN user_two_factor.pending_secret IS 'TOTP seed being enrolled, sealed like secret';
`);
  },
};

export const securityMigrations: Migration[] = [
  migration021TwoFactor,
  migration022SecuritySettings,
  migration029TwoFactorSessions,
  migration030TwoFactorSealed,
];
