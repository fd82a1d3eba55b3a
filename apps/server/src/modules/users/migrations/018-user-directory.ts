import type { Migration } from '../../../db/migration';

/**
 * The directory (issue 13) at tens of thousands of people (bench/users-directory):
 * - `phone`, a person's own phone (client users also show their company contact's);
 * - `name_key`, the folded display name stored (the name, else the username, else the e-mail, as `nameSql`), so
 *   the A→Z order reads an index, alone or after the company or the role;
 * - `search_text`, the folded name, e-mail, username and phone under a trigram index, so `q` ignores accents and
 *   case through an index (as the companies' and chamados' searches do);
 * - `user_directory_counts`, kept by triggers, how many people share each (company, role key): the total of a
 *   page without a search is a sum over a few rows instead of a count over the people (as company_counts).
 */
export const migration018UserDirectory: Migration = {
  id: '018-user-directory',
  sql: /* sql */ `
ALTER TABLE users ADD COLUMN phone text CHECK (length(phone) <= 40);

ALTER TABLE users
  ADD COLUMN name_key text GENERATED ALWAYS AS (
    farol_fold(COALESCE(NULLIF(trim(first_name || ' ' || last_name), ''), NULLIF(username, ''), email))
  ) STORED,
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    farol_fold(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(username, '') || ' '
      || coalesce(phone, ''))
  ) STORED;

CREATE INDEX users_name_key_idx ON users (name_key, id);
CREATE INDEX users_company_name_idx ON users (company_id, name_key, id);
CREATE INDEX users_role_name_idx ON users ((lower(trim(role))), name_key, id);
CREATE INDEX users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops);

-- The role as the directory's filter reads it: lower case, both client spellings as 'cliente'.
CREATE FUNCTION user_directory_role(role text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN CASE WHEN lower(trim(role)) IN ('cliente', 'client') THEN 'cliente' ELSE lower(trim(role)) END;

CREATE TABLE user_directory_counts (
  company_id integer,
  role text NOT NULL,
  n integer NOT NULL
);
CREATE UNIQUE INDEX user_directory_counts_key ON user_directory_counts ((coalesce(company_id, 0)), role);

CREATE FUNCTION user_directory_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id IS NOT DISTINCT FROM NEW.company_id
     AND user_directory_role(OLD.role) = user_directory_role(NEW.role) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE user_directory_counts SET n = n - 1
     WHERE coalesce(company_id, 0) = coalesce(OLD.company_id, 0) AND role = user_directory_role(OLD.role);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO user_directory_counts (company_id, role, n) VALUES (NEW.company_id, user_directory_role(NEW.role), 1)
    ON CONFLICT ((coalesce(company_id, 0)), role) DO UPDATE SET n = user_directory_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_directory_counts
AFTER INSERT OR DELETE OR UPDATE OF company_id, role ON users
FOR EACH ROW EXECUTE FUNCTION user_directory_counts_apply();

-- TRUNCATE fires no row triggers.
CREATE FUNCTION user_directory_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_directory_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_directory_counts_truncate AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION user_directory_counts_clear();

INSERT INTO user_directory_counts (company_id, role, n)
SELECT company_id, user_directory_role(role), count(*)::int FROM users GROUP BY 1, 2;
`,
};
