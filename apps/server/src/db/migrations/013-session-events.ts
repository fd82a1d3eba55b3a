import type { Migration } from '../migration';

/**
 * Every change that can end or alter a signed-in session is announced on the `farol_sessions` channel, by
 * the database itself, so each server process's session cache hears it whoever made it — another process, a
 * module's UPDATE, `create-admin`, SQL by hand (see createTokenVerifier). The payload is the user's id, or
 * `*` for "forget everything" (TRUNCATE):
 * - a session revoked, re-dated or re-keyed, or deleted while still live (the sweep's deletes of dead ones
 *   are not announced: nothing caches a dead session);
 * - any change to the user's row (name, e-mail, role, permissions, company…, and whatever columns come later)
 *   or its deletion.
 * NOTIFY is sent at commit and, within one transaction, once per distinct payload.
 */
export const migration013SessionEvents: Migration = {
  id: '013-session-events',
  sql: /* sql */ `
CREATE FUNCTION farol_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('farol_sessions', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('farol_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('farol_sessions', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('farol_sessions', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION farol_session_changed();
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
  EXECUTE FUNCTION farol_session_changed();
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION farol_session_changed();

CREATE TRIGGER users_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION farol_session_changed();
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION farol_session_changed();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION farol_session_changed();
`,
};
