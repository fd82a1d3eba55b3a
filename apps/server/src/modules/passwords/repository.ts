import {
  CUSTOM_FIELD_PREFIX,
  rotationStateOf,
  type PasswordCustomField,
  type PasswordItem,
  type PasswordKind,
  type PasswordListQuery,
  type VaultFolder,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { accessSql, folderAccessSql, levelOfRank, scopeSql, type VaultViewer } from './access';

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

/** One page of the items the viewer reaches, filtered and searched (accents and case ignored). */
export const listItems = async (db: Database, viewer: VaultViewer, query: ParsedListQuery) => {
  const params: unknown[] = [];
  const access = accessSql(viewer, params);
  const where = ['i.archived_at IS NULL', scopeSql(viewer.scope, params, 'i.company_id')];
  if (query.q) {
    params.push(query.q);
    where.push(`i.search_text LIKE '%' || farol_fold($${params.length}) || '%'`);
  }
  if (query.kind) {
    params.push(query.kind);
    where.push(`i.kind = $${params.length}`);
  }
  if (query.company_id === 'internal') where.push('i.company_id IS NULL');
  else if (query.company_id !== undefined) {
    params.push(query.company_id);
    where.push(`i.company_id = $${params.length}`);
  }
  if (query.folder_id !== undefined) {
    params.push(query.folder_id);
    where.push(`i.folder_id = $${params.length}`);
  }
  if (query.tag) {
    params.push([query.tag.toLowerCase()]);
    where.push(`i.tags @> $${params.length}::text[]`);
  }
  const due = `i.password_changed_at + make_interval(days => coalesce(i.rotate_every_days, f.rotate_every_days))`;
  if (query.rotation === 'overdue') where.push(`${due} <= now()`);
  if (query.rotation === 'due') where.push(`${due} <= now() + interval '7 days'`);
  params.push(query.limit, (query.page - 1) * query.limit);
  const { rows } = await db.query<ItemRow & { total: number }>(
    `WITH ${access.with},
     reached AS (
       SELECT i.id, i.name, ${access.rank} AS rank, ${access.breakGlass} AS break_glass
         FROM vault_items i
         LEFT JOIN vault_folders f ON f.id = i.folder_id
         ${access.joins}
        WHERE ${where.join(' AND ')}),
     visible AS (SELECT * FROM reached WHERE rank >= 0),
     page AS (SELECT * FROM visible ORDER BY lower(name), id LIMIT $${params.length - 1} OFFSET $${params.length})
     SELECT ${ITEM_COLUMNS}, page.rank, page.break_glass, (SELECT count(*) FROM visible) AS total
       FROM page JOIN vault_items i ON i.id = page.id
       ${ITEM_JOINS}
      ORDER BY lower(i.name), i.id`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const count = await db.query<{ total: number }>(
      `WITH ${access.with} SELECT count(*) AS total FROM vault_items i
         LEFT JOIN vault_folders f ON f.id = i.folder_id ${access.joins}
        WHERE ${where.join(' AND ')} AND ${access.rank} >= 0`,
      params.slice(0, -2),
    );
    total = count.rows[0]?.total ?? 0;
  }
  const now = new Date();
  return { items: rows.map((row) => toItem(row, now)), total: Number(total) };
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
