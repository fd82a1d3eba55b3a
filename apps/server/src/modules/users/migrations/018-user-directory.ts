import type { Migration } from '../../../db/migration';

/**
 * The directory (issue 13) at tens of thousands of people (bench/users-directory):
 * - `phone`, a person's own phone (client users also show their company contact's);
 * - `name_key`, the folded display name stored (the name, else the username, else the e-mail, as `nameSql`), so
 *   the A→Z order reads an index, alone or after the company or the role;
 * - `search_text`, the folded name, e-mail, username and phone under a trigram index, so `q` ignores accents and
 *   case through an index (as the companies' and chamados' searches do).
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
`,
};
