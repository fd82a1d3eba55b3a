/**
 * The connections module's rules (issue 15): who may list, edit, connect and end what; every write in one
 * transaction with its audit row; the one-time connect ticket; the session record from start to end.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  CONNECTION_DEFAULT_PORTS,
  CONNECTION_MAX_SESSIONS_PER_USER,
  CONNECTION_PROTOCOL_LABELS,
  CONNECTION_TICKET_BYTES,
  CONNECTION_TICKET_TTL_MS,
  type ConnectCredential,
  type Connection,
  type ConnectionEndReason,
  type ConnectionFilterOptions,
  type ConnectionLaunch,
  type ConnectionList,
  type ConnectionSession,
  type ConnectionSessionList,
  type ConnectSessionAnswer,
  type TargetPolicyAnswer,
  type allowedNetworkInputSchema,
  type connectSessionInputSchema,
  type connectionLaunchInputSchema,
  type connectionListQuerySchema,
  type connectionSessionListQuerySchema,
  type createConnectionSchema,
  type internalTargetInputSchema,
  type updateConnectionSchema,
  connectionCommand,
  connectionLaunchLink,
  connectionSessionSummary,
} from '@farol/data/contract';
import { hasPermissions, isAdminRole, type AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import type { Viewer } from '../../http/access';
import { companyScopeSql, scopeReachesCompany } from '../../http/company-scope';
import { httpError, notFound } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import type { Notify } from '../../shared/notify';
import type { Vault } from '../../vault/vault';
import {
  CONNECTION_SELECT,
  type ConnectionRow,
  endStalePendingSessions,
  hasRecordingsTable,
  loadConnection,
  loadVaultSecrets,
  sessionSelect,
  type SessionRow,
  toConnection,
  toSession,
  vaultItemRank,
} from './repository';
import type { SessionRegistry } from './session-registry';
import {
  checkTarget,
  isValidNetworkRule,
  loadTargetPolicy,
  type Resolver,
  systemResolver,
} from './target-policy';

const MODULE = 'connections';
const TARGET = 'connection';
const SESSION_TARGET = 'connection_session';

type CreateInput = z.output<typeof createConnectionSchema>;
type UpdateInput = z.output<typeof updateConnectionSchema>;
type ListQuery = z.output<typeof connectionListQuerySchema>;
type SessionListQuery = z.output<typeof connectionSessionListQuerySchema>;
type ConnectInput = z.output<typeof connectSessionInputSchema>;
type LaunchInput = z.output<typeof connectionLaunchInputSchema>;
type NetworkInput = z.output<typeof allowedNetworkInputSchema>;
type InternalInput = z.output<typeof internalTargetInputSchema>;

/** A credential the gateway uses, opened in memory; never stored, logged or sent to a browser. */
export interface OpenCredential {
  username: string;
  password: string | null;
  privateKey: string | null;
  passphrase: string | null;
}

export interface SessionEnd {
  reason: ConnectionEndReason;
  endedBy: number | null;
  bytesIn: number;
  bytesOut: number;
}

export interface ConnectionServiceDeps {
  db: Database;
  audit: Audit;
  notify: Notify;
  vault: Vault;
  registry: SessionRegistry;
  /** Farol's own listening ports (the target policy refuses them on this machine). */
  ownPorts: () => readonly number[];
  resolve?: Resolver;
  log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

const VAULT_RANK = { metadados: 0, usar: 1, ver: 2, editar: 3, gerenciar: 4 } as const;

const invalid = (field: string, message: string) =>
  httpError(400, 'validation_failed', message, { [field]: message });
const conflict = (message: string) => httpError(409, 'conflict', message);
/** The target policy refused the address: 422, the host field named (the caller holds the key; the target is wrong). */
const refused = (message: string) => httpError(422, 'validation_failed', message, { host: message });

export const hashTicket = (raw: string) => createHash('sha256').update(raw).digest('hex');

const minutesBetween = (from: Date | string, to: Date | string) =>
  Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);

/** Whether a person may read everyone's sessions (else only their own). */
const seesAllSessions = (user: AuthUser) =>
  isAdminRole(user.role) ||
  hasPermissions(user, ['connections.audit']) ||
  hasPermissions(user, ['connections.manage']);

/** The vault ceiling for using a credential through a connection (see vaultItemRank). */
const vaultUseCeiling = (user: AuthUser): number => {
  if (isAdminRole(user.role) || hasPermissions(user, ['passwords.manage'])) return VAULT_RANK.gerenciar;
  if (hasPermissions(user, ['passwords.reveal'])) return VAULT_RANK.ver;
  if (hasPermissions(user, ['passwords.view']) || hasPermissions(user, ['connections.connect']))
    return VAULT_RANK.usar;
  return -1;
};

/** The .rdp file a native client opens: the address, the login's name and domain — never a password. */
export const rdpFile = (
  row: Pick<ConnectionRow, 'host' | 'port' | 'options' | 'name'>,
  username: string | null,
) => {
  const lines = [
    `full address:s:${row.host}:${row.port}`,
    ...(username ? [`username:s:${username}`] : []),
    ...(row.options.rdp_domain ? [`domain:s:${row.options.rdp_domain}`] : []),
  ];
  const resolution = row.options.rdp_resolution;
  if (resolution && resolution !== 'auto') {
    const [width, height] = resolution.split('x');
    lines.push('screen mode id:i:1', `desktopwidth:i:${width}`, `desktopheight:i:${height}`);
  } else {
    lines.push('screen mode id:i:2', 'dynamic resolution:i:1');
  }
  lines.push('prompt for credentials:i:1', 'authentication level:i:2', 'enablecredsspsupport:i:1');
  return lines.join('\r\n') + '\r\n';
};

export const createConnectionService = (deps: ConnectionServiceDeps) => {
  const { db, audit, notify, vault, registry, ownPorts, log } = deps;
  const resolve = deps.resolve ?? systemResolver;
  /** "Pedir ao conectar" credentials, by session, until the gateway redeems the ticket (or it expires). */
  const heldCredentials = new Map<number, { credential: ConnectCredential; timer: NodeJS.Timeout }>();
  let recordings: boolean | null = null;
  const withRecordings = async () => (recordings ??= await hasRecordingsTable(db));

  const holdCredential = (sessionId: number, credential: ConnectCredential) => {
    const timer = setTimeout(() => heldCredentials.delete(sessionId), CONNECTION_TICKET_TTL_MS + 5_000);
    timer.unref();
    heldCredentials.set(sessionId, { credential, timer });
  };
  const takeCredential = (sessionId: number): ConnectCredential | null => {
    const held = heldCredentials.get(sessionId);
    if (!held) return null;
    clearTimeout(held.timer);
    heldCredentials.delete(sessionId);
    return held.credential;
  };

  /** A connection the viewer reaches, or 404 (another company's is simply not found). */
  const mustLoad = async (viewer: Viewer, id: number, tx: Database = db, forUpdate = false) => {
    const row = await loadConnection(tx, id, { forUpdate });
    if (!row || !scopeReachesCompany(viewer.scope, row.company_id, { unassigned: true }))
      throw notFound('Conexão não encontrada');
    return row;
  };

  const loadSessionRow = async (id: number, tx: Database = db): Promise<SessionRow | null> => {
    const { rows } = await tx.query<SessionRow>(`${sessionSelect(await withRecordings())} WHERE s.id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  };

  const mustLoadSession = async (viewer: Viewer, id: number) => {
    const row = await loadSessionRow(id);
    if (
      !row ||
      !scopeReachesCompany(viewer.scope, row.company_id, { unassigned: true }) ||
      (!seesAllSessions(viewer) && row.user_id !== viewer.id)
    )
      throw notFound('Sessão não encontrada');
    return row;
  };

  /** The company (and branch) a connection is given: it must exist and be within the viewer's reach. */
  const checkCompany = async (
    viewer: Viewer,
    companyId: number | null,
    branchId: number | null,
    tx: Database,
  ) => {
    if (companyId !== null) {
      const { rows } = await tx.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
      if (rows.length === 0 || !scopeReachesCompany(viewer.scope, companyId))
        throw invalid('company_id', 'Empresa não encontrada');
    }
    if (branchId !== null) {
      if (companyId === null) throw invalid('branch_id', 'Escolha a empresa da filial');
      const { rows } = await tx.query('SELECT 1 FROM branches WHERE id = $1 AND company_id = $2', [
        branchId,
        companyId,
      ]);
      if (rows.length === 0) throw invalid('branch_id', 'Filial não encontrada nesta empresa');
    }
  };

  /** A vault item a connection may use: the same company (or internal), and the editor reaches "usar" on it. */
  const checkVaultItem = async (viewer: Viewer, itemId: number, companyId: number | null, tx: Database) => {
    const item = await vaultItemRank(tx, viewer, vaultUseCeiling(viewer), itemId);
    if (
      !item ||
      item.rank < VAULT_RANK.metadados ||
      !scopeReachesCompany(viewer.scope, item.company_id, { unassigned: true })
    )
      throw invalid('vault_item_id', 'Item do cofre não encontrado');
    if (item.company_id !== null && item.company_id !== companyId)
      throw invalid('vault_item_id', 'O item do cofre é de outra empresa');
    if (item.rank < VAULT_RANK.usar)
      throw invalid('vault_item_id', 'Você não tem acesso de uso a este item do cofre');
    return item;
  };

  const checkJump = async (
    viewer: Viewer,
    jumpId: number,
    self: number | null,
    companyId: number | null,
    tx: Database,
  ) => {
    if (jumpId === self) throw invalid('jump_connection_id', 'Uma conexão não pode ser o próprio salto');
    const jump = await loadConnection(tx, jumpId);
    if (!jump || !scopeReachesCompany(viewer.scope, jump.company_id, { unassigned: true }))
      throw invalid('jump_connection_id', 'Conexão de salto não encontrada');
    if (jump.protocol !== 'ssh') throw invalid('jump_connection_id', 'O salto precisa ser uma conexão SSH');
    if (jump.jump_connection_id !== null)
      throw invalid('jump_connection_id', 'O salto escolhido já usa outro salto: encadeie no máximo um');
    if (jump.company_id !== null && jump.company_id !== companyId)
      throw invalid('jump_connection_id', 'A conexão de salto é de outra empresa');
  };

  const ticketRef = async (viewer: Viewer, ticketId: number, companyId: number | null) => {
    const { rows } = await db.query<{ id: number; number: number; company_id: number }>(
      'SELECT id, number, company_id FROM tickets WHERE id = $1',
      [ticketId],
    );
    const ticket = rows[0];
    if (!ticket || !scopeReachesCompany(viewer.scope, ticket.company_id))
      throw invalid('ticket_id', 'Chamado não encontrado');
    if (companyId !== null && ticket.company_id !== companyId)
      throw invalid('ticket_id', 'O chamado é de outra empresa');
    return ticket;
  };

  const changesOf = (before: ConnectionRow, after: ConnectionRow) => {
    const fields = [
      'name',
      'protocol',
      'host',
      'port',
      'company_id',
      'branch_id',
      'folder',
      'credential_mode',
      'vault_item_id',
      'username',
      'jump_connection_id',
      'recording',
      'require_reason',
      'idle_timeout_min',
      'max_duration_min',
      'max_sessions',
    ] as const;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of fields) {
      if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
    }
    if (before.tags.join(',') !== after.tags.join(',')) changes.tags = { from: before.tags, to: after.tags };
    if (JSON.stringify(before.options) !== JSON.stringify(after.options))
      changes.options = { from: before.options, to: after.options };
    return changes;
  };

  /** Client users flagged "gestor da empresa" of the session's company hear that someone connected. */
  const tellCompanyManagers = async (
    session: { id: number; company_id: number | null; ticket_id: number | null },
    connection: Pick<ConnectionRow, 'name' | 'protocol'>,
    personName: string,
  ) => {
    if (session.company_id === null) return;
    try {
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM users
          WHERE company_id = $1 AND company_manager AND status = 'ativo'
            AND lower(trim(role)) IN ('cliente', 'client')`,
        [session.company_id],
      );
      if (rows.length === 0) return;
      let ticketText = '';
      if (session.ticket_id !== null) {
        const ticket = await db.query<{ number: number }>('SELECT number FROM tickets WHERE id = $1', [
          session.ticket_id,
        ]);
        if (ticket.rows[0]) ticketText = ` (chamado #${ticket.rows[0].number})`;
      }
      const protocol = CONNECTION_PROTOCOL_LABELS[connection.protocol].split(' ')[0];
      for (const row of rows) {
        await notify(row.id, {
          type: 'connection',
          severity: 'info',
          title: 'Acesso remoto iniciado',
          message: `${personName} iniciou acesso remoto (${protocol}) a ${connection.name}${ticketText}.`,
          link: session.ticket_id === null ? null : `/tickets/${session.ticket_id}`,
        });
      }
    } catch (err) {
      log.error({ err, sessionId: session.id }, 'connections: company managers not notified');
    }
  };

  /** The username a native command or the gateway shows: the connection's, else its vault item's. */
  const usernameOf = async (row: ConnectionRow, userId: number): Promise<string | null> => {
    if (row.username) return row.username;
    let itemId = row.credential_mode === 'cofre' ? row.vault_item_id : null;
    if (row.credential_mode === 'por_usuario') {
      const { rows } = await db.query<{ vault_item_id: number }>(
        'SELECT vault_item_id FROM connection_user_credentials WHERE connection_id = $1 AND user_id = $2',
        [row.id, userId],
      );
      itemId = rows[0]?.vault_item_id ?? null;
    }
    if (itemId === null) return null;
    const { rows } = await db.query<{ username: string | null }>(
      'SELECT username FROM vault_items WHERE id = $1',
      [itemId],
    );
    return rows[0]?.username ?? null;
  };

  /** Opens the credential of `row` for `user` in memory (vault item, their own item, or the one they typed). */
  const openCredential = async (
    row: ConnectionRow,
    user: AuthUser,
    typed: ConnectCredential | null,
  ): Promise<OpenCredential | { refusal: string }> => {
    const fromTyped = (credential: ConnectCredential): OpenCredential => ({
      username: credential.username,
      password: credential.password ?? null,
      privateKey: credential.private_key ?? null,
      passphrase: credential.passphrase ?? null,
    });
    let itemId: number | null = null;
    if (row.credential_mode === 'cofre') itemId = row.vault_item_id;
    else if (row.credential_mode === 'por_usuario') {
      const { rows } = await db.query<{ vault_item_id: number }>(
        'SELECT vault_item_id FROM connection_user_credentials WHERE connection_id = $1 AND user_id = $2',
        [row.id, user.id],
      );
      itemId = rows[0]?.vault_item_id ?? null;
      if (itemId === null) {
        return typed
          ? fromTyped(typed)
          : { refusal: 'Cadastre sua credencial para esta conexão ou informe-a ao conectar.' };
      }
    } else {
      return typed ? fromTyped(typed) : { refusal: 'Informe o usuário e a senha ou a chave para conectar.' };
    }
    if (itemId === null) return { refusal: 'A conexão não tem mais um item do cofre com a credencial.' };
    const reach = await vaultItemRank(db, user, vaultUseCeiling(user), itemId);
    if (!reach || reach.rank < VAULT_RANK.usar)
      return { refusal: 'Você não tem acesso de uso ao item do cofre desta conexão.' };
    if (!vault.available) return { refusal: vault.unavailableMessage ?? 'Cofre de senhas indisponível.' };
    const item = await loadVaultSecrets(db, itemId);
    if (!item) return { refusal: 'A conexão não tem mais um item do cofre com a credencial.' };
    const open = async (field: string) => {
      const sealed = item.secrets[field];
      if (!sealed) return null;
      return vault.open(
        { itemId: item.id, companyId: item.company_id, field, version: item.version },
        sealed,
      );
    };
    // VNC authenticates with a password alone.
    const username = row.username ?? item.username ?? (row.protocol === 'vnc' ? '' : null);
    if (username === null)
      return { refusal: 'O item do cofre não tem usuário: informe o usuário na conexão.' };
    return {
      username,
      password: await open('password'),
      privateKey: await open('private_key'),
      passphrase: null,
    };
  };

  const listSql = (viewer: Viewer, query: ListQuery, params: unknown[]) => {
    const where = [
      'c.archived_at IS NULL',
      companyScopeSql(viewer.scope, params, 'c.company_id', { unassigned: true }),
    ];
    if (query.q) {
      params.push(query.q);
      where.push(`c.search_text LIKE '%' || farol_fold($${params.length}) || '%'`);
    }
    if (query.protocol) {
      params.push(query.protocol);
      where.push(`c.protocol = $${params.length}`);
    }
    if (query.company_id === 'internal') where.push('c.company_id IS NULL');
    else if (query.company_id !== undefined) {
      params.push(query.company_id);
      where.push(`c.company_id = $${params.length}`);
    }
    if (query.folder) {
      params.push(query.folder);
      where.push(`lower(c.folder) = lower($${params.length})`);
    }
    if (query.tag) {
      params.push([query.tag.toLowerCase()]);
      where.push(`c.tags @> $${params.length}::text[]`);
    }
    return where.join(' AND ');
  };

  /** Writes the end of a session: its record, the audit row and the linked chamado's history line. */
  const finishSession = async (sessionId: number, end: SessionEnd): Promise<ConnectionSession | null> => {
    const ended = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: number;
        user_id: number | null;
        company_id: number | null;
        ticket_id: number | null;
        connection_id: number;
        protocol: Connection['protocol'];
        connected_at: Date | string | null;
        ended_at: Date | string;
      }>(
        `UPDATE connection_sessions
            SET state = 'encerrada', ended_at = now(), bytes_in = $2, bytes_out = $3, ended_by = $4, end_reason = $5
          WHERE id = $1 AND state IN ('pendente', 'ativa')
          RETURNING id, user_id, company_id, ticket_id, connection_id, protocol, connected_at, ended_at`,
        [
          sessionId,
          Math.max(0, Math.round(end.bytesIn)),
          Math.max(0, Math.round(end.bytesOut)),
          end.endedBy,
          end.reason,
        ],
      );
      const row = rows[0];
      if (!row) return false;
      const minutes = row.connected_at === null ? null : minutesBetween(row.connected_at, row.ended_at);
      await audit(
        {
          module: MODULE,
          action: 'session_ended',
          actorId: end.endedBy ?? row.user_id,
          actorKind: end.endedBy === null && row.user_id === null ? 'system' : 'staff',
          companyId: row.company_id,
          targetType: SESSION_TARGET,
          targetId: row.id,
          ticketId: row.ticket_id,
          details: {
            connection_id: row.connection_id,
            end_reason: end.reason,
            bytes_in: end.bytesIn,
            bytes_out: end.bytesOut,
            minutes,
          },
        },
        tx,
      );
      if (row.ticket_id !== null && minutes !== null) {
        const names = await tx.query<{ connection_name: string; person: string | null }>(
          `SELECT c.name AS connection_name,
                  (SELECT COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.username, u.email)
                     FROM users u WHERE u.id = $2) AS person
             FROM connections c WHERE c.id = $1`,
          [row.connection_id, row.user_id],
        );
        const summary = connectionSessionSummary(
          row.protocol,
          names.rows[0]?.connection_name ?? '',
          names.rows[0]?.person ?? 'alguém',
          minutes,
        );
        await tx.query(
          `INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value)
           VALUES ($1, $2, 'connection_session', NULL, $3)`,
          [row.ticket_id, row.user_id, summary],
        );
      }
      return true;
    });
    if (!ended) return null;
    const row = await loadSessionRow(sessionId);
    return row ? toSession(row) : null;
  };

  return {
    finishSession,
    takeCredential,
    openCredential,
    tellCompanyManagers,
    holdsCredential: (sessionId: number) => heldCredentials.has(sessionId),

    /** A redeemed ticket's stream is open: the audit row, and the company's managers hear of it. */
    async sessionStarted(sessionId: number, connection: ConnectionRow, user: AuthUser, ip: string | null) {
      const { rows } = await db.query<{
        company_id: number | null;
        ticket_id: number | null;
        reason: string | null;
      }>('SELECT company_id, ticket_id, reason FROM connection_sessions WHERE id = $1', [sessionId]);
      const session = rows[0];
      if (!session) return;
      await audit({
        module: MODULE,
        action: 'session_started',
        actorId: user.id,
        actorKind: 'staff',
        ip,
        companyId: session.company_id,
        targetType: SESSION_TARGET,
        targetId: sessionId,
        reason: session.reason,
        ticketId: session.ticket_id,
        details: { connection_id: connection.id, name: connection.name, protocol: connection.protocol },
      });
      await tellCompanyManagers({ id: sessionId, ...session }, connection, user.name);
    },

    async list(viewer: Viewer, query: ListQuery): Promise<ConnectionList> {
      const params: unknown[] = [];
      const where = listSql(viewer, query, params);
      const count = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM connections c WHERE ${where}`,
        params,
      );
      params.push(query.limit, (query.page - 1) * query.limit);
      const { rows } = await db.query<ConnectionRow>(
        `${CONNECTION_SELECT} WHERE ${where} ORDER BY lower(c.name), c.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { items: rows.map(toConnection), total: count.rows[0]?.total ?? 0 };
    },

    async options(viewer: Viewer): Promise<ConnectionFilterOptions> {
      const params: unknown[] = [];
      const scope = companyScopeSql(viewer.scope, params, 'c.company_id', { unassigned: true });
      const [folders, tags, companies] = await Promise.all([
        db.query<{ folder: string }>(
          `SELECT DISTINCT c.folder FROM connections c
            WHERE c.archived_at IS NULL AND c.folder IS NOT NULL AND ${scope} ORDER BY 1`,
          params,
        ),
        db.query<{ tag: string }>(
          `SELECT DISTINCT unnest(c.tags) AS tag FROM connections c WHERE c.archived_at IS NULL AND ${scope} ORDER BY 1`,
          params,
        ),
        (() => {
          const companyParams: unknown[] = [];
          const companyScope = companyScopeSql(viewer.scope, companyParams, 'co.id');
          return db.query<{ id: number; name: string }>(
            `SELECT co.id, co.name FROM companies co
              WHERE EXISTS (SELECT 1 FROM connections c WHERE c.company_id = co.id AND c.archived_at IS NULL)
                AND ${companyScope} ORDER BY lower(co.name)`,
            companyParams,
          );
        })(),
      ]);
      return {
        folders: folders.rows.map((row) => row.folder),
        tags: tags.rows.map((row) => row.tag),
        companies: companies.rows,
      };
    },

    async get(viewer: Viewer, id: number): Promise<Connection> {
      return toConnection(await mustLoad(viewer, id));
    },

    async create(viewer: Viewer, input: CreateInput, source: AuditSource): Promise<Connection> {
      return db.transaction(async (tx) => {
        const companyId = input.company_id ?? null;
        const branchId = input.branch_id ?? null;
        await checkCompany(viewer, companyId, branchId, tx);
        const mode = input.credential_mode ?? 'pedir';
        const vaultItemId = mode === 'cofre' ? (input.vault_item_id ?? null) : null;
        if (vaultItemId !== null) await checkVaultItem(viewer, vaultItemId, companyId, tx);
        const jumpId = input.jump_connection_id ?? null;
        if (jumpId !== null) {
          if (input.protocol !== 'ssh')
            throw invalid('jump_connection_id', 'Salto só vale para conexões SSH');
          await checkJump(viewer, jumpId, null, companyId, tx);
        }
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO connections (company_id, branch_id, name, protocol, host, port, folder, tags, description,
             credential_mode, vault_item_id, username, jump_connection_id, options, recording, require_reason,
             idle_timeout_min, max_duration_min, max_sessions, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
           RETURNING id`,
          [
            companyId,
            branchId,
            input.name,
            input.protocol,
            input.host,
            input.port ?? CONNECTION_DEFAULT_PORTS[input.protocol],
            input.folder ?? null,
            input.tags ?? [],
            input.description ?? null,
            mode,
            vaultItemId,
            input.username ?? null,
            jumpId,
            JSON.stringify(input.options ?? {}),
            input.recording ?? 'desligada',
            input.require_reason ?? false,
            input.idle_timeout_min ?? null,
            input.max_duration_min ?? null,
            input.max_sessions ?? null,
            viewer.id,
          ],
        );
        const row = (await loadConnection(tx, rows[0]!.id))!;
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'created',
            companyId,
            targetType: TARGET,
            targetId: row.id,
            details: { name: row.name, protocol: row.protocol, host: row.host, port: row.port },
          },
          tx,
        );
        return toConnection(row);
      });
    },

    async update(viewer: Viewer, id: number, input: UpdateInput, source: AuditSource): Promise<Connection> {
      return db.transaction(async (tx) => {
        const before = await mustLoad(viewer, id, tx, true);
        const protocol = input.protocol ?? before.protocol;
        const companyId = input.company_id !== undefined ? input.company_id : before.company_id;
        let branchId = input.branch_id !== undefined ? input.branch_id : before.branch_id;
        if (
          input.company_id !== undefined &&
          input.company_id !== before.company_id &&
          input.branch_id === undefined
        )
          branchId = null;
        if (input.company_id !== undefined || input.branch_id !== undefined)
          await checkCompany(viewer, companyId, branchId, tx);
        const mode = input.credential_mode ?? before.credential_mode;
        let vaultItemId = input.vault_item_id !== undefined ? input.vault_item_id : before.vault_item_id;
        if (mode !== 'cofre') vaultItemId = null;
        if (mode === 'cofre' && vaultItemId === null)
          throw invalid('vault_item_id', 'Escolha o item do cofre com a credencial');
        if (vaultItemId !== null && (vaultItemId !== before.vault_item_id || companyId !== before.company_id))
          await checkVaultItem(viewer, vaultItemId, companyId, tx);
        let jumpId =
          input.jump_connection_id !== undefined ? input.jump_connection_id : before.jump_connection_id;
        if (protocol !== 'ssh') {
          if (input.jump_connection_id)
            throw invalid('jump_connection_id', 'Salto só vale para conexões SSH');
          jumpId = null;
        }
        if (jumpId !== null && (jumpId !== before.jump_connection_id || companyId !== before.company_id))
          await checkJump(viewer, jumpId, id, companyId, tx);
        // A new protocol without a port takes its default when the old port was the old protocol's default.
        let port = input.port ?? before.port;
        if (
          input.port === undefined &&
          input.protocol &&
          before.port === CONNECTION_DEFAULT_PORTS[before.protocol]
        )
          port = CONNECTION_DEFAULT_PORTS[protocol];
        if (input.port === null) port = CONNECTION_DEFAULT_PORTS[protocol];
        const hostChanged = (input.host ?? before.host) !== before.host || port !== before.port;
        const pick = <K extends keyof UpdateInput & keyof ConnectionRow>(key: K) =>
          input[key] !== undefined ? input[key] : before[key];
        await tx.query(
          `UPDATE connections SET company_id = $2, branch_id = $3, name = $4, protocol = $5, host = $6, port = $7,
             folder = $8, tags = $9, description = $10, credential_mode = $11, vault_item_id = $12, username = $13,
             jump_connection_id = $14, options = $15, recording = $16, require_reason = $17, idle_timeout_min = $18,
             max_duration_min = $19, max_sessions = $20, updated_by = $21, updated_at = now(),
             reach_state = CASE WHEN $22 THEN 'desconhecido' ELSE reach_state END,
             reach_checked_at = CASE WHEN $22 THEN NULL ELSE reach_checked_at END
           WHERE id = $1`,
          [
            id,
            companyId,
            branchId,
            input.name ?? before.name,
            protocol,
            input.host ?? before.host,
            port,
            pick('folder'),
            input.tags ?? before.tags,
            pick('description'),
            mode,
            vaultItemId,
            pick('username'),
            jumpId,
            JSON.stringify(input.options ? { ...before.options, ...input.options } : before.options),
            input.recording ?? before.recording,
            input.require_reason ?? before.require_reason,
            pick('idle_timeout_min'),
            pick('max_duration_min'),
            pick('max_sessions'),
            viewer.id,
            hostChanged,
          ],
        );
        const after = (await loadConnection(tx, id))!;
        const changes = changesOf(before, after);
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'updated',
            companyId: after.company_id,
            targetType: TARGET,
            targetId: id,
            details: { name: after.name, changes },
          },
          tx,
        );
        return toConnection(after);
      });
    },

    async archive(viewer: Viewer, id: number, source: AuditSource): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await mustLoad(viewer, id, tx, true);
        const { rows } = await tx.query<{ name: string }>(
          'SELECT name FROM connections WHERE jump_connection_id = $1 AND archived_at IS NULL ORDER BY lower(name) LIMIT 3',
          [id],
        );
        if (rows.length > 0)
          throw conflict(
            `Esta conexão é o salto de ${rows.map((r) => r.name).join(', ')}: troque o salto delas antes.`,
          );
        await tx.query(
          'UPDATE connections SET archived_at = now(), updated_by = $2, updated_at = now() WHERE id = $1',
          [id, viewer.id],
        );
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'deleted',
            companyId: row.company_id,
            targetType: TARGET,
            targetId: id,
            details: { name: row.name, host: row.host },
          },
          tx,
        );
      });
    },

    /** Pins a fingerprint again, or clears it so the next connect trusts on first use. */
    async setHostKey(
      viewer: Viewer,
      id: number,
      sha256: string | null,
      source: AuditSource,
    ): Promise<Connection> {
      return db.transaction(async (tx) => {
        const row = await mustLoad(viewer, id, tx, true);
        if (row.protocol !== 'ssh') throw invalid('sha256', 'Só conexões SSH têm chave do servidor');
        await tx.query(
          `UPDATE connections SET host_key_sha256 = $2, host_key_pinned_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
             host_key_pinned_by = CASE WHEN $2::text IS NULL THEN NULL ELSE $3::int END, updated_at = now()
           WHERE id = $1`,
          [id, sha256, viewer.id],
        );
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'host_key_repinned',
            companyId: row.company_id,
            targetType: TARGET,
            targetId: id,
            details: { name: row.name, from: row.host_key_sha256, to: sha256 },
          },
          tx,
        );
        return toConnection((await loadConnection(tx, id))!);
      });
    },

    /** TOFU from the gateway: pins a first-seen key on a connection that has none. */
    async pinFirstHostKey(
      connectionId: number,
      sha256: string,
      by: AuthUser,
      ip: string | null,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ company_id: number | null; name: string }>(
          `UPDATE connections SET host_key_sha256 = $2, host_key_pinned_at = now(), host_key_pinned_by = $3
            WHERE id = $1 AND host_key_sha256 IS NULL AND archived_at IS NULL RETURNING company_id, name`,
          [connectionId, sha256, by.id],
        );
        const row = rows[0];
        if (!row) return false;
        await audit(
          {
            module: MODULE,
            action: 'host_key_trusted',
            actorId: by.id,
            actorKind: 'staff',
            ip,
            companyId: row.company_id,
            targetType: TARGET,
            targetId: connectionId,
            details: { name: row.name, sha256 },
          },
          tx,
        );
        return true;
      });
    },

    /** The caller's own vault item for a "credencial de cada pessoa" connection (null removes it). */
    async setMyCredential(
      viewer: Viewer,
      id: number,
      itemId: number | null,
      source: AuditSource,
    ): Promise<{ vault_item: { id: number; name: string } | null }> {
      return db.transaction(async (tx) => {
        const row = await mustLoad(viewer, id, tx);
        if (row.credential_mode !== 'por_usuario')
          throw invalid('vault_item_id', 'Esta conexão não usa a credencial de cada pessoa');
        let item: { name: string } | null = null;
        if (itemId === null) {
          await tx.query(
            'DELETE FROM connection_user_credentials WHERE connection_id = $1 AND user_id = $2',
            [id, viewer.id],
          );
        } else {
          item = await checkVaultItem(viewer, itemId, row.company_id, tx);
          await tx.query(
            `INSERT INTO connection_user_credentials (connection_id, user_id, vault_item_id) VALUES ($1, $2, $3)
             ON CONFLICT (connection_id, user_id) DO UPDATE SET vault_item_id = EXCLUDED.vault_item_id, updated_at = now()`,
            [id, viewer.id, itemId],
          );
        }
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'own_credential_set',
            companyId: row.company_id,
            targetType: TARGET,
            targetId: id,
            details: { name: row.name, vault_item_id: itemId },
          },
          tx,
        );
        return { vault_item: itemId === null || !item ? null : { id: itemId, name: item.name } };
      });
    },

    /**
     * POST /:id/sessions: checks the key, the company, the reason, the target policy and the limits, then
     * records the session and answers a one-time ticket (only its SHA-256 is stored) for the gateway's stream.
     */
    async openSession(
      viewer: Viewer,
      id: number,
      input: ConnectInput,
      source: AuditSource & { loginSessionId: number },
    ): Promise<ConnectSessionAnswer> {
      const row = await mustLoad(viewer, id);
      if (!['ssh', 'vnc', 'rdp'].includes(row.protocol))
        throw invalid('protocol', 'Esta conexão abre só no cliente nativo (use "Abrir no aplicativo").');
      if (row.require_reason && !input.reason && !input.ticket_id)
        throw invalid('reason', 'Informe o motivo ou o chamado desta sessão');
      const ticket = input.ticket_id ? await ticketRef(viewer, input.ticket_id, row.company_id) : null;
      // A VNC server may ask for no password at all; the others need the typed credential.
      if (row.credential_mode === 'pedir' && !input.credential && row.protocol !== 'vnc')
        throw invalid('credential', 'Informe o usuário e a senha ou a chave para conectar');
      const target =
        row.jump_connection_id !== null && row.jump_host
          ? { host: row.jump_host, port: row.jump_port! }
          : row;
      const verdict = await checkTarget(
        { host: target.host, port: target.port },
        await loadTargetPolicy(db, row.company_id, ownPorts()),
        resolve,
      );
      if (!verdict.ok) throw refused(verdict.message);
      await endStalePendingSessions(db, CONNECTION_TICKET_TTL_MS);
      const raw = randomBytes(CONNECTION_TICKET_BYTES).toString('base64url');
      const expiresAt = new Date(Date.now() + CONNECTION_TICKET_TTL_MS);
      const sessionId = await db.transaction(async (tx) => {
        // One connect at a time per connection, so two people cannot both take its last place.
        await tx.query('SELECT id FROM connections WHERE id = $1 FOR UPDATE', [id]);
        const open = await tx.query<{ on_connection: number; mine: number }>(
          `SELECT count(*) FILTER (WHERE connection_id = $1)::int AS on_connection,
                  count(*) FILTER (WHERE user_id = $2)::int AS mine
             FROM connection_sessions WHERE state IN ('pendente', 'ativa') AND (connection_id = $1 OR user_id = $2)`,
          [id, viewer.id],
        );
        const counts = open.rows[0] ?? { on_connection: 0, mine: 0 };
        if (row.max_sessions !== null && counts.on_connection >= row.max_sessions)
          throw conflict(
            `Esta conexão já tem ${counts.on_connection} ${counts.on_connection === 1 ? 'sessão aberta' : 'sessões abertas'}, o máximo permitido.`,
          );
        if (counts.mine >= CONNECTION_MAX_SESSIONS_PER_USER)
          throw conflict(`Você já tem ${counts.mine} sessões abertas; encerre uma antes de abrir outra.`);
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO connection_sessions (connection_id, company_id, user_id, login_session_id, protocol, reason,
             ticket_id, client_ip, record)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [
            id,
            row.company_id,
            viewer.id,
            source.loginSessionId,
            row.protocol,
            input.reason ?? null,
            ticket?.id ?? null,
            source.ip ?? null,
            row.recording === 'obrigatoria' || (row.recording === 'opcional' && input.record === true),
          ],
        );
        const session = rows[0]!.id;
        await tx.query(
          `INSERT INTO connection_tickets (token_hash, session_id, user_id, login_session_id, expires_at)
           VALUES ($1, $2, $3, $4, $5)`,
          [hashTicket(raw), session, viewer.id, source.loginSessionId, expiresAt],
        );
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'session_requested',
            companyId: row.company_id,
            targetType: SESSION_TARGET,
            targetId: session,
            reason: input.reason ?? null,
            ticketId: ticket?.id ?? null,
            details: {
              connection_id: id,
              name: row.name,
              protocol: row.protocol,
              credential: input.credential ? 'informada' : row.credential_mode,
            },
          },
          tx,
        );
        return session;
      });
      if (input.credential) holdCredential(sessionId, input.credential);
      return { session_id: sessionId, ticket: raw, expires_at: expiresAt.toISOString() };
    },

    /**
     * POST /:id/launch: a native client opens it (the server never connects, so the target policy does not
     * apply); recorded as a session "iniciada externamente". No credential goes into the link or the file.
     */
    async launch(
      viewer: Viewer,
      id: number,
      input: LaunchInput,
      source: AuditSource,
    ): Promise<ConnectionLaunch> {
      const row = await mustLoad(viewer, id);
      if (row.require_reason && !input.reason && !input.ticket_id)
        throw invalid('reason', 'Informe o motivo ou o chamado desta sessão');
      const ticket = input.ticket_id ? await ticketRef(viewer, input.ticket_id, row.company_id) : null;
      const username = await usernameOf(row, viewer.id);
      let jump: { host: string; port: number; username: string | null } | null = null;
      if (row.protocol === 'ssh' && row.jump_connection_id !== null) {
        const jumpRow = await loadConnection(db, row.jump_connection_id);
        if (jumpRow)
          jump = { host: jumpRow.host, port: jumpRow.port, username: await usernameOf(jumpRow, viewer.id) };
      }
      const sessionId = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO connection_sessions (connection_id, company_id, user_id, protocol, reason, ticket_id,
             client_ip, external, state)
           VALUES ($1, $2, $3, $4, $5, $6, $7, true, 'externa') RETURNING id`,
          [
            id,
            row.company_id,
            viewer.id,
            row.protocol,
            input.reason ?? null,
            ticket?.id ?? null,
            source.ip ?? null,
          ],
        );
        const session = rows[0]!.id;
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'session_launched',
            companyId: row.company_id,
            targetType: SESSION_TARGET,
            targetId: session,
            reason: input.reason ?? null,
            ticketId: ticket?.id ?? null,
            details: { connection_id: id, name: row.name, protocol: row.protocol, external: true },
          },
          tx,
        );
        if (ticket) {
          await tx.query(
            `INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value)
             VALUES ($1, $2, 'connection_session', NULL, $3)`,
            [ticket.id, viewer.id, connectionSessionSummary(row.protocol, row.name, viewer.name, null)],
          );
        }
        return session;
      });
      await tellCompanyManagers(
        { id: sessionId, company_id: row.company_id, ticket_id: ticket?.id ?? null },
        row,
        viewer.name,
      );
      const command = connectionCommand(row.protocol, row.host, row.port, username, jump);
      if (row.protocol === 'rdp') {
        const file = `${row.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'conexao'}.rdp`;
        return {
          session_id: sessionId,
          kind: 'rdp_file',
          href: null,
          file: { name: file, content: rdpFile(row, username) },
          command,
        };
      }
      const href = connectionLaunchLink(
        row.protocol,
        row.host,
        row.port,
        row.protocol === 'http' || row.protocol === 'https' ? null : username,
      );
      return {
        session_id: sessionId,
        kind: row.protocol === 'http' || row.protocol === 'https' ? 'url' : 'link',
        href,
        file: null,
        command,
      };
    },

    async listSessions(viewer: Viewer, query: SessionListQuery): Promise<ConnectionSessionList> {
      await endStalePendingSessions(db, CONNECTION_TICKET_TTL_MS);
      const params: unknown[] = [];
      const where = [companyScopeSql(viewer.scope, params, 's.company_id', { unassigned: true })];
      if (!seesAllSessions(viewer)) {
        params.push(viewer.id);
        where.push(`s.user_id = $${params.length}`);
      }
      if (query.state === 'active') where.push("s.state IN ('pendente', 'ativa')");
      if (query.state === 'ended') where.push("s.state IN ('encerrada', 'externa')");
      for (const [column, value] of [
        ['s.connection_id', query.connection_id],
        ['s.company_id', query.company_id],
        ['s.ticket_id', query.ticket_id],
      ] as const) {
        if (value === undefined) continue;
        params.push(value);
        where.push(`${column} = $${params.length}`);
      }
      const sql = where.join(' AND ');
      const count = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM connection_sessions s WHERE ${sql}`,
        params,
      );
      params.push(query.limit, (query.page - 1) * query.limit);
      const { rows } = await db.query<SessionRow>(
        `${sessionSelect(await withRecordings())} WHERE ${sql}
          ORDER BY s.started_at DESC, s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { items: rows.map(toSession), total: count.rows[0]?.total ?? 0 };
    },

    async getSession(viewer: Viewer, id: number): Promise<ConnectionSession> {
      return toSession(await mustLoadSession(viewer, id));
    },

    /** "Encerrar": ends a live session here (its stream records the end), or closes the record of one that is not. */
    async endSession(
      viewer: Viewer,
      id: number,
      reason: string | null,
      source: AuditSource,
    ): Promise<ConnectionSession> {
      const row = await mustLoadSession(viewer, id);
      if (row.state !== 'pendente' && row.state !== 'ativa') throw conflict('Esta sessão já terminou.');
      await audit({
        ...source,
        module: MODULE,
        action: 'session_end_requested',
        companyId: row.company_id,
        targetType: SESSION_TARGET,
        targetId: id,
        reason,
        details: { connection_id: row.connection_id, person_id: row.user_id },
      });
      const live = registry.get(id);
      if (live) {
        live.end('administrador', viewer.id);
        // The stream records its own end with the bytes it counted; wait for it a little.
        for (let waited = 0; waited < 2_000; waited += 50) {
          const now = await loadSessionRow(id);
          if (now && now.state === 'encerrada') return toSession(now);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      takeCredential(id);
      await finishSession(id, {
        reason: 'administrador',
        endedBy: viewer.id,
        bytesIn: Number(row.bytes_in),
        bytesOut: Number(row.bytes_out),
      });
      return toSession((await loadSessionRow(id))!);
    },

    // ------------------------------------------------------------ target policy

    async policy(viewer: Viewer): Promise<TargetPolicyAnswer> {
      const params: unknown[] = [];
      const scope = companyScopeSql(viewer.scope, params, 'n.company_id', { unassigned: true });
      const [networks, internal] = await Promise.all([
        db.query<{
          id: number;
          company_id: number | null;
          company_name: string | null;
          target: string;
          description: string | null;
          created_at: Date | string;
        }>(
          `SELECT n.id, n.company_id, co.name AS company_name, n.target, n.description, n.created_at
             FROM connection_allowed_networks n LEFT JOIN companies co ON co.id = n.company_id
            WHERE ${scope} ORDER BY co.name NULLS FIRST, lower(n.target)`,
          params,
        ),
        db.query<{
          id: number;
          target: string;
          port: number | null;
          description: string | null;
          created_at: Date | string;
        }>(
          'SELECT id, target, port, description, created_at FROM connection_internal_targets ORDER BY lower(target), port',
        ),
      ]);
      const iso = (value: Date | string) => new Date(value).toISOString();
      return {
        networks: networks.rows.map((row) => ({
          id: row.id,
          company: row.company_id === null ? null : { id: row.company_id, name: row.company_name ?? '' },
          target: row.target,
          description: row.description,
          created_at: iso(row.created_at),
        })),
        internal: internal.rows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
      };
    },

    async addNetwork(viewer: Viewer, input: NetworkInput, source: AuditSource): Promise<TargetPolicyAnswer> {
      if (!isValidNetworkRule(input.target))
        throw invalid('target', 'Rede inválida: use um CIDR (10.0.0.0/8), um IP ou um nome (*.acme.local)');
      const companyId = input.company_id ?? null;
      await db.transaction(async (tx) => {
        await checkCompany(viewer, companyId, null, tx);
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO connection_allowed_networks (company_id, target, description, created_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING id`,
          [companyId, input.target.toLowerCase(), input.description ?? null, viewer.id],
        );
        if (!rows[0]) throw conflict('Esta rede já está na lista.');
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'network_allowed',
            companyId,
            targetType: 'connection_network',
            targetId: rows[0].id,
            details: { target: input.target },
          },
          tx,
        );
      });
      return this.policy(viewer);
    },

    async removeNetwork(viewer: Viewer, id: number, source: AuditSource): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ company_id: number | null; target: string }>(
          'SELECT company_id, target FROM connection_allowed_networks WHERE id = $1',
          [id],
        );
        const row = rows[0];
        if (!row || !scopeReachesCompany(viewer.scope, row.company_id, { unassigned: true }))
          throw notFound('Rede não encontrada');
        await tx.query('DELETE FROM connection_allowed_networks WHERE id = $1', [id]);
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'network_removed',
            companyId: row.company_id,
            targetType: 'connection_network',
            targetId: id,
            details: { target: row.target },
          },
          tx,
        );
      });
    },

    async addInternal(
      viewer: Viewer,
      input: InternalInput,
      source: AuditSource,
    ): Promise<TargetPolicyAnswer> {
      if (!isValidNetworkRule(input.target))
        throw invalid('target', 'Destino inválido: use um CIDR, um IP ou um nome');
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO connection_internal_targets (target, port, description, created_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING id`,
          [input.target.toLowerCase(), input.port ?? null, input.description ?? null, viewer.id],
        );
        if (!rows[0]) throw conflict('Este destino já está liberado.');
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'internal_target_allowed',
            targetType: 'connection_internal_target',
            targetId: rows[0].id,
            details: { target: input.target, port: input.port ?? null },
          },
          tx,
        );
      });
      return this.policy(viewer);
    },

    async removeInternal(id: number, source: AuditSource): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ target: string; port: number | null }>(
          'DELETE FROM connection_internal_targets WHERE id = $1 RETURNING target, port',
          [id],
        );
        if (!rows[0]) throw notFound('Destino não encontrado');
        await audit(
          {
            ...source,
            module: MODULE,
            action: 'internal_target_removed',
            targetType: 'connection_internal_target',
            targetId: id,
            details: rows[0],
          },
          tx,
        );
      });
    },
  };
};

export type ConnectionService = ReturnType<typeof createConnectionService>;
