import type { Migration } from '../../../db/migration';

/**
 * Companies as the MSP keeps them (issue 12): the core `companies` and `branches` tables extended in place
 * (rows kept; the free-text `document` becomes a normalised `cnpj` when it is one, else a line in the notes),
 * contacts with their secondary companies, logos, and what keeps the list fast at tens of thousands of rows:
 * - `search_text`, a stored column with the folded name, razão social, CNPJ and e-mail domains under a trigram
 *   index, so `q` ignores accents and case through an index (as the chamados' search does);
 * - `company_counts`, kept by triggers, how many companies share each (kind, status, archived, manager): the
 *   list's `total` for those filters is a sum over a few rows instead of a count over the companies;
 * - the CNPJ check digits in SQL (`farol_cnpj_valid`), so the database refuses an invalid one too.
 */
export const migration010Companies: Migration = {
  id: '010-companies',
  sql: /* sql */ `
-- The Receita Federal's rule (alphanumeric-ready): each character counts as its ASCII code − 48, mod 11.
CREATE FUNCTION farol_cnpj_check_digit(base text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  total integer := 0;
  weight integer := 2;
BEGIN
  FOR i IN REVERSE length(base)..1 LOOP
    total := total + (ascii(substr(base, i, 1)) - 48) * weight;
    weight := CASE WHEN weight = 9 THEN 2 ELSE weight + 1 END;
  END LOOP;
  RETURN CASE WHEN total % 11 < 2 THEN 0 ELSE 11 - total % 11 END;
END
$$;

-- The two check digits of a CNPJ's first 12 characters.
CREATE FUNCTION farol_cnpj_check_digits(first12 text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  first integer := farol_cnpj_check_digit(first12);
BEGIN
  RETURN first::text || farol_cnpj_check_digit(first12 || first::text)::text;
END
$$;

CREATE FUNCTION farol_cnpj_valid(value text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN value ~ '^[0-9A-Z]{12}[0-9]{2}$' AND value !~ '^(.)\\1{13}$'
  AND substr(value, 13, 2) = farol_cnpj_check_digits(substr(value, 1, 12));

-- Folded name, razão social, CNPJ and domains, for the list's text search (declared IMMUTABLE: it only folds).
CREATE FUNCTION farol_company_search(name text, legal_name text, cnpj text, domains text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN farol_fold(name || ' ' || coalesce(legal_name, '') || ' ' || coalesce(cnpj, '') || ' '
  || coalesce(array_to_string(domains, ' '), ''));

ALTER TABLE companies
  ADD COLUMN legal_name text,
  ADD COLUMN cnpj text CHECK (farol_cnpj_valid(cnpj)),
  ADD COLUMN state_registration text,
  ADD COLUMN municipal_registration text,
  ADD COLUMN kind text NOT NULL DEFAULT 'cliente'
    CHECK (kind IN ('cliente', 'prospect', 'fornecedor', 'parceiro', 'interna')),
  ADD COLUMN segment text,
  ADD COLUMN website text,
  ADD COLUMN email_domains text[] NOT NULL DEFAULT '{}',
  ADD COLUMN phone text,
  ADD COLUMN account_manager_id integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN parent_id integer REFERENCES companies (id),
  ADD COLUMN notes text,
  ADD COLUMN status text NOT NULL DEFAULT 'ativo' CHECK (status IN ('ativo', 'inativo')),
  ADD COLUMN archived_at timestamptz,
  -- Bumped on each upload; part of the logo's URL so browsers may cache it for good.
  ADD COLUMN logo_version bigint,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- The old free-text document: kept as the CNPJ when it is a valid one (the first company holding it), else
-- written into the notes so nothing typed is lost.
UPDATE companies c SET cnpj = d.cnpj
  FROM (SELECT DISTINCT ON (cnpj) id, cnpj
          FROM (SELECT id, upper(regexp_replace(document, '[[:space:]./_-]', '', 'g')) AS cnpj FROM companies
                 WHERE document IS NOT NULL) n
         WHERE farol_cnpj_valid(cnpj) ORDER BY cnpj, id) d
 WHERE d.id = c.id;
UPDATE companies SET notes = 'Documento anterior: ' || document
 WHERE cnpj IS NULL AND document IS NOT NULL AND btrim(document) <> '';
UPDATE companies SET legal_name = name;
ALTER TABLE companies DROP COLUMN document;

ALTER TABLE companies ADD COLUMN search_text text
  GENERATED ALWAYS AS (farol_company_search(name, legal_name, cnpj, email_domains)) STORED;

CREATE UNIQUE INDEX companies_cnpj_key ON companies (cnpj) WHERE cnpj IS NOT NULL;
CREATE INDEX companies_search_trgm_idx ON companies USING gin (search_text gin_trgm_ops);
-- The list's orders (name folded, so 'Água' sorts with 'Agua'); the manager filter by name.
CREATE INDEX companies_fold_name_idx ON companies (farol_fold(name), id);
CREATE INDEX companies_created_idx ON companies (created_at, id);
CREATE INDEX companies_updated_idx ON companies (updated_at, id);
CREATE INDEX companies_manager_name_idx ON companies (account_manager_id, farol_fold(name), id)
  WHERE account_manager_id IS NOT NULL;
CREATE INDEX companies_parent_idx ON companies (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX companies_domains_idx ON companies USING gin (email_domains);

ALTER TABLE branches
  ADD COLUMN cnpj text CHECK (farol_cnpj_valid(cnpj)),
  ADD COLUMN cep text CHECK (cep ~ '^[0-9]{8}$'),
  ADD COLUMN street text,
  ADD COLUMN number text,
  ADD COLUMN complement text,
  ADD COLUMN district text,
  ADD COLUMN uf text CHECK (uf IN ('AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT',
    'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO')),
  ADD COLUMN phone text,
  ADD COLUMN opening_hours text,
  ADD COLUMN head_office boolean NOT NULL DEFAULT false,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX branches_cnpj_key ON branches (cnpj) WHERE cnpj IS NOT NULL;
-- One matriz per company.
CREATE UNIQUE INDEX branches_head_office_key ON branches (company_id) WHERE head_office;
-- The list's UF filter (companies with a branch in the UF).
CREATE INDEX branches_uf_company_idx ON branches (uf, company_id) WHERE uf IS NOT NULL;
-- The chamados of a branch: the tickets list's branch filter and the refusal to delete a branch in use.
CREATE INDEX tickets_branch_updated_idx ON tickets (branch_id, updated_at DESC, id DESC)
  WHERE branch_id IS NOT NULL;

CREATE TABLE company_contacts (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  branch_id integer REFERENCES branches (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  job_title text,
  department text,
  email text,
  phone text,
  mobile text,
  whatsapp boolean NOT NULL DEFAULT false,
  is_primary boolean NOT NULL DEFAULT false,
  billing boolean NOT NULL DEFAULT false,
  technical boolean NOT NULL DEFAULT false,
  vip boolean NOT NULL DEFAULT false,
  -- The client user who signs in as this contact (one contact per user).
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_contacts_company_idx ON company_contacts (company_id, id);
CREATE INDEX company_contacts_branch_idx ON company_contacts (branch_id) WHERE branch_id IS NOT NULL;
CREATE INDEX company_contacts_email_idx ON company_contacts (company_id, lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX company_contacts_user_key ON company_contacts (user_id) WHERE user_id IS NOT NULL;

-- The other companies a contact answers for (a consultant, a group's shared IT).
CREATE TABLE contact_companies (
  contact_id integer NOT NULL REFERENCES company_contacts (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id),
  PRIMARY KEY (contact_id, company_id)
);
CREATE INDEX contact_companies_company_idx ON contact_companies (company_id, contact_id);

CREATE TABLE company_logos (
  company_id integer PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE company_counts (
  kind text NOT NULL,
  status text NOT NULL,
  archived boolean NOT NULL,
  -- 0 stands for "no account manager", so the key has no NULL in it.
  manager_id integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (kind, status, archived, manager_id)
);

CREATE FUNCTION company_counts_add(k text, s text, a boolean, m integer, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO company_counts AS c (kind, status, archived, manager_id, n) VALUES (k, s, a, m, delta)
  ON CONFLICT (kind, status, archived, manager_id) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;

-- Both sides of an update are applied in key order, so two concurrent moves cannot deadlock on them.
CREATE FUNCTION company_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_key record;
  after_key record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT OLD.kind AS k, OLD.status AS s, OLD.archived_at IS NOT NULL AS a,
           COALESCE(OLD.account_manager_id, 0) AS m INTO before_key;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT NEW.kind AS k, NEW.status AS s, NEW.archived_at IS NOT NULL AS a,
           COALESCE(NEW.account_manager_id, 0) AS m INTO after_key;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM company_counts_add(after_key.k, after_key.s, after_key.a, after_key.m, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM company_counts_add(before_key.k, before_key.s, before_key.a, before_key.m, -1);
  ELSIF (before_key.k, before_key.s, before_key.a, before_key.m) < (after_key.k, after_key.s, after_key.a, after_key.m) THEN
    PERFORM company_counts_add(before_key.k, before_key.s, before_key.a, before_key.m, -1);
    PERFORM company_counts_add(after_key.k, after_key.s, after_key.a, after_key.m, 1);
  ELSIF (before_key.k, before_key.s, before_key.a, before_key.m) > (after_key.k, after_key.s, after_key.a, after_key.m) THEN
    PERFORM company_counts_add(after_key.k, after_key.s, after_key.a, after_key.m, 1);
    PERFORM company_counts_add(before_key.k, before_key.s, before_key.a, before_key.m, -1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER companies_counts
AFTER INSERT OR DELETE OR UPDATE OF kind, status, archived_at, account_manager_id ON companies
FOR EACH ROW EXECUTE FUNCTION company_counts_apply();

-- TRUNCATE fires no row triggers.
CREATE FUNCTION company_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM company_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER companies_counts_truncate AFTER TRUNCATE ON companies
FOR EACH STATEMENT EXECUTE FUNCTION company_counts_clear();

INSERT INTO company_counts (kind, status, archived, manager_id, n)
SELECT kind, status, archived_at IS NOT NULL, COALESCE(account_manager_id, 0), count(*)
  FROM companies GROUP BY 1, 2, 3, 4;
`,
};
