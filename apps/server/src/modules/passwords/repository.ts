import { createHash } from 'node:crypto';
import {
  CUSTOM_FIELD_PREFIX,
  PASSWORD_KINDS,
  VAULT_ACCESS_LEVELS,
  ROTATION_WARNING_DAYS,
  rotationStateOf,
  type PasswordCustomField,
  type PasswordItem,
  type PasswordKind,
  type PasswordListQuery,
  type VaultFolder,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { escapeLike, preparedText } from '../../db/sql';
import { accessSql, folderAccessSql, levelOfRank, rankOf, scopeSql, type VaultViewer } from './access';

const LEVELS_SQL = `ARRAY[${VAULT_ACCESS_LEVELS.map((level) => `'${level}'`).join(', ')}]`;

/** A custom field as stored: a secret one keeps its value in `secrets` under `custom:<key>`. */
export interface StoredCustomField {
  key: string;
  label: string;
  secret: boolean;
  value: string | null;
}

export interface ItemRow {
  id: number;
  kind: PasswordKind;
  name: string;
  url: string | null;
  username: string | null;
  description: string | null;
  tags: string[];
  company_id: number | null;
  company_name: string | null;
  branch_id: number | null;
  branch_name: string | null;
  folder_id: number | null;
  folder_name: string | null;
  require_reason: boolean;
  custom: StoredCustomField[];
  secret_fields: string[];
  sensitive: boolean;
  client_visible: boolean;
  rotate_every_days: number | null;
  rotation_due_at: string | null;
  password_changed_at: string;
  version: number;
  owner_id: number | null;
  owner_name: string | null;
  rank: number;
  break_glass: boolean;
  created_at: string;
  updated_at: string;
}

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));
const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : iso(value);

export const ITEM_COLUMNS = `
  i.id, i.kind, i.name, i.url, i.username, i.description, i.tags,
  i.company_id, c.name AS company_name, i.branch_id, b.name AS branch_name,
  i.folder_id, f.name AS folder_name, coalesce(f.require_reason, false) AS require_reason,
  i.custom, ARRAY(SELECT jsonb_object_keys(i.secrets) ORDER BY 1) AS secret_fields,
  i.sensitive, i.client_visible,
  coalesce(i.rotate_every_days, f.rotate_every_days) AS rotate_every_days,
  CASE WHEN coalesce(i.rotate_every_days, f.rotate_every_days) IS NULL THEN NULL
       ELSE i.password_changed_at + make_interval(days => coalesce(i.rotate_every_days, f.rotate_every_days)) END
    AS rotation_due_at,
  i.password_changed_at, i.version, i.owner_id,
  nullif(trim(o.first_name || ' ' || o.last_name), '') AS owner_name,
  i.created_at, i.updated_at`;

export const ITEM_JOINS = `
  LEFT JOIN companies c ON c.id = i.company_id
  LEFT JOIN branches b ON b.id = i.branch_id
  LEFT JOIN vault_folders f ON f.id = i.folder_id
  LEFT JOIN users o ON o.id = i.owner_id`;

export const toItem = (row: ItemRow, now = new Date()): PasswordItem => {
  const due = isoOrNull(row.rotation_due_at);
  const custom: PasswordCustomField[] = (row.custom ?? []).map((field) => ({
    key: field.key,
    label: field.label,
    secret: field.secret,
    value: field.secret ? null : (field.value ?? ''),
  }));
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: row.url,
    username: row.username,
    description: row.description,
    tags: row.tags ?? [],
    company: row.company_id === null ? null : { id: row.company_id, name: row.company_name ?? '' },
    branch: row.branch_id === null ? null : { id: row.branch_id, name: row.branch_name ?? '' },
    folder: row.folder_id === null ? null : { id: row.folder_id, name: row.folder_name ?? '' },
    secret_fields: row.secret_fields ?? [],
    custom,
    sensitive: row.sensitive,
    client_visible: row.client_visible,
    require_reason: row.require_reason,
    rotate_every_days: row.rotate_every_days,
    rotation_due_at: due,
    rotation_state: rotationStateOf(due, now),
    password_changed_at: iso(row.password_changed_at),
    version: row.version,
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    access: levelOfRank(row.rank),
    break_glass: row.break_glass,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
};

export type ParsedListQuery = Omit<PasswordListQuery, 'page' | 'limit' | 'folder_id' | 'company_id'> & {
  page: number;
  limit: number;
  folder_id?: number | undefined;
  company_id?: number | 'internal' | undefined;
};

/**
 * One page of the items the viewer reaches, filtered and searched (accents and case ignored), as the
 * PasswordList JSON the route sends as it is — ONE prepared statement, one call into the database:
 * - the grants (few rows: a grant is made by hand) are read inside it (`g`), with the viewer's best level on
 *   each folder and item (their own grants and their role's, read from `users`), and turned once into four id
 *   arrays (`sets`): folders and items with grants, and those where one is the viewer's. An item is left out
 *   when it or its folder has grants and none is the viewer's (admins: never; they see the metadata and reveal
 *   by quebra-vidro). Nothing is cached: a grant given or taken is in the next page;
 * - the page walks the name index (or, for a search, a tag or a rotation filter, the matches found through
 *   the trigram, tag or due-date index) and stops at the page's last row; only its rows get their level and
 *   are built into JSON (in the database: one text value crosses into JavaScript instead of 30 columns a row);
 * - `total` is a sum over `vault_item_counts` when only company, folder and kind filter, less what the grants
 *   leave out (the items of closed folders from the same counts, the few item grants counted); a search, a tag
 *   or a rotation filter counts its matches.
 * Every parameter is an integer or marked text (`preparedText`), so PGlite runs one generic plan per shape of
 * query, never planned again (planning in WebAssembly costs more than running the list).
 */
export const listItemsJson = async (
  db: Database,
  viewer: VaultViewer,
  query: ParsedListQuery,
): Promise<string> => {
  const params: unknown[] = [viewer.id];
  const where = ['i.archived_at IS NULL', scopeSql(viewer.scope, params, 'i.company_id')];
  const countable = !query.q && !query.tag && !query.rotation;
  // Only a total summed from the counts reads them (an unused parameter has no type: PostgreSQL refuses it).
  const counted = countable ? [scopeSql(viewer.scope, params, 'k.company_id')] : [];
  if (query.kind) {
    // A validated enum, written as a literal (no quote can occur in one).
    const kind = `'${PASSWORD_KINDS[PASSWORD_KINDS.indexOf(query.kind)]}'`;
    where.push(`i.kind = ${kind}`);
    counted.push(`k.kind = ${kind}`);
  }
  if (query.company_id === 'internal') {
    where.push('i.company_id IS NULL');
    counted.push('k.company_id IS NULL');
  } else if (query.company_id !== undefined) {
    params.push(query.company_id);
    where.push(`i.company_id = $${params.length}`);
    counted.push(`k.company_id = $${params.length}`);
  }
  if (query.folder_id !== undefined) {
    params.push(query.folder_id);
    where.push(`i.folder_id = $${params.length}`);
    counted.push(`k.folder_id = $${params.length}`);
  }
  if (query.q) {
    params.push(preparedText(escapeLike(query.q)));
    // A scalar subquery: the pattern is made once (an init plan), not for every row the index returns.
    where.push(`i.search_text LIKE (SELECT '%' || farol_fold($${params.length}::text) || '%')`);
  }
  if (query.tag) {
    params.push(preparedText(query.tag.toLowerCase()));
    where.push(`i.tags @> (SELECT ARRAY[$${params.length}::text])`);
  }
  if (query.rotation === 'overdue') where.push('i.rotation_due_at <= now()');
  if (query.rotation === 'due') where.push(`i.rotation_due_at <= now() + interval '7 days'`);
  // Admins are never left out: the arrays are then left out of the filter.
  const restricted = !viewer.admin;
  const [rf, mf, ri, mi] = ['rf', 'mf', 'ri', 'mi'].map((set) => `(SELECT ${set} FROM sets)::int[]`);
  // Left out: the item or its folder has grants, and none of them is the viewer's.
  const reachable = !restricted
    ? 'TRUE'
    : `NOT ((i.id = ANY (${ri}) OR coalesce(i.folder_id = ANY (${rf}), false))
              AND NOT i.id = ANY (${mi}) AND NOT coalesce(i.folder_id = ANY (${mf}), false))`;
  const filtered = where.join(' AND ');
  params.push((query.page - 1) * query.limit);
  const offset = `$${params.length}`;
  // The limit is written into the SQL (a validated 1–100), so the prepared plan is made for a page, not for a
  // tenth of the table (a hash join over every item).
  const limit = Math.trunc(query.limit);
  const ceiling = rankOf(viewer.ceiling);
  const grants = `g AS MATERIALIZED (
      SELECT folder_id, item_id,
             max(array_position(${LEVELS_SQL}, level) - 1)
               FILTER (WHERE user_id = $1 OR lower(role) = (SELECT lower(u.role) FROM users u WHERE u.id = $1)) AS mine
        FROM vault_grants GROUP BY folder_id, item_id),
    sets AS MATERIALIZED (
      SELECT coalesce(array_agg(folder_id) FILTER (WHERE item_id IS NULL), '{}') AS rf,
             coalesce(array_agg(folder_id) FILTER (WHERE item_id IS NULL AND mine IS NOT NULL), '{}') AS mf,
             coalesce(array_agg(item_id) FILTER (WHERE item_id IS NOT NULL), '{}') AS ri,
             coalesce(array_agg(item_id) FILTER (WHERE item_id IS NOT NULL AND mine IS NOT NULL), '{}') AS mi,
             -- The viewer's best level on each of rf and ri, in the same order (-1: none of the grants is theirs).
             coalesce(array_agg(coalesce(mine, -1)) FILTER (WHERE item_id IS NULL), '{}') AS rf_level,
             coalesce(array_agg(coalesce(mine, -1)) FILTER (WHERE item_id IS NOT NULL), '{}') AS ri_level
        FROM g)`;
  let pageSql: string;
  let total: string;
  if (!countable) {
    // A search, a tag or a rotation filter: its matches are read once (through their index), counted and the
    // page taken from them.
    pageSql = `matched AS MATERIALIZED (
         SELECT i.id, lower(i.name) AS sort_name FROM vault_items i WHERE ${filtered} AND ${reachable}),
       page AS MATERIALIZED (SELECT id, sort_name FROM matched ORDER BY sort_name, id LIMIT ${limit} OFFSET ${offset})`;
    total = '(SELECT count(*) FROM matched)';
  } else {
    const sum = (extra: string) =>
      `(SELECT coalesce(sum(k.n), 0) FROM vault_item_counts k WHERE ${[...counted, extra].join(' AND ')})`;
    total = !restricted
      ? sum('TRUE')
      : `(${sum('TRUE')}
           - ${sum(`k.folder_id = ANY (${rf}) AND NOT k.folder_id = ANY (${mf})`)}
           + (SELECT count(*) FROM vault_items i WHERE ${filtered} AND i.id = ANY (${mi})
                AND i.folder_id = ANY (${rf}) AND NOT i.folder_id = ANY (${mf}))
           - (SELECT count(*) FROM vault_items i WHERE ${filtered} AND i.id = ANY (${ri})
                AND NOT i.id = ANY (${mi}) AND NOT coalesce(i.folder_id = ANY (${rf}), false)))`;
    pageSql = `page AS MATERIALIZED (
         SELECT i.id, lower(i.name) AS sort_name FROM vault_items i WHERE ${filtered} AND ${reachable}
          ORDER BY lower(i.name), i.id LIMIT ${limit} OFFSET ${offset})`;
  }
  // The viewer's level on a row (rankFromGrants in SQL): the ceiling without grants, else their best grant
  // under the ceiling; an admin outside every grant sees the metadata (rank 0) by quebra-vidro. `own` and
  // `folder` are the viewer's best level from the item's and its folder's grants (-1: none theirs; null: none).
  const levels = `(SELECT ri_level FROM sets)[array_position((SELECT ri FROM sets), i.id)] AS own,
                  (SELECT rf_level FROM sets)[array_position((SELECT rf FROM sets), i.folder_id)] AS folder`;
  const granted = 'greatest(lv.own, lv.folder)';
  const hasGrants = '(lv.own IS NOT NULL OR lv.folder IS NOT NULL)';
  const rank = `CASE WHEN NOT ${hasGrants} THEN ${ceiling}
                     WHEN ${granted} < 0 THEN ${viewer.admin ? 0 : -1}
                     ELSE least(${granted}, ${ceiling}) END`;
  // Each row is its kept JSON (migration 038) and what depends on the viewer and the clock.
  const state = `CASE WHEN i.rotation_due_at IS NULL THEN 'null'
                      WHEN i.rotation_due_at <= now() THEN '"vencida"'
                      WHEN i.rotation_due_at <= now() + interval '${ROTATION_WARNING_DAYS} days' THEN '"a_vencer"'
                      ELSE '"em_dia"' END`;
  const breakGlass = viewer.admin ? `${hasGrants} AND ${granted} < 0` : 'false';
  const row = `i.list_json || ', "rotation_state" : ' || ${state}
      || ', "access" : ' || coalesce('"' || (${LEVELS_SQL})[(${rank}) + 1] || '"', 'null')
      || ', "break_glass" : ' || (${breakGlass})::text || '}'`;
  const sql = `WITH ${grants}, ${pageSql}
    SELECT '{"items" : [' || coalesce((SELECT string_agg(${row}, ', ' ORDER BY page.sort_name, page.id)
        FROM page JOIN vault_items i ON i.id = page.id CROSS JOIN LATERAL (SELECT ${levels}) lv), '')
      || '], "total" : ' || ${total} || '}' AS body`;
  const { rows } = await db.prepared<{ body: string }>(
    `vault_list_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
    sql,
    params,
  );
  return rows[0]!.body;
};

/** The same page as objects (the company figures read its total; tests read its items). */
export const listItems = async (
  db: Database,
  viewer: VaultViewer,
  query: ParsedListQuery,
): Promise<{ items: PasswordItem[]; total: number }> =>
  JSON.parse(await listItemsJson(db, viewer, query)) as { items: PasswordItem[]; total: number };

/** An item's rank for the viewer from its grants: whether it (or its folder) has any, and the viewer's best. */
export const rankFromGrants = (viewer: VaultViewer, granted: boolean, mine: number | null) => {
  const ceiling = rankOf(viewer.ceiling);
  if (!granted) return { rank: ceiling, break_glass: false };
  if (mine !== null && mine >= 0) return { rank: Math.min(mine, ceiling), break_glass: false };
  return { rank: viewer.admin ? 0 : -1, break_glass: viewer.admin };
};

/** What a path to a secret needs of an item (reveal, copy, TOTP code), and nothing else. */
export interface SecretRow {
  id: number;
  name: string;
  company_id: number | null;
  version: number;
  secrets: Record<string, string>;
  sensitive: boolean;
  require_reason: boolean;
  /** Whether the viewer typed their password again in the last `reconfirmMs`. */
  confirmed: boolean;
  rank: number;
  break_glass: boolean;
}

/**
 * The item a reveal opens, with the viewer's level and their last confirmation, in one prepared statement
 * (integers only): the reveal's hot path, planned once.
 */
export const loadSecretRow = async (
  db: Database,
  viewer: VaultViewer,
  id: number,
  reconfirmMs: number,
): Promise<SecretRow | null> => {
  const params: unknown[] = [id, viewer.id, Math.trunc(reconfirmMs)];
  const scope = scopeSql(viewer.scope, params, 'i.company_id');
  const sql = `SELECT i.id, i.name, i.company_id, i.version, i.secrets, i.sensitive,
            coalesce(f.require_reason, false) AS require_reason,
            coalesce((SELECT c.confirmed_at > now() - make_interval(secs => $3::double precision / 1000)
                        FROM vault_confirmations c WHERE c.user_id = $2), false) AS confirmed,
            g.granted, g.mine
       FROM vault_items i
       LEFT JOIN vault_folders f ON f.id = i.folder_id
       CROSS JOIN LATERAL (
         SELECT count(*) > 0 AS granted,
                max(array_position(${LEVELS_SQL}, g.level) - 1)
                  FILTER (WHERE g.user_id = $2 OR lower(g.role) = (SELECT lower(u.role) FROM users u WHERE u.id = $2)) AS mine
           FROM vault_grants g
          WHERE g.item_id = i.id OR (g.item_id IS NULL AND g.folder_id = i.folder_id)) g
      WHERE i.id = $1 AND i.archived_at IS NULL AND ${scope}`;
  const { rows } = await db.prepared<
    Omit<SecretRow, 'rank' | 'break_glass'> & { granted: boolean; mine: number | null }
  >(`vault_secret_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, sql, params);
  const row = rows[0];
  if (!row) return null;
  const { granted, mine, ...item } = row;
  const access = rankFromGrants(viewer, granted, mine);
  return access.rank < 0 ? null : { ...item, ...access };
};

/** One item the viewer reaches (archived ones left out unless asked), with its level; null otherwise. */
export const loadItem = async (
  db: Database,
  viewer: VaultViewer,
  id: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<(ItemRow & { secrets: Record<string, string> }) | null> => {
  const params: unknown[] = [id];
  const access = accessSql(viewer, params);
  const scope = scopeSql(viewer.scope, params, 'i.company_id');
  const { rows } = await db.query<ItemRow & { secrets: Record<string, string> }>(
    `WITH ${access.with}
     SELECT ${ITEM_COLUMNS}, i.secrets, ${access.rank} AS rank, ${access.breakGlass} AS break_glass
       FROM vault_items i ${ITEM_JOINS} ${access.joins}
      WHERE i.id = $1 AND i.archived_at IS NULL AND ${scope}
      ${forUpdate ? 'FOR UPDATE OF i' : ''}`,
    params,
  );
  const row = rows[0];
  return row && row.rank >= 0 ? row : null;
};

interface FolderRow {
  id: number;
  name: string;
  company_id: number | null;
  company_name: string | null;
  require_reason: boolean;
  rotate_every_days: number | null;
  item_count: number;
  rank: number;
}

const toFolder = (row: FolderRow): VaultFolder => ({
  id: row.id,
  name: row.name,
  company: row.company_id === null ? null : { id: row.company_id, name: row.company_name ?? '' },
  require_reason: row.require_reason,
  rotate_every_days: row.rotate_every_days,
  item_count: Number(row.item_count),
  access: levelOfRank(row.rank),
});

export const listFolders = async (
  db: Database,
  viewer: VaultViewer,
  folderId?: number,
): Promise<VaultFolder[]> => {
  const params: unknown[] = [];
  const rank = folderAccessSql(viewer, params);
  const scope = scopeSql(viewer.scope, params, 'f.company_id');
  let only = '';
  if (folderId !== undefined) {
    params.push(folderId);
    only = `AND f.id = $${params.length}`;
  }
  const { rows } = await db.query<FolderRow>(
    `SELECT * FROM (
       SELECT f.id, f.name, f.company_id, c.name AS company_name, f.require_reason, f.rotate_every_days,
              (SELECT count(*) FROM vault_items i WHERE i.folder_id = f.id AND i.archived_at IS NULL) AS item_count,
              ${rank} AS rank
         FROM vault_folders f LEFT JOIN companies c ON c.id = f.company_id
        WHERE f.archived_at IS NULL AND ${scope} ${only}) folders
      WHERE rank >= 0
      ORDER BY company_name NULLS FIRST, lower(name)`,
    params,
  );
  return rows.map(toFolder);
};

export const customSecretField = (key: string) => `${CUSTOM_FIELD_PREFIX}${key}`;

export { iso, isoOrNull };
