import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { hasPermission, isClient, PERMISSIONS } from '../../access/permissions';
import {
  CONNECTION_DEFAULT_PORTS,
  connectSessionInputSchema,
  connectionCommand,
  connectionLaunchInputSchema,
  connectionLaunchLink,
  connectionListQuerySchema,
  connectionSessionListQuerySchema,
  createConnectionSchema,
  endSessionInputSchema,
  hostKeyInputSchema,
  updateConnectionSchema,
  type Connection,
  type ConnectionLaunch,
  type ConnectionSession,
} from '../../contract/connection';
import { recordingSearchQuerySchema } from '../../contract/connection-terminal';
import type { UserWire } from '../../contract/user';
import {
  api,
  errorResponse,
  forbidden,
  jsonBody,
  notFound,
  parseOr400,
  serverError,
  unauthorized,
  userFromRequest,
} from '../../mocks/http';
import { createMockStore } from '../../mocks/store';
import {
  CONNECTION_COMPANIES,
  SAMPLE_CAST,
  connectionFixtures,
  makeConnection,
  sessionFixtures,
} from './seed';

export interface ConnectionMockOptions {
  /** Start with no connections and no sessions. */
  empty?: boolean;
  /** This many more connections (long lists), with long names and hosts. */
  extra?: number;
  /** Every read answers 500. */
  failing?: boolean;
  /** Every call answers 403, as for someone without connections.view. */
  forbidden?: boolean;
  /** Reads never answer (the loading state). */
  loading?: boolean;
  /** The recording answers 404 (purged by its retention). */
  recordingGone?: boolean;
}

export interface ConnectionMockState {
  connections: Connection[];
  sessions: ConnectionSession[];
}

export interface ConnectionMock {
  handlers: HttpHandler[];
  database: ReturnType<typeof createMockStore<ConnectionMockState>>;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const nextId = (items: ReadonlyArray<{ id: number }>) => Math.max(0, ...items.map((item) => item.id)) + 1;

function initialState(options: ConnectionMockOptions): ConnectionMockState {
  if (options.empty) return { connections: [], sessions: [] };
  const connections = connectionFixtures();
  for (let index = 0; index < (options.extra ?? 0); index += 1) {
    connections.push(
      makeConnection({
        id: 100 + index,
        name: `Servidor de aplicação da filial de Ribeirão Preto número ${index + 1} (homologação)`,
        host: `app-${index + 1}.filial-ribeirao-preto.homologacao.interno.acme-logistica.com.br`,
        tags: ['homologação', 'aplicação', `lote-${index % 4}`],
        folder: index % 2 ? 'Filiais / Ribeirão Preto / Homologação' : 'Servidores',
        reachability: { state: index % 5 === 0 ? 'offline' : 'online', checked_at: null },
      }),
    );
  }
  return { connections, sessions: sessionFixtures(connections) };
}

/**
 * The connections API over one stateful store, as the reference server answers it: the list with its
 * filters and company scope, the editor's writes (400 with the contract's Portuguese messages), host-key
 * pinning, one-time tickets, native launches recorded as sessions, oversight and replay.
 */
export function createConnectionMock(options: ConnectionMockOptions = {}): ConnectionMock {
  const database = createMockStore(() => initialState(options));
  return { handlers: connectionRoutes(database, options), database };
}

export function createConnectionHandlers(options: ConnectionMockOptions = {}): HttpHandler[] {
  return createConnectionMock(options).handlers;
}

function connectionRoutes(db: ConnectionMock['database'], options: ConnectionMockOptions): HttpHandler[] {
  const staff = (
    request: Request,
    permission: string = PERMISSIONS.CONNECTIONS_VIEW,
  ): UserWire | Response => {
    if (options.forbidden) return forbidden();
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (isClient(user) || !hasPermission(user, permission)) return forbidden();
    return user;
  };
  const read = async (request: Request, permission?: string) => {
    if (options.loading) await delay('infinite');
    if (options.failing) return serverError();
    return staff(request, permission);
  };
  const find = (id: string | readonly string[] | undefined) =>
    db.get().connections.find((connection) => connection.id === Number(id));
  const missing = () => notFound('Conexão não encontrada');
  const save = (next: Connection) => {
    const state = db.get();
    const connections = state.connections.some((item) => item.id === next.id)
      ? state.connections.map((item) => (item.id === next.id ? next : item))
      : [...state.connections, next];
    db.set({ ...state, connections });
    return next;
  };
  const companyOf = (id: number | null | undefined) =>
    Object.values(CONNECTION_COMPANIES).find((company) => company.id === id) ?? null;
  const addSession = (user: UserWire, connection: Connection, external: boolean, reason: string | null) => {
    const state = db.get();
    const session: ConnectionSession = {
      id: nextId(state.sessions),
      connection: {
        id: connection.id,
        name: connection.name,
        protocol: connection.protocol,
        host: connection.host,
      },
      person: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
      company: connection.company,
      reason,
      ticket: null,
      client_ip: '127.0.0.1',
      started_at: new Date().toISOString(),
      ended_at: null,
      bytes_in: 0,
      bytes_out: 0,
      ended_by: null,
      end_reason: null,
      external,
      state: external ? 'externa' : 'pendente',
      recording: null,
    };
    db.set({ ...state, sessions: [session, ...state.sessions] });
    return session;
  };

  return [
    http.get(api('/connections/options'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const { connections } = db.get();
      return HttpResponse.json({
        folders: [
          ...new Set(connections.map((item) => item.folder).filter((folder): folder is string => !!folder)),
        ].sort(),
        tags: [...new Set(connections.flatMap((item) => item.tags))].sort(),
        companies: Object.values(CONNECTION_COMPANIES),
      });
    }),

    http.get(api('/connections/sessions'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(
        connectionSessionListQuerySchema,
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (parsed.error) return parsed.error;
      const query = parsed.data;
      const open = (session: ConnectionSession) => session.state === 'ativa' || session.state === 'pendente';
      const items = db
        .get()
        .sessions.filter((session) => {
          if (query.state === 'active' && !open(session)) return false;
          if (query.state === 'ended' && open(session)) return false;
          if (query.connection_id !== undefined && session.connection.id !== query.connection_id)
            return false;
          if (query.company_id !== undefined && session.company?.id !== query.company_id) return false;
          if (query.ticket_id !== undefined && session.ticket?.id !== query.ticket_id) return false;
          return true;
        })
        .sort((a, b) => b.started_at.localeCompare(a.started_at));
      const start = (query.page - 1) * query.limit;
      return HttpResponse.json({ items: items.slice(start, start + query.limit), total: items.length });
    }),

    http.get(api('/connections/sessions/:id/recording'), async ({ request, params }) => {
      const user = await read(request, PERMISSIONS.CONNECTIONS_AUDIT);
      if (user instanceof Response) return user;
      const session = db.get().sessions.find((item) => item.id === Number(params.id));
      if (!session?.recording?.available || options.recordingGone) return notFound('Gravação não encontrada');
      return new HttpResponse(SAMPLE_CAST, {
        headers: { 'content-type': 'application/x-asciicast; charset=utf-8' },
      });
    }),

    http.get(api('/connections/sessions/:id'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const session = db.get().sessions.find((item) => item.id === Number(params.id));
      return session ? HttpResponse.json(session) : notFound('Sessão não encontrada');
    }),

    http.post(api('/connections/sessions/:id/end'), async ({ request, params }) => {
      const user = staff(request, PERMISSIONS.CONNECTIONS_MANAGE);
      if (user instanceof Response) return user;
      const parsed = parseOr400(endSessionInputSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const state = db.get();
      const session = state.sessions.find((item) => item.id === Number(params.id));
      if (!session) return notFound('Sessão não encontrada');
      if (session.state !== 'ativa' && session.state !== 'pendente')
        return errorResponse(409, 'conflict', 'Esta sessão já terminou.');
      const ended: ConnectionSession = {
        ...session,
        state: 'encerrada',
        ended_at: new Date().toISOString(),
        ended_by: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
        end_reason: 'administrador',
      };
      db.set({ ...state, sessions: state.sessions.map((item) => (item.id === ended.id ? ended : item)) });
      return HttpResponse.json(ended);
    }),

    http.get(api('/connections/recordings/search'), async ({ request }) => {
      const user = await read(request, PERMISSIONS.CONNECTIONS_AUDIT);
      if (user instanceof Response) return user;
      const parsed = parseOr400(
        recordingSearchQuerySchema,
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (parsed.error) return parsed.error;
      const words = fold(parsed.data.q).split(/\s+/).filter(Boolean);
      const lines = SAMPLE_CAST.split('\n')
        .slice(1)
        .map((text) => JSON.parse(text) as [number, string, string])
        .filter(([, kind, data]) => kind === 'i' && words.every((word) => fold(data).includes(word)));
      const recorded = db.get().sessions.filter((session) => session.recording?.available);
      return HttpResponse.json({
        items: recorded.flatMap((session) =>
          lines.map(([offset, , data]) => ({
            session_id: session.id,
            connection_id: session.connection.id,
            company_id: session.company?.id ?? null,
            user_id: session.person?.id ?? null,
            offset_seconds: offset,
            line: data.replace(/\r$/, ''),
            started_at: session.started_at,
          })),
        ),
      });
    }),

    http.get(api('/connections/target-policy'), async ({ request }) => {
      const user = await read(request, PERMISSIONS.CONNECTIONS_MANAGE);
      if (user instanceof Response) return user;
      return HttpResponse.json({ networks: [], internal: [] });
    }),

    http.get(api('/connections'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(
        connectionListQuerySchema,
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (parsed.error) return parsed.error;
      const query = parsed.data;
      const words = query.q ? fold(query.q).split(/\s+/).filter(Boolean) : [];
      const items = db
        .get()
        .connections.filter((item) => {
          if (query.protocol && item.protocol !== query.protocol) return false;
          if (query.company_id === 'internal' && item.company) return false;
          if (typeof query.company_id === 'number' && item.company?.id !== query.company_id) return false;
          if (query.folder && item.folder !== query.folder) return false;
          if (query.tag && !item.tags.includes(query.tag.toLowerCase())) return false;
          const text = fold([item.name, item.host, item.company?.name ?? '', ...item.tags].join(' '));
          return words.every((word) => text.includes(word));
        })
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      const start = (query.page - 1) * query.limit;
      return HttpResponse.json({ items: items.slice(start, start + query.limit), total: items.length });
    }),

    http.post(api('/connections'), async ({ request }) => {
      const user = staff(request, PERMISSIONS.CONNECTIONS_MANAGE);
      if (user instanceof Response) return user;
      const parsed = parseOr400(createConnectionSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      const now = new Date().toISOString();
      const created = makeConnection({
        id: nextId(db.get().connections),
        name: input.name,
        protocol: input.protocol,
        host: input.host,
        port: input.port ?? CONNECTION_DEFAULT_PORTS[input.protocol],
        company: companyOf(input.company_id),
        folder: input.folder ?? null,
        tags: input.tags ?? [],
        description: input.description ?? null,
        credential_mode: input.credential_mode ?? 'pedir',
        vault_item: input.vault_item_id
          ? { id: input.vault_item_id, name: `Item ${input.vault_item_id}` }
          : null,
        username: input.username ?? null,
        recording: input.recording ?? 'opcional',
        require_reason: input.require_reason ?? false,
        reachability: { state: 'desconhecido', checked_at: null },
        created_at: now,
        updated_at: now,
      });
      return HttpResponse.json(save(created), { status: 201 });
    }),

    http.get(api('/connections/:id'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const connection = find(params.id);
      return connection ? HttpResponse.json(connection) : missing();
    }),

    http.patch(api('/connections/:id'), async ({ request, params }) => {
      const user = staff(request, PERMISSIONS.CONNECTIONS_MANAGE);
      if (user instanceof Response) return user;
      const current = find(params.id);
      if (!current) return missing();
      const parsed = parseOr400(updateConnectionSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const {
        company_id,
        vault_item_id,
        jump_connection_id: _jump,
        branch_id: _branch,
        options: nextOptions,
        ...rest
      } = parsed.data;
      const next: Connection = {
        ...current,
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...(company_id !== undefined ? { company: companyOf(company_id) } : {}),
        ...(vault_item_id !== undefined
          ? { vault_item: vault_item_id ? { id: vault_item_id, name: `Item ${vault_item_id}` } : null }
          : {}),
        ...(nextOptions ? { options: { ...current.options, ...nextOptions } } : {}),
        updated_at: new Date().toISOString(),
      } as Connection;
      return HttpResponse.json(save(next));
    }),

    http.delete(api('/connections/:id'), ({ request, params }) => {
      const user = staff(request, PERMISSIONS.CONNECTIONS_MANAGE);
      if (user instanceof Response) return user;
      if (!find(params.id)) return missing();
      const state = db.get();
      db.set({ ...state, connections: state.connections.filter((item) => item.id !== Number(params.id)) });
      return new HttpResponse(null, { status: 204 });
    }),

    http.put(api('/connections/:id/host-key'), async ({ request, params }) => {
      const user = staff(request, PERMISSIONS.CONNECTIONS_MANAGE);
      if (user instanceof Response) return user;
      const current = find(params.id);
      if (!current) return missing();
      const parsed = parseOr400(hostKeyInputSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      return HttpResponse.json(save({ ...current, host_key_sha256: parsed.data.sha256 }));
    }),

    http.post(api('/connections/:id/sessions'), async ({ request, params }) => {
      const user = staff(request, PERMISSIONS.CONNECTIONS_CONNECT);
      if (user instanceof Response) return user;
      const connection = find(params.id);
      if (!connection) return missing();
      const parsed = parseOr400(connectSessionInputSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      if (connection.require_reason && !parsed.data.reason && !parsed.data.ticket_id)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          reason: 'Informe o motivo ou o chamado desta conexão',
        });
      if (connection.credential_mode === 'pedir' && !parsed.data.credential)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          credential: 'Informe a credencial para conectar',
        });
      const session = addSession(user, connection, false, parsed.data.reason ?? null);
      return HttpResponse.json(
        {
          session_id: session.id,
          ticket: `ticket-${session.id}-${'x'.repeat(32)}`,
          expires_at: new Date(Date.now() + 30_000).toISOString(),
        },
        { status: 201 },
      );
    }),

    http.post(api('/connections/:id/launch'), async ({ request, params }) => {
      const user = staff(request, PERMISSIONS.CONNECTIONS_CONNECT);
      if (user instanceof Response) return user;
      const connection = find(params.id);
      if (!connection) return missing();
      const parsed = parseOr400(connectionLaunchInputSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const session = addSession(user, connection, true, parsed.data.reason ?? null);
      const { protocol, host, port, username, jump } = connection;
      const command = connectionCommand(
        protocol,
        host,
        port,
        username,
        jump ? { host: jump.host, port: jump.port, username } : null,
      );
      const launch: ConnectionLaunch =
        protocol === 'rdp'
          ? {
              session_id: session.id,
              kind: 'rdp_file',
              href: null,
              file: {
                name: `${connection.name}.rdp`,
                content: `full address:s:${host}:${port}\r\nusername:s:${username ?? ''}\r\nprompt for credentials:i:1\r\n`,
              },
              command,
            }
          : {
              session_id: session.id,
              kind: protocol === 'http' || protocol === 'https' ? 'url' : 'link',
              href: connectionLaunchLink(protocol, host, port, username),
              file: null,
              command,
            };
      return HttpResponse.json(launch);
    }),
  ];
}

/** Named variants, as the other domains offer them to stories. */
export const connectionHandlers = {
  default: () => createConnectionHandlers(),
  empty: () => createConnectionHandlers({ empty: true }),
  failing: () => createConnectionHandlers({ failing: true }),
  forbidden: () => createConnectionHandlers({ forbidden: true }),
  loading: () => createConnectionHandlers({ loading: true }),
};
