import type { Migration } from '../../db/migration';

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

export const securityMigrations: Migration[] = [migration021TwoFactor, migration022SecuritySettings];
