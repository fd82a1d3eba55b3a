import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  REQUEST_DEFAULT_FOLDER,
  REQUEST_LINK_MESSAGES,
  VAULT_REQUEST_TTL_HOURS,
  type ClientPasswordItem,
  type PortalVaultRequest,
  type RevealResult,
  type VaultRequest,
  type VaultRequestInfo,
  type VaultRequestState,
  type answerVaultRequestSchema,
  type clientRevealRequestSchema,
  type createVaultRequestSchema,
  type vaultRequestListQuerySchema,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { httpError, notFound } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import type { Notify } from '../../shared/notify';
import { VaultIntegrityError } from '../../vault/envelope';
import { VaultUnavailableError, type Vault } from '../../vault/vault';
import { scopeSql, type VaultViewer } from './access';
import { createRevealLimiter } from './rate-limit';
import { iso, listFolders, listItems } from './repository';

type CreateInput = z.output<typeof createVaultRequestSchema>;
type AnswerInput = z.output<typeof answerVaultRequestSchema>;
type ListQuery = z.output<typeof vaultRequestListQuerySchema>;
type ClientRevealInput = z.output<typeof clientRevealRequestSchema>;

const MODULE = 'passwords';

/** Only the SHA-256 of a link's token is stored: the database alone never opens a link. */
export const hashRequestToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface RequestRow {
  id: number;
  company_id: number;
  company_name: string;
  folder_id: number | null;
  folder_name: string | null;
  kind: VaultRequest['kind'];
  title: string;
  message: string | null;
  requested_by: number | null;
  requested_by_name: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
  cancelled_at: Date | string | null;
  item_id: number | null;
  item_name: string | null;
}

const REQUEST_SELECT = `
  SELECT r.id, r.company_id, c.name AS company_name, r.folder_id, f.name AS folder_name, r.kind, r.title, r.message,
         r.requested_by, nullif(trim(u.first_name || ' ' || u.last_name), '') AS requested_by_name,
         r.created_at, r.expires_at, r.used_at, r.cancelled_at, r.item_id, i.name AS item_name
    FROM vault_requests r
    JOIN companies c ON c.id = r.company_id
    LEFT JOIN vault_folders f ON f.id = r.folder_id
    LEFT JOIN users u ON u.id = r.requested_by
    LEFT JOIN vault_items i ON i.id = r.item_id`;

/** The state SQL reads a request in (the same order the public link checks it). */
const STATE_SQL = `CASE WHEN r.used_at IS NOT NULL THEN 'recebido'
                        WHEN r.cancelled_at IS NOT NULL THEN 'cancelado'
                        WHEN r.expires_at <= now() THEN 'expirado'
                        ELSE 'pendente' END`;

const stateOf = (row: RequestRow, now = Date.now()): VaultRequestState =>
  row.used_at !== null
    ? 'recebido'
    : row.cancelled_at !== null
      ? 'cancelado'
      : new Date(iso(row.expires_at)).getTime() <= now
        ? 'expirado'
        : 'pendente';

const toRequest = (row: RequestRow): VaultRequest => ({
  id: row.id,
  company: { id: row.company_id, name: row.company_name },
  folder: row.folder_id === null ? null : { id: row.folder_id, name: row.folder_name ?? '' },
  kind: row.kind,
  title: row.title,
  message: row.message,
  requested_by:
    row.requested_by === null ? null : { id: row.requested_by, name: row.requested_by_name ?? '' },
  created_at: iso(row.created_at),
  expires_at: iso(row.expires_at),
  state: stateOf(row),
  used_at: row.used_at === null ? null : iso(row.used_at),
  item: row.item_id === null ? null : { id: row.item_id, name: row.item_name ?? '' },
});

const toInfo = (row: RequestRow): VaultRequestInfo => ({
  company: row.company_name,
  kind: row.kind,
  title: row.title,
  message: row.message,
  requested_by: row.requested_by_name,
  expires_at: iso(row.expires_at),
});

/** A request the link (or the portal) may no longer answer: 410 with the reason, in Portuguese. */
const gone = (state: Exclude<VaultRequestState, 'pendente'>) =>
  httpError(
    410,
    'link_expired',
    state === 'recebido'
      ? REQUEST_LINK_MESSAGES.used
      : state === 'cancelado'
        ? REQUEST_LINK_MESSAGES.cancelled
        : REQUEST_LINK_MESSAGES.expired,
    { state },
  );

const notAClient = () => notFound('Esta área é do portal do cliente');

/** The client's company, or 404 for staff (these routes are the portal's) and a client without one. */
const clientCompany = (viewer: VaultViewer): number => {
  if (viewer.scope.kind !== 'company' || viewer.scope.companyId === null) throw notAClient();
  return viewer.scope.companyId;
};

/**
 * The vault's client side (issue 14): "Pedir credencial ao cliente" (a one-time link, or the same request in
 * the client portal), the items flagged visível ao cliente that a company's client users reveal, and the
 * company page's figures. Every write and every reveal is audited like the staff side's.
 */
export const createVaultRequestService = ({
  db,
  audit,
  notify,
  vault,
  revealsPerMinute,
  log,
}: {
  db: Database;
  audit: Audit;
  notify: Notify;
  vault: Vault;
  revealsPerMinute: number;
  log: { error(obj: object, msg?: string): void };
}) => {
  const limit = createRevealLimiter(revealsPerMinute);

  const requireVault = () => {
    if (!vault.available)
      throw httpError(503, 'vault_unavailable', vault.unavailableMessage ?? 'Cofre de senhas indisponível');
  };

  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof VaultUnavailableError) throw httpError(503, 'vault_unavailable', error.message);
      if (error instanceof VaultIntegrityError) {
        log.error({ err: error }, 'vault: a ciphertext failed its integrity check');
        throw httpError(500, 'internal_error', error.message);
      }
      throw error;
    }
  };

  const loadRequest = async (tx: Database, where: string, value: unknown, forUpdate = false) => {
    const { rows } = await tx.query<RequestRow>(
      `${REQUEST_SELECT} WHERE ${where} = $1 ${forUpdate ? 'FOR UPDATE OF r' : ''}`,
      [value],
    );
    return rows[0] ?? null;
  };

  /** The folder a request's credential lands in: the one it names, else the company's "Enviadas pelo cliente". */
  const landingFolder = async (tx: Database, request: RequestRow, source: AuditSource) => {
    if (request.folder_id !== null) {
      const { rows } = await tx.query(
        'SELECT 1 FROM vault_folders WHERE id = $1 AND company_id = $2 AND archived_at IS NULL',
        [request.folder_id, request.company_id],
      );
      if (rows.length > 0) return request.folder_id;
    }
    const { rows: found } = await tx.query<{ id: number }>(
      `SELECT id FROM vault_folders WHERE company_id = $1 AND lower(name) = lower($2) AND archived_at IS NULL`,
      [request.company_id, REQUEST_DEFAULT_FOLDER],
    );
    if (found[0]) return found[0].id;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO vault_folders (company_id, name, created_by) VALUES ($1, $2, $3) RETURNING id`,
      [request.company_id, REQUEST_DEFAULT_FOLDER, request.requested_by],
    );
    const id = rows[0]!.id;
    await audit(
      {
        ...source,
        module: MODULE,
        action: 'folder_created',
        companyId: request.company_id,
        targetType: 'password_folder',
        targetId: id,
        details: { name: REQUEST_DEFAULT_FOLDER, for_request: request.id },
      },
      tx,
    );
    return id;
  };

  /** Seals the answer into a new item of the request's company and ends the request, in one transaction. */
  const answer = async (
    where: { token: string } | { id: number; companyId: number },
    input: AnswerInput,
    source: AuditSource,
    answeredBy: { id: number; name: string } | null,
  ) => {
    requireVault();
    const done = await guard(() =>
      db.transaction(async (tx) => {
        const request =
          'token' in where
            ? await loadRequest(tx, 'r.token_hash', hashRequestToken(where.token), true)
            : await loadRequest(tx, 'r.id', where.id, true);
        if (!request || ('companyId' in where && request.company_id !== where.companyId))
          throw 'token' in where
            ? notFound(REQUEST_LINK_MESSAGES.invalid)
            : notFound('Pedido de credencial não encontrado');
        const state = stateOf(request);
        if (state !== 'pendente') throw gone(state);
        const folderId = await landingFolder(tx, request, source);
        const { rows } = await tx.query<{ id: number }>(
          "SELECT nextval(pg_get_serial_sequence('vault_items', 'id'))::int AS id",
        );
        const itemId = rows[0]!.id;
        const secrets: Record<string, string> = {};
        const open: Record<string, string | undefined> = {
          password: input.password || undefined,
          private_key: input.private_key || undefined,
          notes: input.notes?.trim() ? input.notes : undefined,
        };
        for (const [field, value] of Object.entries(open)) {
          if (value === undefined) continue;
          secrets[field] = await vault.seal(
            { itemId, companyId: request.company_id, field, version: 1 },
            value,
            tx,
          );
        }
        const sentBy = answeredBy?.name ?? input.sent_by ?? null;
        const when = new Intl.DateTimeFormat('pt-BR', {
          dateStyle: 'short',
          timeStyle: 'short',
          timeZone: 'America/Sao_Paulo',
        }).format(new Date());
        const description = `Enviada pelo cliente${sentBy ? ` (${sentBy})` : ''} ${
          answeredBy ? 'pelo portal' : 'pelo link de pedido'
        } em ${when}.`;
        await tx.query(
          `INSERT INTO vault_items (id, company_id, folder_id, kind, name, url, username, description, secrets,
                                    owner_id, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
          [
            itemId,
            request.company_id,
            folderId,
            request.kind,
            request.title,
            input.url ?? null,
            input.username ?? null,
            description,
            JSON.stringify(secrets),
            request.requested_by,
            answeredBy?.id ?? null,
          ],
        );
        await tx.query(
          `UPDATE vault_requests SET used_at = now(), item_id = $2, answered_by = $3, sent_by = $4 WHERE id = $1`,
          [request.id, itemId, answeredBy?.id ?? null, sentBy],
        );
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'request_answered',
            companyId: request.company_id,
            targetType: 'password',
            targetId: itemId,
            details: {
              request_id: request.id,
              name: request.title,
              kind: request.kind,
              secret_fields: Object.keys(secrets).sort(),
              channel: answeredBy ? 'portal' : 'link',
              sent_by: sentBy,
            },
          },
          tx,
        );
        return { request, itemId };
      }),
    );
    if (done.request.requested_by !== null) {
      try {
        await notify(done.request.requested_by, {
          type: 'password',
          title: 'Credencial recebida',
          message: `${done.request.company_name} enviou "${done.request.title}": ela já está no cofre.`,
          link: `/passwords/${done.itemId}`,
          severity: 'success',
        });
      } catch (err) {
        log.error({ err }, 'vault: request answered notification failed');
      }
    }
    return { message: REQUEST_LINK_MESSAGES.received };
  };

  return {
    async list(viewer: VaultViewer, query: ListQuery) {
      const params: unknown[] = [];
      const where = [scopeSql(viewer.scope, params, 'r.company_id')];
      if (query.company_id !== undefined) {
        params.push(query.company_id);
        where.push(`r.company_id = $${params.length}`);
      }
      if (query.state !== undefined) {
        params.push(query.state);
        where.push(`${STATE_SQL} = $${params.length}`);
      }
      params.push(query.limit, (query.page - 1) * query.limit);
      const { rows } = await db.query<RequestRow>(
        `${REQUEST_SELECT} WHERE ${where.join(' AND ')}
          ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      const count = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM vault_requests r WHERE ${where.join(' AND ')}`,
        params.slice(0, -2),
      );
      return { items: rows.map(toRequest), total: Number(count.rows[0]?.total ?? 0) };
    },

    async create(viewer: VaultViewer, input: CreateInput, origin: string, source: AuditSource) {
      return db.transaction(async (tx) => {
        const params: unknown[] = [input.company_id];
        const { rows: companies } = await tx.query(
          `SELECT 1 FROM companies WHERE id = $1 AND archived_at IS NULL AND ${scopeSql(viewer.scope, params, 'id')}`,
          params,
        );
        if (companies.length === 0)
          throw httpError(400, 'validation_failed', 'Dados inválidos', {
            company_id: 'Empresa não encontrada',
          });
        if (input.folder_id) {
          const folder = (await listFolders(tx, viewer, input.folder_id))[0];
          if (!folder)
            throw httpError(400, 'validation_failed', 'Dados inválidos', {
              folder_id: 'Pasta não encontrada',
            });
          if (folder.company?.id !== input.company_id)
            throw httpError(400, 'validation_failed', 'Dados inválidos', {
              folder_id: 'A pasta não é desta empresa',
            });
          if (!viewer.admin && folder.access !== 'editar' && folder.access !== 'gerenciar')
            throw httpError(403, 'forbidden', 'Você não pode guardar itens nesta pasta.');
        }
        const token = randomBytes(32).toString('base64url');
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO vault_requests (token_hash, company_id, folder_id, kind, title, message, requested_by, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(hours => $8)) RETURNING id`,
          [
            hashRequestToken(token),
            input.company_id,
            input.folder_id ?? null,
            input.kind,
            input.title,
            input.message ?? null,
            viewer.id,
            VAULT_REQUEST_TTL_HOURS,
          ],
        );
        const id = rows[0]!.id;
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'request_created',
            companyId: input.company_id,
            targetType: 'password_request',
            targetId: id,
            details: { title: input.title, kind: input.kind, folder_id: input.folder_id ?? null },
          },
          tx,
        );
        const request = toRequest((await loadRequest(tx, 'r.id', id))!);
        return { request, link: `${origin.replace(/\/$/, '')}/credencial/${token}` };
      });
    },

    async cancel(viewer: VaultViewer, id: number, source: AuditSource) {
      await db.transaction(async (tx) => {
        const params: unknown[] = [id];
        const { rows } = await tx.query<RequestRow>(
          `${REQUEST_SELECT} WHERE r.id = $1 AND ${scopeSql(viewer.scope, params, 'r.company_id')} FOR UPDATE OF r`,
          params,
        );
        const request = rows[0];
        if (!request) throw notFound('Pedido de credencial não encontrado');
        const state = stateOf(request);
        if (state !== 'pendente')
          throw httpError(409, 'conflict', 'Só um pedido aguardando o cliente pode ser cancelado.');
        await tx.query('UPDATE vault_requests SET cancelled_at = now(), cancelled_by = $2 WHERE id = $1', [
          id,
          viewer.id,
        ]);
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'request_cancelled',
            companyId: request.company_id,
            targetType: 'password_request',
            targetId: id,
            details: { title: request.title },
          },
          tx,
        );
      });
    },

    /** What the public link shows before the client types (404 never issued, 410 used, cancelled or expired). */
    async linkInfo(token: string): Promise<VaultRequestInfo> {
      const request = await loadRequest(db, 'r.token_hash', hashRequestToken(token));
      if (!request) throw notFound(REQUEST_LINK_MESSAGES.invalid);
      const state = stateOf(request);
      if (state !== 'pendente') throw gone(state);
      return toInfo(request);
    },

    answerLink: (token: string, input: AnswerInput, source: AuditSource) =>
      answer({ token }, input, source, null),

    /** The client's company's requests still waiting for an answer. */
    async portalRequests(viewer: VaultViewer): Promise<PortalVaultRequest[]> {
      const companyId = clientCompany(viewer);
      const { rows } = await db.query<RequestRow>(
        `${REQUEST_SELECT} WHERE r.company_id = $1 AND r.used_at IS NULL AND r.cancelled_at IS NULL
           AND r.expires_at > now() ORDER BY r.created_at DESC LIMIT 50`,
        [companyId],
      );
      return rows.map((row) => ({ id: row.id, ...toInfo(row) }));
    },

    async answerPortal(
      viewer: VaultViewer & { name: string },
      id: number,
      input: AnswerInput,
      source: AuditSource,
    ) {
      const companyId = clientCompany(viewer);
      return answer({ id, companyId }, input, source, { id: viewer.id, name: viewer.name });
    },

    /** The items of the client's company flagged visível ao cliente: metadata, never a secret. */
    async clientItems(viewer: VaultViewer): Promise<ClientPasswordItem[]> {
      const companyId = clientCompany(viewer);
      const { rows } = await db.query<{
        id: number;
        kind: ClientPasswordItem['kind'];
        name: string;
        url: string | null;
        username: string | null;
        description: string | null;
        custom: { key: string; label: string; secret: boolean }[];
        secret_fields: string[];
        updated_at: Date | string;
      }>(
        `SELECT i.id, i.kind, i.name, i.url, i.username, i.description, i.custom, i.updated_at,
                ARRAY(SELECT k FROM jsonb_object_keys(i.secrets) k WHERE k <> 'totp' ORDER BY 1) AS secret_fields
           FROM vault_items i
          WHERE i.company_id = $1 AND i.client_visible AND i.archived_at IS NULL
          ORDER BY lower(i.name), i.id LIMIT 500`,
        [companyId],
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        name: row.name,
        url: row.url,
        username: row.username,
        description: row.description,
        secret_fields: row.secret_fields,
        field_labels: Object.fromEntries(
          (row.custom ?? [])
            .filter((field) => field.secret)
            .map((field) => [`custom:${field.key}`, field.label]),
        ),
        updated_at: iso(row.updated_at),
      }));
    },

    /** A client user reveals (or copies) one field of their company's visível ao cliente item: audited. */
    async clientReveal(
      viewer: VaultViewer,
      id: number,
      input: ClientRevealInput,
      source: AuditSource,
    ): Promise<RevealResult> {
      const companyId = clientCompany(viewer);
      requireVault();
      limit(viewer.id);
      return guard(async () => {
        const { rows } = await db.query<{
          id: number;
          name: string;
          company_id: number;
          version: number;
          secrets: Record<string, string>;
        }>(
          `SELECT id, name, company_id, version, secrets FROM vault_items
            WHERE id = $1 AND company_id = $2 AND client_visible AND archived_at IS NULL`,
          [id, companyId],
        );
        const row = rows[0];
        // Another company's item, or one not shared with clients, answers like a missing one.
        if (!row) throw notFound('Item do cofre não encontrado');
        const sealed = row.secrets[input.field];
        if (!sealed) throw notFound('Este item não tem esse campo');
        const value = await vault.open(
          { itemId: row.id, companyId: row.company_id, field: input.field, version: row.version },
          sealed,
        );
        await audit({
          ...source,
          module: MODULE,
          action: input.purpose,
          companyId: row.company_id,
          targetType: 'password',
          targetId: row.id,
          reason: input.reason ?? null,
          details: {
            field: input.field,
            purpose: input.purpose,
            name: row.name,
            break_glass: false,
            portal: true,
          },
        });
        return { field: input.field, value };
      });
    },

    /** The company page's figures: its items the caller reaches, and those whose rotation is due or overdue. */
    async figures(viewer: VaultViewer, companyId: number) {
      const params: unknown[] = [companyId];
      const { rows } = await db.query(
        `SELECT 1 FROM companies WHERE id = $1 AND ${scopeSql(viewer.scope, params, 'id')}`,
        params,
      );
      if (rows.length === 0) throw notFound('Empresa não encontrada');
      const count = async (rotation?: 'due' | 'overdue') =>
        (
          await listItems(db, viewer, {
            company_id: companyId,
            page: 1,
            limit: 1,
            ...(rotation ? { rotation } : {}),
          })
        ).total;
      const [items, due, overdue] = [await count(), await count('due'), await count('overdue')];
      return { items, due, overdue };
    },
  };
};

export type VaultRequestService = ReturnType<typeof createVaultRequestService>;
