import type { Migration } from '../../../db/migration';

/**
 * What keeps every first page of the companies list within its budget at 20,000 companies (bench/companies-list):
 * - `name_key`, the folded name stored, so the name order reads an index and a search sorts stored text;
 * - `open_tickets`, its chamados not resolved or closed, kept by a trigger on tickets, so the list shows and
 *   sorts by them without counting per page (a chamado moved between companies updates the lower id first);
 * - `ufs`, the distinct UFs of its branches, kept by a trigger on branches, and `company_uf_counts`, the
 *   companies per UF and (kind, status, archived, manager) kept by a trigger on companies (a company counts once
 *   in each of its UFs), so the UF filter reads an array and its total is a sum, like company_counts's.
 */
export const migration011CompanyList: Migration = {
  id: '011-company-list',
  sql: /* sql */ `
ALTER TABLE companies
  ADD COLUMN name_key text GENERATED ALWAYS AS (farol_fold(name)) STORED,
  ADD COLUMN ufs text[] NOT NULL DEFAULT '{}',
  ADD COLUMN open_tickets integer NOT NULL DEFAULT 0;

DROP INDEX companies_fold_name_idx;
DROP INDEX companies_manager_name_idx;
DROP INDEX branches_uf_company_idx;
CREATE INDEX companies_name_key_idx ON companies (name_key, id);
CREATE INDEX companies_manager_name_idx ON companies (account_manager_id, name_key, id)
  WHERE account_manager_id IS NOT NULL;
CREATE INDEX companies_ufs_idx ON companies USING gin (ufs);
CREATE INDEX companies_open_tickets_idx ON companies (open_tickets, id);

UPDATE companies c SET open_tickets = t.n
  FROM (SELECT company_id, count(*)::int AS n FROM tickets
         WHERE status IN ('aberto', 'em andamento', 'aguardando cliente') GROUP BY company_id) t
 WHERE t.company_id = c.id;
UPDATE companies c SET ufs = ARRAY(SELECT DISTINCT b.uf FROM branches b WHERE b.company_id = c.id
                                     AND b.uf IS NOT NULL ORDER BY b.uf);

CREATE FUNCTION company_open_tickets_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean := TG_OP <> 'INSERT' AND OLD.status IN ('aberto', 'em andamento', 'aguardando cliente');
  is_open boolean := TG_OP <> 'DELETE' AND NEW.status IN ('aberto', 'em andamento', 'aguardando cliente');
BEGIN
  IF TG_OP = 'UPDATE' AND was_open = is_open AND OLD.company_id = NEW.company_id THEN
    RETURN NULL;
  END IF;
  IF was_open AND is_open AND OLD.company_id > NEW.company_id THEN
    UPDATE companies SET open_tickets = open_tickets + 1 WHERE id = NEW.company_id;
    UPDATE companies SET open_tickets = open_tickets - 1 WHERE id = OLD.company_id;
    RETURN NULL;
  END IF;
  IF was_open THEN
    UPDATE companies SET open_tickets = open_tickets - 1 WHERE id = OLD.company_id;
  END IF;
  IF is_open THEN
    UPDATE companies SET open_tickets = open_tickets + 1 WHERE id = NEW.company_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_company_open
AFTER INSERT OR DELETE OR UPDATE OF status, company_id ON tickets
FOR EACH ROW EXECUTE FUNCTION company_open_tickets_apply();

-- TRUNCATE fires no row triggers.
CREATE FUNCTION company_open_tickets_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET open_tickets = 0 WHERE open_tickets <> 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_company_open_truncate AFTER TRUNCATE ON tickets
FOR EACH STATEMENT EXECUTE FUNCTION company_open_tickets_clear();

CREATE TABLE company_uf_counts (
  uf text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  archived boolean NOT NULL,
  -- 0 stands for "no account manager".
  manager_id integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (uf, kind, status, archived, manager_id)
);

INSERT INTO company_uf_counts (uf, kind, status, archived, manager_id, n)
SELECT u.uf, c.kind, c.status, c.archived_at IS NOT NULL, COALESCE(c.account_manager_id, 0), count(*)
  FROM companies c, unnest(c.ufs) AS u (uf) GROUP BY 1, 2, 3, 4, 5;

CREATE FUNCTION company_uf_counts_add(ufs text[], k text, s text, a boolean, m integer, delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO company_uf_counts AS c (uf, kind, status, archived, manager_id, n)
  SELECT u, k, s, a, m, delta FROM unnest(ufs) AS u ORDER BY u
  ON CONFLICT (uf, kind, status, archived, manager_id) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;

CREATE FUNCTION company_uf_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM company_uf_counts_add(OLD.ufs, OLD.kind, OLD.status, OLD.archived_at IS NOT NULL,
      COALESCE(OLD.account_manager_id, 0), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM company_uf_counts_add(NEW.ufs, NEW.kind, NEW.status, NEW.archived_at IS NOT NULL,
      COALESCE(NEW.account_manager_id, 0), 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER companies_uf_counts
AFTER INSERT OR DELETE OR UPDATE OF kind, status, archived_at, account_manager_id, ufs ON companies
FOR EACH ROW EXECUTE FUNCTION company_uf_counts_apply();

CREATE FUNCTION company_uf_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM company_uf_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER companies_uf_counts_truncate AFTER TRUNCATE ON companies
FOR EACH STATEMENT EXECUTE FUNCTION company_uf_counts_clear();

CREATE FUNCTION company_ufs_refresh(company integer) RETURNS void LANGUAGE sql AS $$
  UPDATE companies c SET ufs = u.ufs
    FROM (SELECT ARRAY(SELECT DISTINCT b.uf FROM branches b WHERE b.company_id = company AND b.uf IS NOT NULL
                        ORDER BY b.uf) AS ufs) u
   WHERE c.id = company AND c.ufs IS DISTINCT FROM u.ufs;
$$;

CREATE FUNCTION branches_ufs_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM company_ufs_refresh(OLD.company_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.company_id <> OLD.company_id) THEN
    PERFORM company_ufs_refresh(NEW.company_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER branches_ufs
AFTER INSERT OR DELETE OR UPDATE OF uf, company_id ON branches
FOR EACH ROW EXECUTE FUNCTION branches_ufs_apply();
`,
};
