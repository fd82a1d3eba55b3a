/**
 * The vault's import and export (issue 14).
 *
 * Import: a Bitwarden or KeePass CSV, or a Farol export (its passphrase typed), into one company (or the
 * internal items) and a folder. Every row gets a line in the report — importado, ignorado (duplicated,
 * empty, an unsupported type) or erro (why, naming the column) — and no value is ever echoed. Items are made
 * by the editor's own path (`passwords.insertItem`: sealed under the company's data key, a `created` audit
 * each), 100 rows to a transaction (a chunk that fails is saved again row by row, each behind a savepoint, so
 * a bad row costs only its own line); one `vault_imported` audit holds the counts.
 *
 * Export: a company's (or a folder's) items, secrets included, sealed into a passphrase envelope
 * (export-envelope.ts). The person types their own password; items reached only through quebra-vidro need it
 * asked for (with a reason: the other admins are told), a folder asking for reasons needs one; each item
 * exported is written to its reveal log (`exported`) and one `vault_exported` audit holds the scope and counts.
 */
import type { z } from 'zod';
import {
  VAULT_EXPORT_MAX_ITEMS,
  VAULT_TRANSFERS_PER_MINUTE,
  VaultImportFileError,
  duplicateKey,
  exportItemsToCandidates,
  looksLikeFarolExport,
  readVaultCsv,
  planVaultImport,
  vaultImportReport,
  vaultLevelAtLeast,
  type ImportCandidate,
  type VaultExportItem,
  type VaultImportFormat,
  type VaultImportReport,
  type vaultExportRequestSchema,
  type vaultImportRequestSchema,
} from '@farol/data/contract';
import { verifyPassword } from '../../auth/password';
import type { Database } from '../../db/database';
import { HttpError, httpError } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import type { Notify } from '../../shared/notify';
import { VaultUnavailableError, type Vault } from '../../vault/vault';
import { accessSql, rankOf, scopeSql, type VaultViewer } from './access';
import { ExportFileError, openExport } from './export-envelope';
import { createRevealLimiter } from './rate-limit';
import { listFolders, type StoredCustomField } from './repository';
import type { PasswordService } from './service';

type ImportInput = z.output<typeof vaultImportRequestSchema>;
type ExportInput = z.output<typeof vaultExportRequestSchema>;

const MODULE = 'passwords';
/** Rows per transaction; between chunks the import yields, so other requests are served (PGlite's thread). */
export const VAULT_IMPORT_CHUNK_ROWS = 100;

const invalid = (field: string, message: string) =>
  httpError(400, 'validation_failed', message, { [field]: message });

const vaultClosed = (message: string) => httpError(503, 'vault_unavailable', message);

interface ExportRow {
  id: number;
  kind: VaultExportItem['kind'];
  name: string;
  url: string | null;
  username: string | null;
  description: string | null;
  tags: string[];
  custom: StoredCustomField[];
  secrets: Record<string, string>;
  sensitive: boolean;
  client_visible: boolean;
  rotate_every_days: number | null;
  version: number;
  company_id: number | null;
  folder_name: string | null;
  require_reason: boolean;
  rank: number;
  break_glass: boolean;
}

export const createTransferService = ({
  db,
  audit,
  notify,
  vault,
  passwords,
  log,
  perMinute = VAULT_TRANSFERS_PER_MINUTE,
}: {
  db: Database;
  audit: Audit;
  notify: Notify;
  vault: Vault;
  passwords: PasswordService;
  log: { error(obj: object, msg?: string): void };
  perMinute?: number;
}) => {
  const limit = createRevealLimiter(perMinute, 'Muitas importações ou exportações em pouco tempo.');

  const requireVault = () => {
    if (!vault.available) throw vaultClosed(vault.unavailableMessage ?? 'Cofre de senhas indisponível');
  };

  /** The company (null: internal) and folder items go to or come from, checked against the viewer. */
  const checkTarget = async (
    viewer: VaultViewer,
    companyId: number | null,
    folderId: number | null,
    needed: 'editar' | 'ver',
  ) => {
    let companyName: string | null = null;
    if (companyId !== null) {
      const params: unknown[] = [companyId];
      const { rows } = await db.query<{ name: string }>(
        `SELECT name FROM companies WHERE id = $1 AND ${scopeSql(viewer.scope, params, 'id')}`,
        params,
      );
      if (!rows[0]) throw invalid('company_id', 'Empresa não encontrada');
      companyName = rows[0].name;
    }
    if (folderId === null) return { companyName, folderName: null };
    const folder = (await listFolders(db, viewer, folderId))[0];
    if (!folder) throw invalid('folder_id', 'Pasta não encontrada');
    if ((folder.company?.id ?? null) !== companyId) {
      throw invalid(
        'folder_id',
        companyId === null
          ? 'A pasta é de uma empresa; escolha uma pasta interna'
          : 'A pasta não é desta empresa',
      );
    }
    if (!viewer.admin && !vaultLevelAtLeast(folder.access, needed)) {
      throw httpError(
        403,
        'forbidden',
        needed === 'editar'
          ? 'Você não pode guardar itens nesta pasta.'
          : 'Você não pode exportar esta pasta.',
      );
    }
    return { companyName, folderName: folder.name };
  };

  /** The file's rows, or 400 naming the file or the passphrase. */
  const readFile = async (
    input: ImportInput,
  ): Promise<{ format: VaultImportFormat; candidates: ImportCandidate[] }> => {
    try {
      if (looksLikeFarolExport(input.file)) {
        return {
          format: 'farol',
          candidates: exportItemsToCandidates(await openExport(input.file, input.passphrase)),
        };
      }
      return readVaultCsv(input.file);
    } catch (error) {
      if (error instanceof ExportFileError) throw invalid(error.field, error.message);
      if (error instanceof VaultImportFileError) throw invalid('file', error.message);
      throw error;
    }
  };

  /** Every row's fate before anything is saved, against the company's stored items. */
  const plan = async (
    format: VaultImportFormat,
    candidates: ImportCandidate[],
    target: { company_id: number | null; folder_id: number | null },
  ) => {
    const { rows: stored } = await db.query<{ name: string; username: string | null; url: string | null }>(
      `SELECT name, username, url FROM vault_items WHERE archived_at IS NULL AND company_id IS NOT DISTINCT FROM $1`,
      [target.company_id],
    );
    return planVaultImport(format, candidates, target, new Set(stored.map(duplicateKey)));
  };

  const prepare = async (viewer: VaultViewer, input: ImportInput) => {
    limit(viewer.id);
    const companyId = input.company_id;
    const folderId = input.folder_id ?? null;
    await checkTarget(viewer, companyId, folderId, 'editar');
    const { format, candidates } = await readFile(input);
    const target = { company_id: companyId, folder_id: folderId };
    return { format, target, ...(await plan(format, candidates, target)) };
  };

  const adminsToAlert = async (viewer: VaultViewer) => {
    const { rows } = await db.query<{ id: number; name: string | null }>(
      `SELECT u.id, (SELECT nullif(trim(first_name || ' ' || last_name), '') FROM users WHERE id = $1) AS name
         FROM users u WHERE lower(u.role) = 'admin' AND u.id <> $1`,
      [viewer.id],
    );
    return rows;
  };

  return {
    /** What an import would do, row by row; nothing is saved. */
    async preview(viewer: VaultViewer, input: ImportInput): Promise<VaultImportReport> {
      const { format, rows } = await prepare(viewer, input);
      return vaultImportReport(format, true, rows);
    },

    async import(viewer: VaultViewer, input: ImportInput, source: AuditSource): Promise<VaultImportReport> {
      requireVault();
      const { format, target, rows, toSave } = await prepare(viewer, input);
      const insert = (tx: Database, planned: (typeof toSave)[number]) =>
        passwords.insertItem(tx, viewer, planned.data, source, {
          refsChecked: true,
          details: { imported: { format, line: planned.line } },
        });
      for (let start = 0; start < toSave.length; start += VAULT_IMPORT_CHUNK_ROWS) {
        const chunk = toSave.slice(start, start + VAULT_IMPORT_CHUNK_ROWS);
        // Fast path: the chunk's rows in one transaction, no savepoint per row (two calls into the database
        // a row fewer); any failure rolls the chunk back and it is saved again row by row below.
        const ids = await db
          .transaction(async (tx) => {
            const saved: number[] = [];
            for (const planned of chunk) saved.push(await insert(tx, planned));
            return saved;
          })
          .catch((error: unknown) => {
            if (error instanceof VaultUnavailableError) throw vaultClosed(error.message);
            if (error instanceof HttpError && error.status >= 500) throw error;
            return null;
          });
        if (ids) {
          chunk.forEach((planned, index) => (rows[planned.index]!.item_id = ids[index]!));
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        await db.transaction(async (tx) => {
          for (const planned of chunk) {
            const row = rows[planned.index]!;
            await tx.exec('SAVEPOINT vault_import_row');
            try {
              row.item_id = await insert(tx, planned);
              await tx.exec('RELEASE SAVEPOINT vault_import_row');
            } catch (error) {
              await tx.exec('ROLLBACK TO SAVEPOINT vault_import_row');
              // A closed vault stops the whole import; anything else costs this row only.
              if (error instanceof VaultUnavailableError) throw vaultClosed(error.message);
              if (error instanceof HttpError && error.status >= 500) throw error;
              log.error({ err: error, line: planned.line }, 'vault import: a row could not be saved');
              row.status = 'erro';
              row.reason = `Linha ${planned.line}: não foi possível salvar este item`;
            }
          }
        });
        await new Promise((resolve) => setImmediate(resolve));
      }
      const result = vaultImportReport(format, false, rows);
      await audit({
        ...source,
        module: MODULE,
        action: 'vault_imported',
        companyId: target.company_id,
        targetType: target.folder_id === null ? null : 'password_folder',
        targetId: target.folder_id,
        details: {
          format,
          rows: result.total,
          imported: result.imported,
          skipped: result.skipped,
          errors: result.errors,
          folder_id: target.folder_id,
        },
      });
      return result;
    },

    /** The export file's text and name; every item in it audited as exported. */
    async export(
      viewer: VaultViewer,
      input: ExportInput,
      source: AuditSource,
      seal: (
        items: VaultExportItem[],
        meta: { leftOut: number; company: string | null; folder: string | null },
      ) => Promise<string>,
    ): Promise<{ text: string; fileName: string; items: number; leftOut: number }> {
      requireVault();
      limit(viewer.id);
      const { rows: me } = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [viewer.id],
      );
      if (!me[0] || !(await verifyPassword(input.password, me[0].password_hash))) {
        throw httpError(400, 'validation_failed', 'Senha incorreta', { password: 'Senha incorreta' });
      }
      const companyId = input.company_id === 'internal' ? null : input.company_id;
      const folderId = input.folder_id ?? null;
      const { companyName, folderName } = await checkTarget(viewer, companyId, folderId, 'ver');

      const params: unknown[] = [companyId];
      const access = accessSql(viewer, params);
      const scope = scopeSql(viewer.scope, params, 'i.company_id');
      let inFolder = '';
      if (folderId !== null) {
        params.push(folderId);
        inFolder = `AND i.folder_id = $${params.length}`;
      }
      params.push(VAULT_EXPORT_MAX_ITEMS + 1);
      const { rows: found } = await db.query<ExportRow>(
        `WITH ${access.with}
         SELECT i.id, i.kind, i.name, i.url, i.username, i.description, i.tags, i.custom, i.secrets, i.sensitive,
                i.client_visible, i.rotate_every_days, i.version, i.company_id, f.name AS folder_name,
                coalesce(f.require_reason, false) AS require_reason,
                ${access.rank} AS rank, ${access.breakGlass} AS break_glass
           FROM vault_items i LEFT JOIN vault_folders f ON f.id = i.folder_id ${access.joins}
          WHERE i.archived_at IS NULL AND i.company_id IS NOT DISTINCT FROM $1 AND ${scope} ${inFolder}
          ORDER BY lower(i.name), i.id
          LIMIT $${params.length}`,
        params,
      );
      // Items a person does not reach at all stay unknown to them; those below "ver" are left out and counted.
      const reached = found.filter((row) => row.rank >= 0);
      if (reached.length > VAULT_EXPORT_MAX_ITEMS) {
        throw invalid(
          'folder_id',
          `Mais de ${VAULT_EXPORT_MAX_ITEMS.toLocaleString('pt-BR')} itens: exporte uma pasta por vez`,
        );
      }
      const breakGlass = reached.filter((row) => row.break_glass);
      const readable = reached.filter((row) => row.break_glass || row.rank >= rankOf('ver'));
      const leftOut = reached.length - readable.length;
      if (readable.length === 0) {
        throw invalid(
          folderId === null ? 'company_id' : 'folder_id',
          leftOut > 0
            ? 'Nenhum item que você possa revelar: seu acesso aos itens daqui é só "usar" ou "ver metadados"'
            : 'Nenhum item para exportar aqui',
        );
      }
      if (breakGlass.length > 0 && !input.break_glass) {
        throw httpError(
          403,
          'break_glass_required',
          `${breakGlass.length === 1 ? '1 item' : `${breakGlass.length} itens`} desta exportação ${breakGlass.length === 1 ? 'tem' : 'têm'} acessos próprios e você não está entre eles. Use o quebra-vidro (com motivo) para exportá-los.`,
        );
      }
      if (input.break_glass && breakGlass.length > 0 && !input.reason) {
        throw invalid('reason', 'Informe o motivo do quebra-vidro');
      }
      if (!input.reason && readable.some((row) => row.require_reason)) {
        throw invalid('reason', 'Uma pasta desta exportação pede um motivo para revelar: informe o motivo');
      }

      let items: VaultExportItem[];
      try {
        items = [];
        for (const row of readable) {
          const open = async (field: string) =>
            vault.open(
              { itemId: row.id, companyId: row.company_id, field, version: row.version },
              row.secrets[field]!,
            );
          const secrets: Record<string, string> = {};
          for (const field of ['password', 'totp', 'notes', 'private_key']) {
            if (row.secrets[field]) secrets[field] = await open(field);
          }
          const custom: VaultExportItem['custom'] = [];
          for (const field of row.custom ?? []) {
            const sealed = field.secret ? `custom:${field.key}` : null;
            custom.push({
              label: field.label,
              secret: field.secret,
              value: sealed ? (row.secrets[sealed] ? await open(sealed) : '') : (field.value ?? ''),
            });
          }
          items.push({
            kind: row.kind,
            name: row.name,
            url: row.url,
            username: row.username,
            description: row.description,
            tags: row.tags ?? [],
            folder: row.folder_name,
            sensitive: row.sensitive,
            client_visible: row.client_visible,
            rotate_every_days: row.rotate_every_days,
            custom,
            secrets,
          });
        }
      } catch (error) {
        if (error instanceof VaultUnavailableError) throw vaultClosed(error.message);
        log.error({ err: error }, 'vault export: an item failed to open');
        throw error;
      }
      const text = await seal(items, {
        leftOut,
        company: companyId === null ? 'Interno' : companyName,
        folder: folderName,
      });

      const reason = input.reason ?? null;
      await db.transaction(async (tx) => {
        for (const row of readable) {
          await audit(
            {
              ...source,
              module: MODULE,
              action: 'exported',
              companyId: row.company_id,
              targetType: 'password',
              targetId: row.id,
              reason,
              details: {
                name: row.name,
                fields: Object.keys(row.secrets).sort(),
                break_glass: row.break_glass,
              },
            },
            tx,
          );
        }
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'vault_exported',
            companyId,
            targetType: folderId === null ? null : 'password_folder',
            targetId: folderId,
            reason,
            details: {
              scope: { company_id: companyId, folder_id: folderId },
              items: items.length,
              left_out: leftOut,
              break_glass: breakGlass.length,
            },
          },
          tx,
        );
      });
      if (breakGlass.length > 0) {
        for (const admin of await adminsToAlert(viewer)) {
          try {
            await notify(admin.id, {
              type: 'password',
              title: 'Quebra-vidro no cofre',
              message: `${admin.name ?? 'Um administrador'} exportou ${breakGlass.length === 1 ? '1 item' : `${breakGlass.length} itens`} com quebra-vidro${companyName ? ` (${companyName})` : ''}: ${reason}`,
              link: '/passwords/reveals?acao=break_glass',
              severity: 'warning',
            });
          } catch (err) {
            log.error({ err, userId: admin.id }, 'vault: break-glass notification failed');
          }
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      const slug = (folderName ?? companyName ?? 'interno')
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 40);
      return {
        text,
        fileName: `farol-cofre-${slug || 'exportacao'}-${day}.json`,
        items: items.length,
        leftOut,
      };
    },
  };
};

export type TransferService = ReturnType<typeof createTransferService>;
