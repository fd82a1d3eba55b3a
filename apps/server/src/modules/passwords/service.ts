import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  PASSWORD_FIELD_LABELS,
  REVEAL_LOG_ACTIONS,
  REVEAL_LOG_EXPORT_MAX,
  VAULT_RECONFIRM_MS,
  VAULT_VERSIONS_KEPT,
  normalizeTotpSeed,
  vaultLevelAtLeast,
  type PasswordItem,
  type PasswordSecretField,
  type PasswordVersion,
  type RevealLog,
  type RevealResult,
  type TotpCode,
  type VaultAccessLevel,
  type VaultFolder,
  type VaultGrantList,
  type createFolderSchema,
  type createPasswordSchema,
  type revealLogFiltersSchema,
  type revealLogQuerySchema,
  type revealRequestSchema,
  type setGrantsSchema,
  type totpRequestSchema,
  type updateFolderSchema,
  type updatePasswordSchema,
} from '@farol/data/contract';
import { verifyPassword } from '../../auth/password';
import type { Database } from '../../db/database';
import { httpError, notFound } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import type { Notify } from '../../shared/notify';
import { VaultIntegrityError } from '../../vault/envelope';
import { totpCode } from '../../vault/totp';
import { VaultUnavailableError, type Vault } from '../../vault/vault';
import { rankOf, scopeSql, type VaultViewer } from './access';
import { createRevealLimiter } from './rate-limit';
import { createRevealBatch } from './reveal-batch';
import {
  customSecretField,
  iso,
  listFolders,
  listItems,
  loadItem,
  toItem,
  type ItemRow,
  type ParsedListQuery,
  type SecretRow,
  type StoredCustomField,
} from './repository';

type CreateInput = z.output<typeof createPasswordSchema>;
type UpdateInput = z.output<typeof updatePasswordSchema>;
type RevealInput = z.output<typeof revealRequestSchema>;
type TotpInput = z.output<typeof totpRequestSchema>;
type GrantsInput = z.output<typeof setGrantsSchema>;
type FolderInput = z.output<typeof createFolderSchema>;
type FolderUpdate = z.output<typeof updateFolderSchema>;
type RevealLogQuery = z.output<typeof revealLogQuerySchema>;
type RevealLogFilters = z.output<typeof revealLogFiltersSchema>;

const MODULE = 'passwords';
const TARGET = 'password';

export interface RevealLimit {
  perMinute: number;
}

const vaultClosed = (message: string) => httpError(503, 'vault_unavailable', message);

const usarOnly = () =>
  httpError(
    403,
    'forbidden',
    'Seu acesso a este item é "usar": ele pode ser usado em conexões, mas não revelado.',
  );

const levelTooLow = (needed: VaultAccessLevel) =>
  httpError(
    403,
    'forbidden',
    needed === 'editar'
      ? 'Você não pode editar este item.'
      : needed === 'gerenciar'
        ? 'Só quem gerencia este item pode fazer isso.'
        : 'Seu acesso a este item não permite revelar segredos.',
  );

/** The vault's rules: who may see, use, reveal, edit and share what; every secret path audited. */
export const createPasswordService = ({
  db,
  audit,
  notify,
  vault,
  revealLimit,
  log,
}: {
  db: Database;
  audit: Audit;
  notify: Notify;
  vault: Vault;
  revealLimit: RevealLimit;
  log: { error(obj: object, msg?: string): void };
}) => {
  const limit = createRevealLimiter(revealLimit.perMinute);
  // Reveals and TOTP codes read their item and write their audit row together with the ones beside them.
  const batch = createRevealBatch(db, VAULT_RECONFIRM_MS, (entries) => audit.many(entries));

  const requireVault = () => {
    if (!vault.available) throw vaultClosed(vault.unavailableMessage ?? 'Cofre de senhas indisponível');
  };

  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof VaultUnavailableError) throw vaultClosed(error.message);
      if (error instanceof VaultIntegrityError) {
        log.error({ err: error }, 'vault: a ciphertext failed its integrity check');
        throw httpError(500, 'internal_error', error.message);
      }
      throw error;
    }
  };

  const mustLoadSecret = async (viewer: VaultViewer, id: number) => {
    const row = await batch.loadSecret(viewer, id);
    if (!row) throw notFound('Item do cofre não encontrado');
    return row;
  };

  const mustLoad = async (viewer: VaultViewer, id: number, tx: Database = db, forUpdate = false) => {
    const row = await loadItem(tx, viewer, id, { forUpdate });
    if (!row) throw notFound('Item do cofre não encontrado');
    return row;
  };

  const need = (row: ItemRow, level: VaultAccessLevel) => {
    if (row.break_glass && level !== 'metadados') {
      throw httpError(
        403,
        'forbidden',
        'Este item tem acessos próprios e você não está entre eles. Use o quebra-vidro para revelar.',
      );
    }
    if (!vaultLevelAtLeast(levelOf(row), level)) throw levelTooLow(level);
  };

  const levelOf = (row: { rank: number }): VaultAccessLevel | null =>
    row.rank < 0 ? null : (['metadados', 'usar', 'ver', 'editar', 'gerenciar'] as const)[row.rank]!;

  const place = (row: { id: number; company_id: number | null; version: number }, field: string) => ({
    itemId: row.id,
    companyId: row.company_id,
    field,
    version: row.version,
  });

  /** Every secret of an item opened (for re-sealing under a new version or company). */
  const openAll = async (
    row: { id: number; company_id: number | null; version: number },
    secrets: Record<string, string>,
    tx: Database,
  ) => {
    const open: Record<string, string> = {};
    for (const [field, sealed] of Object.entries(secrets)) {
      open[field] = await vault.open(place(row, field), sealed, tx);
    }
    return open;
  };

  const sealAll = async (
    row: { id: number; company_id: number | null; version: number },
    open: Record<string, string>,
    tx: Database,
  ) => {
    const sealed: Record<string, string> = {};
    for (const [field, value] of Object.entries(open)) {
      sealed[field] = await vault.seal(place(row, field), value, tx);
    }
    return sealed;
  };

  const checkCompanyRefs = async (
    tx: Database,
    viewer: VaultViewer,
    companyId: number | null,
    branchId: number | null,
    folderId: number | null,
    ownerId: number | null,
  ) => {
    if (companyId !== null) {
      const params: unknown[] = [companyId];
      const { rows } = await tx.query(
        `SELECT 1 FROM companies WHERE id = $1 AND ${scopeSql(viewer.scope, params, 'id')}`,
        params,
      );
      if (rows.length === 0)
        throw httpError(400, 'validation_failed', 'Dados inválidos', {
          company_id: 'Empresa não encontrada',
        });
    }
    if (branchId !== null) {
      const { rows } = await tx.query('SELECT 1 FROM branches WHERE id = $1 AND company_id = $2', [
        branchId,
        companyId,
      ]);
      if (rows.length === 0) {
        throw httpError(400, 'validation_failed', 'Dados inválidos', {
          branch_id: 'A filial não é desta empresa',
        });
      }
    }
    if (folderId !== null) {
      const folders = await listFolders(tx, viewer, folderId);
      const folder = folders[0];
      if (!folder)
        throw httpError(400, 'validation_failed', 'Dados inválidos', { folder_id: 'Pasta não encontrada' });
      if ((folder.company?.id ?? null) !== companyId) {
        throw httpError(400, 'validation_failed', 'Dados inválidos', {
          folder_id:
            companyId === null ? 'A pasta é de uma empresa; o item é interno' : 'A pasta não é desta empresa',
        });
      }
      if (!viewer.admin && !vaultLevelAtLeast(folder.access, 'editar')) {
        throw httpError(403, 'forbidden', 'Você não pode guardar itens nesta pasta.');
      }
    }
    if (ownerId !== null) {
      const { rows } = await tx.query(
        "SELECT 1 FROM users WHERE id = $1 AND lower(role) NOT IN ('cliente', 'client')",
        [ownerId],
      );
      if (rows.length === 0)
        throw httpError(400, 'validation_failed', 'Dados inválidos', { owner_id: 'Pessoa não encontrada' });
    }
  };

  /** The secrets of a create or an update, as plain text by field (null: remove). */
  const secretChanges = (
    input: Pick<CreateInput, 'secrets' | 'custom'>,
    storedCustom: StoredCustomField[],
  ): { changes: Record<string, string | null>; custom: StoredCustomField[] | undefined } => {
    const changes: Record<string, string | null> = {};
    for (const [field, value] of Object.entries(input.secrets ?? {})) {
      if (value === undefined) continue;
      if (field === 'totp' && value) changes.totp = normalizeTotpSeed(value);
      else changes[field] = value === '' ? null : value;
    }
    if (!input.custom) return { changes, custom: undefined };
    const custom: StoredCustomField[] = [];
    const seen = new Set<string>();
    for (const field of input.custom) {
      let key = field.key ?? randomBytes(6).toString('hex');
      while (seen.has(key)) key = randomBytes(6).toString('hex');
      seen.add(key);
      if (field.secret) {
        if (field.value !== undefined) changes[customSecretField(key)] = field.value || null;
        custom.push({ key, label: field.label, secret: true, value: null });
      } else {
        custom.push({ key, label: field.label, secret: false, value: field.value ?? '' });
      }
    }
    // Secret custom fields no longer listed are removed.
    for (const old of storedCustom) {
      if (old.secret && !seen.has(old.key)) changes[customSecretField(old.key)] = null;
    }
    return { changes, custom };
  };

  const breakGlassAlert = async (
    viewer: VaultViewer,
    row: Pick<SecretRow, 'id' | 'name'>,
    reason: string,
  ) => {
    const { rows } = await db.query<{ id: number; name: string }>(
      `SELECT u.id, (SELECT nullif(trim(first_name || ' ' || last_name), '') FROM users WHERE id = $1) AS name
         FROM users u WHERE lower(u.role) = 'admin' AND u.id <> $1`,
      [viewer.id],
    );
    for (const admin of rows) {
      try {
        await notify(admin.id, {
          type: 'password',
          title: 'Quebra-vidro no cofre',
          message: `${admin.name ?? 'Um administrador'} usou o quebra-vidro em "${row.name}": ${reason}`,
          link: `/passwords/${row.id}`,
          severity: 'warning',
        });
      } catch (err) {
        log.error({ err, userId: admin.id }, 'vault: break-glass notification failed');
      }
    }
  };

  /** The checks every path to a secret shares; answers whether it is a quebra-vidro. */
  const admitSecret = async (
    viewer: VaultViewer,
    row: SecretRow,
    needed: VaultAccessLevel,
    input: {
      reason?: string | null | undefined;
      ticket_id?: number | null | undefined;
      break_glass?: boolean | undefined;
    },
  ): Promise<boolean> => {
    let breakGlass = false;
    if (row.break_glass) {
      if (!input.break_glass) {
        throw httpError(
          403,
          'break_glass_required',
          'Este item tem acessos próprios e você não está entre eles. Use o quebra-vidro (com motivo) para revelar.',
        );
      }
      if (!input.reason) {
        throw httpError(400, 'validation_failed', 'Dados inválidos', {
          reason: 'Informe o motivo do quebra-vidro',
        });
      }
      breakGlass = true;
    } else if (!vaultLevelAtLeast(levelOf(row), needed)) {
      throw levelOf(row) === 'usar' ? usarOnly() : levelTooLow(needed);
    }
    if (row.require_reason && !input.reason && !input.ticket_id) {
      throw httpError(400, 'validation_failed', 'Dados inválidos', {
        reason: 'Esta pasta pede um motivo ou um chamado para revelar',
      });
    }
    if (input.ticket_id) {
      const { rows } = await db.query('SELECT 1 FROM tickets WHERE id = $1', [input.ticket_id]);
      if (rows.length === 0)
        throw httpError(400, 'validation_failed', 'Dados inválidos', { ticket_id: 'Chamado não encontrado' });
    }
    if (row.sensitive && !row.confirmed) {
      throw httpError(403, 'reconfirm_required', 'Item sensível: confirme sua senha para continuar.');
    }
    return breakGlass;
  };

  const snapshotOf = (row: ItemRow) => ({
    kind: row.kind,
    name: row.name,
    url: row.url,
    username: row.username,
    description: row.description,
    tags: row.tags,
    custom: row.custom,
    company_id: row.company_id,
  });

  /** Keeps the item's current state as a version, and only the last VAULT_VERSIONS_KEPT. */
  const keepVersion = async (
    tx: Database,
    row: ItemRow & { secrets: Record<string, string> },
    by: number | null,
  ) => {
    await tx.query(
      `INSERT INTO vault_item_versions (item_id, version, snapshot, secrets, changed_by)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (item_id, version) DO NOTHING`,
      [row.id, row.version, JSON.stringify(snapshotOf(row)), JSON.stringify(row.secrets), by],
    );
    await tx.query(
      `DELETE FROM vault_item_versions WHERE item_id = $1 AND version NOT IN (
         SELECT version FROM vault_item_versions WHERE item_id = $1 ORDER BY version DESC LIMIT $2)`,
      [row.id, VAULT_VERSIONS_KEPT],
    );
  };

  const reload = async (viewer: VaultViewer, id: number, tx: Database): Promise<PasswordItem> =>
    toItem(await mustLoad(viewer, id, tx));

  const folderName = async (tx: Database, folderId: number) => {
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM vault_folders WHERE id = $1', [
      folderId,
    ]);
    return rows[0]?.name ?? '';
  };

  /** An item's grants, with its folder's (which reach it too); a folder's own. */
  const readGrants = async (target: { itemId: number } | { folderId: number }): Promise<VaultGrantList> => {
    const own = await readOwnGrants(target);
    if (!('itemId' in target)) return own;
    const { rows } = await db.query<{ id: number; name: string }>(
      `SELECT f.id, f.name FROM vault_items i JOIN vault_folders f ON f.id = i.folder_id WHERE i.id = $1`,
      [target.itemId],
    );
    const folder = rows[0];
    if (!folder) return { ...own, inherited: null };
    const { grants } = await readOwnGrants({ folderId: folder.id });
    return { ...own, inherited: { folder, grants } };
  };

  const readOwnGrants = async (
    target: { itemId: number } | { folderId: number },
  ): Promise<VaultGrantList> => {
    const column = 'itemId' in target ? 'item_id' : 'folder_id';
    const { rows } = await db.query<{
      user_id: number | null;
      role: string | null;
      level: VaultAccessLevel;
      name: string | null;
    }>(
      `SELECT g.user_id, g.role, g.level, nullif(trim(u.first_name || ' ' || u.last_name), '') AS name
           FROM vault_grants g LEFT JOIN users u ON u.id = g.user_id
          WHERE g.${column} = $1 ORDER BY g.role NULLS LAST, name, g.id`,
      ['itemId' in target ? target.itemId : target.folderId],
    );
    return {
      grants: rows.map((grant) => ({
        subject:
          grant.user_id !== null
            ? { kind: 'user' as const, id: grant.user_id, name: grant.name ?? '' }
            : { kind: 'role' as const, role: grant.role!, name: grant.role! },
        level: grant.level,
      })),
    };
  };

  /**
   * A new item in `tx`: its secrets sealed under its company's data key (bound to id, company, field and
   * version 1) and its creation audited. The editor's create and the import share it; the import checks the
   * company and folder once for the whole file (`refsChecked`) and adds its line to the audit (`details`).
   */
  const insertItem = async (
    tx: Database,
    viewer: VaultViewer,
    input: CreateInput,
    source: AuditSource,
    options: { refsChecked?: boolean; details?: Record<string, unknown> } = {},
  ): Promise<number> => {
    const companyId = input.company_id ?? null;
    if (!options.refsChecked) {
      await checkCompanyRefs(
        tx,
        viewer,
        companyId,
        input.branch_id ?? null,
        input.folder_id ?? null,
        input.owner_id ?? null,
      );
    }
    const { changes, custom } = secretChanges(input, []);
    const { rows } = await tx.query<{ id: number }>(
      "SELECT nextval(pg_get_serial_sequence('vault_items', 'id'))::int AS id",
    );
    const id = rows[0]!.id;
    const open = Object.fromEntries(
      Object.entries(changes).filter((entry): entry is [string, string] => entry[1] !== null),
    );
    const secrets = await sealAll({ id, company_id: companyId, version: 1 }, open, tx);
    await tx.query(
      `INSERT INTO vault_items (id, company_id, branch_id, folder_id, kind, name, url, username, description, tags,
                                custom, secrets, sensitive, client_visible, rotate_every_days, owner_id,
                                created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)`,
      [
        id,
        companyId,
        input.branch_id ?? null,
        input.folder_id ?? null,
        input.kind,
        input.name,
        input.url ?? null,
        input.username ?? null,
        input.description ?? null,
        input.tags ?? [],
        JSON.stringify(custom ?? []),
        JSON.stringify(secrets),
        input.sensitive ?? false,
        input.client_visible ?? false,
        input.rotate_every_days ?? null,
        input.owner_id ?? viewer.id,
        viewer.id,
      ],
    );
    await audit(
      {
        ...source,
        module: MODULE,
        action: 'created',
        companyId,
        targetType: TARGET,
        targetId: id,
        details: {
          name: input.name,
          kind: input.kind,
          secret_fields: Object.keys(secrets).sort(),
          ...options.details,
        },
      },
      tx,
    );
    return id;
  };

  return {
    list: (viewer: VaultViewer, query: ParsedListQuery) => listItems(db, viewer, query),

    async get(viewer: VaultViewer, id: number): Promise<PasswordItem> {
      return toItem(await mustLoad(viewer, id));
    },

    async options(viewer: VaultViewer) {
      const params: unknown[] = [];
      const scope = scopeSql(viewer.scope, params, 'id');
      const companies = await db.query<{ id: number; name: string }>(
        `SELECT id, name FROM companies WHERE archived_at IS NULL AND ${scope} ORDER BY lower(name) LIMIT 2000`,
        params,
      );
      const tags = await db.query<{ tag: string }>(
        `SELECT DISTINCT unnest(tags) AS tag FROM vault_items WHERE archived_at IS NULL ORDER BY 1 LIMIT 500`,
      );
      return {
        folders: await listFolders(db, viewer),
        companies: companies.rows,
        tags: tags.rows.map((row) => row.tag),
        available: vault.available,
        unavailable_message: vault.unavailableMessage,
      };
    },

    async create(viewer: VaultViewer, input: CreateInput, source: AuditSource): Promise<PasswordItem> {
      requireVault();
      return guard(() =>
        db.transaction(async (tx) => reload(viewer, await insertItem(tx, viewer, input, source), tx)),
      );
    },

    /** The import's create (transfer.ts): the same sealing and audit, in the caller's transaction. */
    insertItem: (...args: Parameters<typeof insertItem>) => {
      requireVault();
      return guard(() => insertItem(...args));
    },

    async update(
      viewer: VaultViewer,
      id: number,
      input: UpdateInput,
      source: AuditSource,
    ): Promise<PasswordItem> {
      requireVault();
      return guard(() =>
        db.transaction(async (tx) => {
          const row = await mustLoad(viewer, id, tx, true);
          need(row, 'editar');
          const companyId = input.company_id === undefined ? row.company_id : input.company_id;
          const branchId =
            input.branch_id === undefined
              ? companyId === row.company_id
                ? row.branch_id
                : null
              : input.branch_id;
          const folderId =
            input.folder_id === undefined
              ? companyId === row.company_id
                ? row.folder_id
                : null
              : input.folder_id;
          // Out of a folder or into another, the item changes whose grants reach it: that is sharing, so it
          // takes gerenciar (editar alone would open a closed folder's item to everyone).
          if (folderId !== row.folder_id) need(row, 'gerenciar');
          await checkCompanyRefs(
            tx,
            viewer,
            companyId,
            branchId,
            input.folder_id === undefined && companyId === row.company_id ? null : folderId,
            input.owner_id ?? null,
          );
          const { changes, custom } = secretChanges(input, row.custom);
          const open = await openAll(row, row.secrets, tx);
          const passwordChanged =
            changes.password !== undefined && (changes.password ?? null) !== (open.password ?? null);
          for (const [field, value] of Object.entries(changes)) {
            if (value === null) delete open[field];
            else open[field] = value;
          }
          await keepVersion(tx, row, viewer.id);
          const next = { id, company_id: companyId, version: row.version + 1 };
          const secrets = await sealAll(next, open, tx);
          const set = (value: unknown, old: unknown) => (value === undefined ? old : value);
          await tx.query(
            `UPDATE vault_items SET kind = $2, name = $3, url = $4, username = $5, description = $6, tags = $7,
                    custom = $8, secrets = $9, sensitive = $10, client_visible = $11,
                    rotate_every_days = CASE WHEN $20 THEN $12 ELSE rotate_every_days END,
                    owner_id = $13, company_id = $14, branch_id = $15, folder_id = $16, version = $17,
                    password_changed_at = CASE WHEN $18 THEN now() ELSE password_changed_at END,
                    rotation_notified_at = CASE WHEN $18 THEN NULL ELSE rotation_notified_at END,
                    updated_by = $19, updated_at = now()
              WHERE id = $1`,
            [
              id,
              set(input.kind, row.kind),
              set(input.name, row.name),
              set(input.url, row.url),
              set(input.username, row.username),
              set(input.description, row.description),
              set(input.tags, row.tags),
              JSON.stringify(custom ?? row.custom),
              JSON.stringify(secrets),
              set(input.sensitive, row.sensitive),
              set(input.client_visible, row.client_visible),
              input.rotate_every_days ?? null,
              set(input.owner_id, row.owner_id),
              companyId,
              branchId,
              folderId,
              row.version + 1,
              passwordChanged,
              viewer.id,
              input.rotate_every_days !== undefined,
            ],
          );
          const changed = Object.keys(input).filter((key) => key !== 'secrets' && key !== 'custom');
          await audit(
            {
              ...source,
              module: MODULE,
              action: 'updated',
              companyId,
              targetType: TARGET,
              targetId: id,
              details: {
                version: row.version + 1,
                fields: changed,
                secret_fields_changed: Object.keys(changes).sort(),
                password_changed: passwordChanged,
              },
            },
            tx,
          );
          return reload(viewer, id, tx);
        }),
      );
    },

    async archive(viewer: VaultViewer, id: number, source: AuditSource): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await mustLoad(viewer, id, tx, true);
        need(row, 'gerenciar');
        await tx.query('UPDATE vault_items SET archived_at = now(), updated_at = now() WHERE id = $1', [id]);
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'archived',
            companyId: row.company_id,
            targetType: TARGET,
            targetId: id,
            details: { name: row.name },
          },
          tx,
        );
      });
    },

    async reveal(
      viewer: VaultViewer,
      id: number,
      input: RevealInput,
      source: AuditSource,
    ): Promise<RevealResult> {
      requireVault();
      limit(viewer.id);
      return guard(async () => {
        const row = await mustLoadSecret(viewer, id);
        const sealed = row.secrets[input.field];
        if (!sealed) throw notFound('Este item não tem esse campo');
        // The TOTP seed is shown only to those who may edit; others get its codes.
        const breakGlass = await admitSecret(viewer, row, input.field === 'totp' ? 'editar' : 'ver', input);
        const value = await vault.open(place(row, input.field), sealed);
        await batch.audit({
          ...source,
          module: MODULE,
          action: breakGlass ? 'break_glass' : input.purpose,
          companyId: row.company_id,
          targetType: TARGET,
          targetId: id,
          reason: input.reason ?? null,
          ticketId: input.ticket_id ?? null,
          details: { field: input.field, purpose: input.purpose, name: row.name, break_glass: breakGlass },
        });
        if (breakGlass) await breakGlassAlert(viewer, row, input.reason!);
        return { field: input.field, value };
      });
    },

    async totp(viewer: VaultViewer, id: number, input: TotpInput, source: AuditSource): Promise<TotpCode> {
      requireVault();
      limit(viewer.id);
      return guard(async () => {
        const row = await mustLoadSecret(viewer, id);
        const sealed = row.secrets.totp;
        if (!sealed) throw notFound('Este item não tem TOTP');
        const breakGlass = await admitSecret(viewer, row, 'ver', input);
        const code = totpCode(await vault.open(place(row, 'totp'), sealed));
        await batch.audit({
          ...source,
          module: MODULE,
          action: breakGlass ? 'break_glass' : 'totp',
          companyId: row.company_id,
          targetType: TARGET,
          targetId: id,
          reason: input.reason ?? null,
          ticketId: input.ticket_id ?? null,
          details: { field: 'totp', purpose: 'code', name: row.name, break_glass: breakGlass },
        });
        if (breakGlass) await breakGlassAlert(viewer, row, input.reason!);
        return code;
      });
    },

    async confirm(
      viewer: VaultViewer,
      password: string,
      source: AuditSource,
    ): Promise<{ confirmed_until: string }> {
      limit(viewer.id);
      const { rows } = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [viewer.id],
      );
      if (!rows[0] || !(await verifyPassword(password, rows[0].password_hash))) {
        throw httpError(400, 'validation_failed', 'Senha incorreta', { password: 'Senha incorreta' });
      }
      const { rows: saved } = await db.query<{ at: Date | string }>(
        `INSERT INTO vault_confirmations (user_id, confirmed_at) VALUES ($1, now())
         ON CONFLICT (user_id) DO UPDATE SET confirmed_at = now() RETURNING confirmed_at AS at`,
        [viewer.id],
      );
      await audit({
        ...source,
        module: MODULE,
        action: 'reconfirmed',
        targetType: 'user',
        targetId: viewer.id,
      });
      return {
        confirmed_until: new Date(new Date(iso(saved[0]!.at)).getTime() + VAULT_RECONFIRM_MS).toISOString(),
      };
    },

    async versions(viewer: VaultViewer, id: number): Promise<PasswordVersion[]> {
      const row = await mustLoad(viewer, id);
      need(row, 'editar');
      const { rows } = await db.query<{
        version: number;
        changed_at: Date | string;
        changed_by: number | null;
        changed_by_name: string | null;
        snapshot: { name: string; username: string | null; url: string | null };
        secret_fields: string[];
      }>(
        `SELECT v.version, v.changed_at, v.changed_by, nullif(trim(u.first_name || ' ' || u.last_name), '') AS changed_by_name,
                v.snapshot, ARRAY(SELECT jsonb_object_keys(v.secrets) ORDER BY 1) AS secret_fields
           FROM vault_item_versions v LEFT JOIN users u ON u.id = v.changed_by
          WHERE v.item_id = $1 ORDER BY v.version DESC`,
        [id],
      );
      return rows.map((version) => ({
        version: version.version,
        changed_at: iso(version.changed_at),
        changed_by:
          version.changed_by === null
            ? null
            : { id: version.changed_by, name: version.changed_by_name ?? '' },
        name: version.snapshot.name,
        username: version.snapshot.username,
        url: version.snapshot.url,
        secret_fields: version.secret_fields,
      }));
    },

    async restore(
      viewer: VaultViewer,
      id: number,
      version: number,
      source: AuditSource,
    ): Promise<PasswordItem> {
      requireVault();
      return guard(() =>
        db.transaction(async (tx) => {
          const row = await mustLoad(viewer, id, tx, true);
          need(row, 'editar');
          const { rows } = await tx.query<{
            snapshot: ReturnType<typeof snapshotOf>;
            secrets: Record<string, string>;
          }>('SELECT snapshot, secrets FROM vault_item_versions WHERE item_id = $1 AND version = $2', [
            id,
            version,
          ]);
          const old = rows[0];
          if (!old) throw notFound('Versão não encontrada');
          const open = await openAll({ id, company_id: old.snapshot.company_id, version }, old.secrets, tx);
          const current = await openAll(row, row.secrets, tx);
          await keepVersion(tx, row, viewer.id);
          const next = { id, company_id: row.company_id, version: row.version + 1 };
          const secrets = await sealAll(next, open, tx);
          const passwordChanged = (open.password ?? null) !== (current.password ?? null);
          await tx.query(
            `UPDATE vault_items SET kind = $2, name = $3, url = $4, username = $5, description = $6, tags = $7, custom = $8,
                    secrets = $9, version = $10, updated_by = $11, updated_at = now(),
                    password_changed_at = CASE WHEN $12 THEN now() ELSE password_changed_at END
              WHERE id = $1`,
            [
              id,
              old.snapshot.kind,
              old.snapshot.name,
              old.snapshot.url,
              old.snapshot.username,
              old.snapshot.description,
              old.snapshot.tags,
              JSON.stringify(old.snapshot.custom),
              JSON.stringify(secrets),
              row.version + 1,
              viewer.id,
              passwordChanged,
            ],
          );
          await audit(
            {
              ...source,
              module: MODULE,
              action: 'restored',
              companyId: row.company_id,
              targetType: TARGET,
              targetId: id,
              details: { from_version: version, version: row.version + 1 },
            },
            tx,
          );
          return reload(viewer, id, tx);
        }),
      );
    },

    async grants(
      viewer: VaultViewer,
      target: { itemId: number } | { folderId: number },
    ): Promise<VaultGrantList> {
      await requireManage(viewer, target);
      return readGrants(target);
    },

    async setGrants(
      viewer: VaultViewer,
      target: { itemId: number } | { folderId: number },
      input: GrantsInput,
      source: AuditSource,
    ): Promise<VaultGrantList> {
      const { companyId } = await requireManage(viewer, target);
      const column = 'itemId' in target ? 'item_id' : 'folder_id';
      const targetId = 'itemId' in target ? target.itemId : target.folderId;
      // A manager who is not an admin keeps their own access: they cannot lock themselves out by mistake.
      const keepsSelf =
        viewer.admin ||
        input.grants.length === 0 ||
        input.grants.some(
          (grant) =>
            grant.level === 'gerenciar' &&
            ((grant.subject.kind === 'user' && grant.subject.id === viewer.id) ||
              (grant.subject.kind === 'role' && grant.subject.role.toLowerCase() === viewer.role)),
        );
      if (!keepsSelf) {
        throw httpError(400, 'validation_failed', 'Dados inválidos', {
          grants: 'Mantenha "gerenciar" para você (ou sua função), ou peça a um administrador',
        });
      }
      await db.transaction(async (tx) => {
        const userIds = input.grants.flatMap((grant) =>
          grant.subject.kind === 'user' ? [grant.subject.id] : [],
        );
        if (userIds.length > 0) {
          const { rows } = await tx.query<{ id: number }>(
            "SELECT id FROM users WHERE id = ANY ($1::int[]) AND lower(role) NOT IN ('cliente', 'client')",
            [userIds],
          );
          const found = new Set(rows.map((row) => row.id));
          const missing = userIds.findIndex((userId) => !found.has(userId));
          if (missing !== -1) {
            throw httpError(400, 'validation_failed', 'Dados inválidos', {
              grants: 'Pessoa não encontrada na equipe',
            });
          }
        }
        await tx.query(`DELETE FROM vault_grants WHERE ${column} = $1`, [targetId]);
        for (const grant of input.grants) {
          await tx.query(
            `INSERT INTO vault_grants (${column}, user_id, role, level, created_by) VALUES ($1, $2, $3, $4, $5)`,
            [
              targetId,
              grant.subject.kind === 'user' ? grant.subject.id : null,
              grant.subject.kind === 'role' ? grant.subject.role.toLowerCase() : null,
              grant.level,
              viewer.id,
            ],
          );
        }
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'access_changed',
            companyId,
            targetType: 'itemId' in target ? TARGET : 'password_folder',
            targetId,
            details: {
              grants: input.grants.map((grant) => ({
                subject:
                  grant.subject.kind === 'user' ? `user:${grant.subject.id}` : `role:${grant.subject.role}`,
                level: grant.level,
              })),
            },
          },
          tx,
        );
      });
      // Read back without asking again: the new grants may leave the caller (an admin) outside them.
      return readGrants(target);
    },

    async createFolder(viewer: VaultViewer, input: FolderInput, source: AuditSource): Promise<VaultFolder> {
      return db.transaction(async (tx) => {
        const companyId = input.company_id ?? null;
        if (companyId !== null) {
          const params: unknown[] = [companyId];
          const { rows } = await tx.query(
            `SELECT 1 FROM companies WHERE id = $1 AND ${scopeSql(viewer.scope, params, 'id')}`,
            params,
          );
          if (rows.length === 0)
            throw httpError(400, 'validation_failed', 'Dados inválidos', {
              company_id: 'Empresa não encontrada',
            });
        }
        const { rows: same } = await tx.query(
          `SELECT 1 FROM vault_folders WHERE coalesce(company_id, 0) = coalesce($1, 0) AND lower(name) = lower($2) AND archived_at IS NULL`,
          [companyId, input.name],
        );
        if (same.length > 0)
          throw httpError(409, 'conflict', 'Já existe uma pasta com esse nome', {
            name: 'Já existe uma pasta com esse nome',
          });
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO vault_folders (company_id, name, require_reason, rotate_every_days, created_by)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [companyId, input.name, input.require_reason ?? false, input.rotate_every_days ?? null, viewer.id],
        );
        const id = rows[0]!.id;
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'folder_created',
            companyId,
            targetType: 'password_folder',
            targetId: id,
            details: { name: input.name },
          },
          tx,
        );
        return (await listFolders(tx, viewer, id))[0]!;
      });
    },

    async updateFolder(
      viewer: VaultViewer,
      folderId: number,
      input: FolderUpdate,
      source: AuditSource,
    ): Promise<VaultFolder> {
      const { companyId: from } = await requireManage(viewer, { folderId });
      return db.transaction(async (tx) => {
        // A move (company_id given and different) takes an empty folder only: each item's secrets are sealed
        // under its company's key, so items move one by one (re-sealed), never behind a folder's back.
        const moving = input.company_id !== undefined && (input.company_id ?? null) !== from;
        const companyId = moving ? (input.company_id ?? null) : from;
        if (moving) {
          await tx.query('SELECT 1 FROM vault_folders WHERE id = $1 FOR UPDATE', [folderId]);
          const { rows: inside } = await tx.query<{ n: number | string }>(
            'SELECT count(*) AS n FROM vault_items WHERE folder_id = $1 AND archived_at IS NULL',
            [folderId],
          );
          const count = Number(inside[0]?.n ?? 0);
          if (count > 0) {
            throw httpError(
              409,
              'conflict',
              `Só uma pasta vazia muda de empresa, e esta tem ${count === 1 ? '1 item' : `${count} itens`}: mova cada item pelo editor (o segredo é cifrado de novo com a chave da outra empresa).`,
            );
          }
          if (companyId !== null) {
            const params: unknown[] = [companyId];
            const { rows } = await tx.query(
              `SELECT 1 FROM companies WHERE id = $1 AND archived_at IS NULL AND ${scopeSql(viewer.scope, params, 'id')}`,
              params,
            );
            if (rows.length === 0)
              throw httpError(400, 'validation_failed', 'Dados inválidos', {
                company_id: 'Empresa não encontrada',
              });
          }
        }
        if (input.name !== undefined || moving) {
          const { rows: same } = await tx.query(
            `SELECT 1 FROM vault_folders WHERE coalesce(company_id, 0) = coalesce($1, 0) AND lower(name) = lower($2)
               AND archived_at IS NULL AND id <> $3`,
            [companyId, input.name ?? (await folderName(tx, folderId)), folderId],
          );
          if (same.length > 0)
            throw httpError(409, 'conflict', 'Já existe uma pasta com esse nome', {
              name: 'Já existe uma pasta com esse nome',
            });
        }
        await tx.query(
          `UPDATE vault_folders SET name = coalesce($2, name), require_reason = coalesce($3, require_reason),
                  rotate_every_days = CASE WHEN $5 THEN $4 ELSE rotate_every_days END,
                  company_id = CASE WHEN $6 THEN $7::int ELSE company_id END
            WHERE id = $1`,
          [
            folderId,
            input.name ?? null,
            input.require_reason ?? null,
            input.rotate_every_days ?? null,
            input.rotate_every_days !== undefined,
            moving,
            companyId,
          ],
        );
        await audit(
          {
            ...source,
            module: MODULE,
            action: moving ? 'folder_moved' : 'folder_updated',
            companyId,
            targetType: 'password_folder',
            targetId: folderId,
            details: moving ? { changes: input, from_company_id: from } : { changes: input },
          },
          tx,
        );
        return (await listFolders(tx, viewer, folderId))[0]!;
      });
    },

    async revealLog(viewer: VaultViewer, query: RevealLogQuery): Promise<RevealLog> {
      await requireLogReader(viewer, query.item_id);
      return readRevealLog(viewer, query, query.limit, (query.page - 1) * query.limit);
    },

    /**
     * The whole filtered log (newest first, at most REVEAL_LOG_EXPORT_MAX rows) for a CSV export, itself
     * audited: who took a copy of the log, with which filters.
     */
    async exportRevealLog(viewer: VaultViewer, filters: RevealLogFilters, source: AuditSource) {
      await requireLogReader(viewer, filters.item_id);
      const log = await readRevealLog(viewer, filters, REVEAL_LOG_EXPORT_MAX, 0);
      await audit({
        ...source,
        module: MODULE,
        action: 'reveal_log_exported',
        targetType: filters.item_id === undefined ? null : TARGET,
        targetId: filters.item_id ?? null,
        details: { filters, rows: log.items.length, total: log.total },
      });
      return log;
    },

    /** Fills the demo items' secrets once the vault is open (the seed runs before the key is read). */
    async sealDemoSecrets(secretsByName: ReadonlyMap<string, Record<string, string>>) {
      if (!vault.available) return 0;
      return guard(() =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{
            id: number;
            name: string;
            company_id: number | null;
            version: number;
          }>(
            `SELECT id, name, company_id, version FROM vault_items
              WHERE secrets = '{}'::jsonb AND version = 1 AND name = ANY ($1::text[]) FOR UPDATE`,
            [[...secretsByName.keys()]],
          );
          for (const row of rows) {
            const secrets = await sealAll(row, secretsByName.get(row.name)!, tx);
            await tx.query('UPDATE vault_items SET secrets = $2 WHERE id = $1', [
              row.id,
              JSON.stringify(secrets),
            ]);
          }
          return rows.length;
        }),
      );
    },

    fieldLabel: (field: string) => PASSWORD_FIELD_LABELS[field as PasswordSecretField] ?? field,
  };

  async function requireLogReader(viewer: VaultViewer, itemId: number | undefined) {
    if (itemId !== undefined) {
      const row = await mustLoad(viewer, itemId);
      need(row, 'gerenciar');
    } else if (!vaultLevelAtLeast(viewer.ceiling, 'gerenciar')) {
      throw httpError(403, 'forbidden', 'Só quem gerencia o cofre vê o registro de revelações de todos.');
    }
  }

  /** One page of the reveal log (who saw what, when and why), filtered; the company scope always applies. */
  async function readRevealLog(
    viewer: VaultViewer,
    query: RevealLogFilters,
    limit: number,
    offset: number,
  ): Promise<RevealLog> {
    const params: unknown[] = [];
    const where = [
      `e.module = 'passwords'`,
      `e.action IN (${REVEAL_LOG_ACTIONS.map((action) => `'${action}'`).join(', ')})`,
      scopeSql(viewer.scope, params, 'e.company_id'),
    ];
    if (query.item_id !== undefined) {
      params.push(String(query.item_id));
      where.push(`e.target_type = 'password' AND e.target_id = $${params.length}`);
    }
    if (query.actor_id !== undefined) {
      params.push(query.actor_id);
      where.push(`e.actor_id = $${params.length}`);
    }
    if (query.company_id !== undefined) {
      params.push(query.company_id);
      where.push(`e.company_id = $${params.length}`);
    }
    if (query.action !== undefined) {
      params.push(query.action);
      where.push(`e.action = $${params.length}`);
    }
    // Days are Brazil's (America/Sao_Paulo), both ends included.
    if (query.from !== undefined) {
      params.push(query.from);
      where.push(`e.at >= ($${params.length}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')`);
    }
    if (query.to !== undefined) {
      params.push(query.to);
      where.push(`e.at < (($${params.length}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`);
    }
    params.push(limit, offset);
    const { rows } = await db.query<{
      id: number;
      at: Date | string;
      actor_id: number | null;
      actor_name: string | null;
      target_id: string;
      item_name: string | null;
      company_id: number | null;
      company_name: string | null;
      action: string;
      reason: string | null;
      ticket_id: number | null;
      details: { field?: string; name?: string; break_glass?: boolean };
      total: number;
    }>(
      `SELECT e.id, e.at, e.actor_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS actor_name,
              e.target_id, i.name AS item_name, e.company_id, c.name AS company_name, e.action, e.reason, e.ticket_id,
              e.details, count(*) OVER () AS total
         FROM audit_events e
         LEFT JOIN users u ON u.id = e.actor_id
         LEFT JOIN vault_items i ON e.target_type = 'password' AND i.id::text = e.target_id
         LEFT JOIN companies c ON c.id = e.company_id
        WHERE ${where.join(' AND ')}
        ORDER BY e.at DESC, e.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && offset > 0) {
      const count = await db.query<{ total: number }>(
        `SELECT count(*) AS total FROM audit_events e WHERE ${where.join(' AND ')}`,
        params.slice(0, -2),
      );
      total = Number(count.rows[0]?.total ?? 0);
    }
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        at: iso(row.at),
        actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
        item: { id: Number(row.target_id), name: row.item_name ?? row.details.name ?? '' },
        company: row.company_id === null ? null : { id: row.company_id, name: row.company_name ?? '' },
        action: row.action,
        field: row.details.field ?? null,
        reason: row.reason,
        ticket_id: row.ticket_id,
        break_glass: row.details.break_glass === true || row.action === 'break_glass',
      })),
      total,
    };
  }

  async function requireManage(
    viewer: VaultViewer,
    target: { itemId: number } | { folderId: number },
  ): Promise<{ companyId: number | null }> {
    if ('itemId' in target) {
      const row = await mustLoad(viewer, target.itemId);
      // An admin outside an item's grants may still fix them (audited), as with folders.
      if (!(viewer.admin && row.break_glass)) need(row, 'gerenciar');
      return { companyId: row.company_id };
    }
    const folder = (await listFolders(db, viewer, target.folderId))[0];
    if (!folder) throw notFound('Pasta não encontrada');
    // An admin outside a folder's grants may still fix its grants (the quebra-vidro of sharing), audited.
    if (!viewer.admin && !vaultLevelAtLeast(folder.access, 'gerenciar')) throw levelTooLow('gerenciar');
    return { companyId: folder.company?.id ?? null };
  }
};

export type PasswordService = ReturnType<typeof createPasswordService>;
export { rankOf };
