import type { Migration } from '../../../db/migration';

/**
 * The vault list's JSON kept on each item (issue 14's list budget): building 25 items' JSON in the database
 * cost ~2 ms a page in PGlite (a JSON key costs a type lookup and an output call per row), more than finding
 * them. `vault_items.list_json` holds the item as the list shows it — a PasswordItem without its closing brace
 * and without what depends on who asks or on the clock (`access`, `break_glass`, `rotation_state`), which the
 * list appends per request. Triggers keep it: the item's own insert and updates (it runs after
 * `vault_items_due`, names run in order), and the names and rules it copies — a company's or branch's name, a
 * folder's name, rules and rotation period, the owner's name. It holds no secret: only the names of the secret
 * fields, as the list always showed.
 *
 * Also: the trigram and tag indexes lose their pending list (PGlite runs no autovacuum, so a list filled by an
 * import would be scanned by every search until something merged it).
 */
export const migration038VaultListJson: Migration = {
  id: '038-vault-list-json',
  sql: /* sql */ `
ALTER TABLE vault_items ADD COLUMN list_json text;

CREATE FUNCTION farol_vault_iso(value timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');

CREATE FUNCTION farol_vault_item_json(i vault_items) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  c_name text;
  b_name text;
  f record;
  o_name text;
  rotate integer;
BEGIN
  SELECT name INTO c_name FROM companies WHERE id = i.company_id;
  SELECT name INTO b_name FROM branches WHERE id = i.branch_id;
  SELECT name, require_reason, rotate_every_days INTO f FROM vault_folders WHERE id = i.folder_id;
  SELECT nullif(trim(first_name || ' ' || last_name), '') INTO o_name FROM users WHERE id = i.owner_id;
  rotate := coalesce(i.rotate_every_days, f.rotate_every_days);
  RETURN left(json_build_object(
    'id', i.id, 'kind', i.kind, 'name', i.name, 'url', i.url, 'username', i.username,
    'description', i.description, 'tags', coalesce(to_json(i.tags), '[]'),
    'company', CASE WHEN i.company_id IS NOT NULL THEN json_build_object('id', i.company_id, 'name', coalesce(c_name, '')) END,
    'branch', CASE WHEN i.branch_id IS NOT NULL THEN json_build_object('id', i.branch_id, 'name', coalesce(b_name, '')) END,
    'folder', CASE WHEN i.folder_id IS NOT NULL THEN json_build_object('id', i.folder_id, 'name', coalesce(f.name, '')) END,
    'secret_fields', coalesce((SELECT json_agg(k ORDER BY k) FROM jsonb_object_keys(i.secrets) k), '[]'),
    'custom', coalesce((SELECT json_agg(json_build_object(
        'key', x.field->'key', 'label', x.field->'label', 'secret', x.field->'secret',
        'value', CASE WHEN coalesce(x.field->'secret', 'false') IN ('false', 'null')
                      THEN coalesce(nullif(x.field->'value', 'null'), '""') END) ORDER BY x.n)
      FROM jsonb_array_elements(i.custom) WITH ORDINALITY x(field, n)), '[]'),
    'sensitive', i.sensitive, 'client_visible', i.client_visible,
    'require_reason', coalesce(f.require_reason, false),
    'rotate_every_days', rotate,
    'rotation_due_at', farol_vault_iso(i.password_changed_at + make_interval(days => rotate)),
    'password_changed_at', farol_vault_iso(i.password_changed_at),
    'version', i.version,
    'owner', CASE WHEN i.owner_id IS NOT NULL THEN json_build_object('id', i.owner_id, 'name', coalesce(o_name, '')) END,
    'created_at', farol_vault_iso(i.created_at), 'updated_at', farol_vault_iso(i.updated_at)
  )::text, -1);
END
$$;

CREATE FUNCTION farol_vault_item_list_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := farol_vault_item_json(NEW);
  RETURN NEW;
END
$$;

-- Named after vault_items_due, so it runs after it (a row's BEFORE triggers run in name order).
CREATE TRIGGER vault_items_list_json BEFORE INSERT OR UPDATE ON vault_items
FOR EACH ROW EXECUTE FUNCTION farol_vault_item_list_json();

-- What an item copies from other rows: an update of the item itself makes the trigger above rebuild it.
CREATE FUNCTION farol_vault_list_json_of_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vault_items SET list_json = NULL WHERE company_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER vault_list_json_company AFTER UPDATE OF name ON companies
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION farol_vault_list_json_of_company();

CREATE FUNCTION farol_vault_list_json_of_branch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vault_items SET list_json = NULL WHERE branch_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER vault_list_json_branch AFTER UPDATE OF name ON branches
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION farol_vault_list_json_of_branch();

CREATE FUNCTION farol_vault_list_json_of_folder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vault_items SET list_json = NULL WHERE folder_id = NEW.id;
  RETURN NULL;
END
$$;
-- Named after vault_folders_due (AFTER triggers also run in name order): the due dates first.
CREATE TRIGGER vault_folders_list_json AFTER UPDATE OF name, require_reason, rotate_every_days ON vault_folders
FOR EACH ROW WHEN ((OLD.name, OLD.require_reason, OLD.rotate_every_days)
                   IS DISTINCT FROM (NEW.name, NEW.require_reason, NEW.rotate_every_days))
EXECUTE FUNCTION farol_vault_list_json_of_folder();

CREATE FUNCTION farol_vault_list_json_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vault_items SET list_json = NULL WHERE owner_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER vault_list_json_owner AFTER UPDATE OF first_name, last_name ON users
FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.first_name, NEW.last_name))
EXECUTE FUNCTION farol_vault_list_json_of_owner();

CREATE INDEX vault_items_owner_idx ON vault_items (owner_id) WHERE owner_id IS NOT NULL;
CREATE INDEX vault_items_branch_idx ON vault_items (branch_id) WHERE branch_id IS NOT NULL;

UPDATE vault_items SET list_json = NULL;

ALTER INDEX vault_items_search_trgm_idx SET (fastupdate = off);
ALTER INDEX vault_items_tags_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('vault_items_search_trgm_idx'::regclass);
SELECT gin_clean_pending_list('vault_items_tags_idx'::regclass);
`,
};
