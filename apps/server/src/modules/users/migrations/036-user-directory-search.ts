import type { Migration } from '../../../db/migration';

/**
 * The directory's own narrow table (issue 13's budget, bench/users-directory): one row per person with only what
 * the directory filters, orders and searches on — company, role key, folded name, folded search text — kept by
 * a trigger on users. A search that matches a thousand people reads a thousand of these short rows (about 50 to
 * a page) instead of a thousand wide user rows spread over most of the table's pages, and a deep page walks a
 * narrow index before joining only its 25 people.
 */
export const migration036UserDirectorySearch: Migration = {
  id: '036-user-directory-search',
  sql: /* sql */ `
CREATE TABLE user_directory (
  id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  company_id integer,
  role_key text NOT NULL,
  name_key text NOT NULL,
  search_text text NOT NULL
);

CREATE FUNCTION user_directory_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_directory (id, company_id, role_key, name_key, search_text)
  VALUES (NEW.id, NEW.company_id, user_directory_role(NEW.role), NEW.name_key, NEW.search_text)
  ON CONFLICT (id) DO UPDATE SET company_id = EXCLUDED.company_id, role_key = EXCLUDED.role_key,
    name_key = EXCLUDED.name_key, search_text = EXCLUDED.search_text;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_directory_keep
AFTER INSERT OR UPDATE OF first_name, last_name, email, username, phone, role, company_id ON users
FOR EACH ROW EXECUTE FUNCTION user_directory_keep();

INSERT INTO user_directory (id, company_id, role_key, name_key, search_text)
SELECT id, company_id, user_directory_role(role), name_key, search_text FROM users ORDER BY name_key, id;

-- fastupdate off: PGlite runs no autovacuum, so a pending list would grow with every new person and every
-- search would scan it; the directory is read far more than written.
CREATE INDEX user_directory_search_idx ON user_directory USING gin (search_text gin_trgm_ops)
  WITH (fastupdate = off);
CREATE INDEX user_directory_name_idx ON user_directory (name_key, id);
CREATE INDEX user_directory_company_idx ON user_directory (company_id, name_key, id);
CREATE INDEX user_directory_role_idx ON user_directory (role_key, name_key, id);

-- The wide table's search index has no reader now (user_directory's answers every search).
DROP INDEX users_search_trgm_idx;
`,
};
