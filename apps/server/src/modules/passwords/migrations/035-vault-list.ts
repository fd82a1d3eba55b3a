import type { Migration } from '../../../db/migration';

/**
 * What keeps the vault's list within its budget at 10,000 items (issue 14):
 * - `vault_item_counts`, kept by triggers, holds how many live items share each (company, folder, kind): the
 *   list's `total` for filters on those columns is a sum over a few rows, less the items the viewer's grants
 *   leave out (counted through the grants, which are few), instead of a count over every item.
 * - `vault_items.rotation_due_at`, kept by triggers (the item's own period, else its folder's), with an index:
 *   the due and overdue filters read only the items with a due date in range.
 * - `farol_text_of(int[])`: a text given as its code points. PGlite runs a prepared statement (one generic
 *   plan, no planning per request) only when every parameter is an integer or an array of them, so the list
 *   sends a search or a tag that way; planning the list anew on each search cost more than running it.
 */
export const migration035VaultList: Migration = {
  id: '035-vault-list',
  sql: /* sql */ `
CREATE TABLE vault_item_counts (
  company_id integer,
  folder_id integer,
  kind text NOT NULL,
  n integer NOT NULL,
  UNIQUE NULLS NOT DISTINCT (company_id, folder_id, kind)
);

CREATE FUNCTION farol_vault_counts_add(c integer, f integer, k text, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO vault_item_counts AS x (company_id, folder_id, kind, n) VALUES (c, f, k, delta)
  ON CONFLICT (company_id, folder_id, kind) DO UPDATE SET n = x.n + EXCLUDED.n;
$$;

CREATE FUNCTION farol_vault_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.archived_at IS NULL THEN
    PERFORM farol_vault_counts_add(OLD.company_id, OLD.folder_id, OLD.kind, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.archived_at IS NULL THEN
    PERFORM farol_vault_counts_add(NEW.company_id, NEW.folder_id, NEW.kind, 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER vault_items_counts
AFTER INSERT OR DELETE OR UPDATE OF company_id, folder_id, kind, archived_at ON vault_items
FOR EACH ROW EXECUTE FUNCTION farol_vault_counts_apply();

-- TRUNCATE fires no row triggers.
CREATE FUNCTION farol_vault_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vault_item_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER vault_items_counts_truncate AFTER TRUNCATE ON vault_items
FOR EACH STATEMENT EXECUTE FUNCTION farol_vault_counts_clear();

INSERT INTO vault_item_counts (company_id, folder_id, kind, n)
SELECT company_id, folder_id, kind, count(*) FROM vault_items WHERE archived_at IS NULL GROUP BY 1, 2, 3;

ALTER TABLE vault_items ADD COLUMN rotation_due_at timestamptz;

CREATE FUNCTION farol_vault_item_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rotation_due_at := NEW.password_changed_at + make_interval(days => coalesce(NEW.rotate_every_days,
    (SELECT f.rotate_every_days FROM vault_folders f WHERE f.id = NEW.folder_id)));
  RETURN NEW;
END
$$;

CREATE TRIGGER vault_items_due
BEFORE INSERT OR UPDATE OF rotate_every_days, password_changed_at, folder_id ON vault_items
FOR EACH ROW EXECUTE FUNCTION farol_vault_item_due();

CREATE FUNCTION farol_vault_folder_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vault_items SET rotation_due_at = password_changed_at + make_interval(days => NEW.rotate_every_days)
   WHERE folder_id = NEW.id AND rotate_every_days IS NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER vault_folders_due
AFTER UPDATE OF rotate_every_days ON vault_folders
FOR EACH ROW WHEN (OLD.rotate_every_days IS DISTINCT FROM NEW.rotate_every_days)
EXECUTE FUNCTION farol_vault_folder_due();

UPDATE vault_items i SET rotation_due_at = i.password_changed_at
  + make_interval(days => coalesce(i.rotate_every_days, (SELECT f.rotate_every_days FROM vault_folders f WHERE f.id = i.folder_id)));

CREATE FUNCTION farol_text_of(codes integer[]) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (SELECT coalesce(string_agg(chr(c), '' ORDER BY o), '') FROM unnest(codes) WITH ORDINALITY AS u(c, o));

CREATE INDEX vault_items_due_idx ON vault_items (rotation_due_at)
  WHERE archived_at IS NULL AND rotation_due_at IS NOT NULL;
`,
};
