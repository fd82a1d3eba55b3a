import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allowedNetworkInputSchema,
  connectSessionAnswerSchema,
  connectSessionInputSchema,
  connectionLaunchInputSchema,
  connectionLaunchSchema,
  connectionListQuerySchema,
  connectionListSchema,
  connectionOptionsListSchema,
  connectionSchema,
  connectionSessionListQuerySchema,
  connectionSessionListSchema,
  connectionSessionSchema,
  createConnectionSchema,
  endSessionInputSchema,
  hostKeyInputSchema,
  internalTargetInputSchema,
  myCredentialInputSchema,
  myCredentialSchema,
  targetPolicySchema,
  updateConnectionSchema,
} from '@farol/data/contract';
import { bearerToken, cookieToken } from '../../auth/session';
import { hashToken } from '../../auth/tokens';
import { viewerOf, type RouteAccess } from '../../http/access';
import { unauthorized } from '../../http/errors';
import { noContent } from '../../http/openapi';
import { idParamsSchema } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { connectionGatewayPlugin } from './gateway/plugin';
import { createGatewayBackend } from './gateway-backend';
import { createReachability } from './reachability';
import { createConnectionService } from './service';
import { createSessionRegistry } from './session-registry';

/** Staff holding connections.view: the inventory, never a credential. */
const READER: RouteAccess = { permission: 'connections.view', clients: false, scope: 'company' };
/** Staff holding connections.connect: sessions and native launches. */
const CONNECTOR: RouteAccess = { permission: 'connections.connect', clients: false, scope: 'company' };
/** Staff holding connections.manage: the inventory written, host keys re-pinned, sessions ended. */
const MANAGER: RouteAccess = { permission: 'connections.manage', clients: false, scope: 'company' };
/** Admins alone: allowing a target the policy refuses (loopback, metadata, Farol's own ports). */
const ADMIN: RouteAccess = { permission: null, adminOnly: true, clients: false, scope: 'company' };

declare module '../../config' {
  interface ServerConfig {
    /** The periodic TCP reachability check of connections (off in tests unless set). */
    connectionReachability?: boolean | undefined;
  }
}

export interface ConnectionsCore {
  service: ReturnType<typeof createConnectionService>;
  registry: ReturnType<typeof createSessionRegistry>;
  reachability: ReturnType<typeof createReachability>;
}

/**
 * The connections core of the server using `db` (a plugin's decorations stay inside its own context, so tests
 * and the gateway's tests find it here).
 */
const cores = new WeakMap<object, ConnectionsCore>();
export const connectionsCoreOf = (db: object): ConnectionsCore | undefined => cores.get(db);

const networkParamsSchema = z.object({ networkId: idParamsSchema.shape.id });

/** Remote connections under /api/connections (issue 15). */
export const connectionsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const ownPorts = () => {
    const ports = new Set<number>([config.port, config.realtimePort].filter((port) => port > 0));
    const address = app.server.address() as AddressInfo | string | null;
    if (address && typeof address === 'object') ports.add(address.port);
    if (app.realtime?.port) ports.add(app.realtime.port);
    return [...ports];
  };
  const registry = createSessionRegistry();
  const connections = createConnectionService({
    db,
    audit: app.audit,
    notify: app.notify,
    vault: app.vault,
    registry,
    ownPorts,
    log: app.log,
  });
  const reachability = createReachability({ db, ownPorts, log: app.log });
  cores.set(db, { service: connections, registry, reachability });
  if (config.connectionReachability ?? !process.env.VITEST) {
    app.addHook('onReady', async () => reachability.start());
  }
  // The embedded database has one process: sessions left open by a previous run (a crash) are over, and
  // must not keep counting against max_sessions. On PostgreSQL other processes may hold live ones.
  if (db.kind === 'pglite') {
    app.addHook('onReady', async () => {
      await db.query(
        `UPDATE connection_sessions SET state = 'encerrada', ended_at = now(), end_reason = 'servidor'
          WHERE state IN ('pendente', 'ativa')`,
      );
    });
  }
  app.addHook('onClose', async () => {
    reachability.stop();
    registry.endAll('servidor');
  });

  // The SSH terminal namespace, the VNC bridge and the recordings (gateway/).
  await app.register(
    connectionGatewayPlugin({
      backend: () =>
        createGatewayBackend({
          db,
          audit: app.audit,
          service: connections,
          registry,
          ownPorts,
          log: app.log,
        }),
    }),
  );

  /** The login session a connect ticket is bound to. */
  const loginSessionOf = async (request: FastifyRequest): Promise<number> => {
    const token = bearerToken(request) ?? cookieToken(request);
    if (!token) throw unauthorized();
    const { rows } = await db.query<{ id: number }>('SELECT id FROM sessions WHERE token_hash = $1', [
      hashToken(token),
    ]);
    if (!rows[0]) throw unauthorized();
    return rows[0].id;
  };

  app.get(
    '',
    {
      config: { access: READER },
      schema: {
        summary:
          'One page of the connections the caller reaches, searched and filtered (empresa, protocolo, pasta, tag)',
        querystring: connectionListQuerySchema,
        response: { 200: connectionListSchema },
      },
    },
    async (request) => connections.list(viewerOf(request), request.query),
  );

  app.post(
    '',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Create a connection',
        body: createConnectionSchema,
        response: { 201: connectionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await connections.create(viewerOf(request), request.body, auditSource(request))),
  );

  app.get(
    '/options',
    {
      config: { access: READER },
      schema: {
        summary: 'What the filters offer: folders, tags, companies',
        response: { 200: connectionOptionsListSchema },
      },
    },
    async (request) => connections.options(viewerOf(request)),
  );

  app.get(
    '/sessions',
    {
      config: { access: READER },
      schema: {
        summary:
          'Sessions, newest first: everyone’s with connections.audit or connections.manage, else the caller’s own',
        querystring: connectionSessionListQuerySchema,
        response: { 200: connectionSessionListSchema },
      },
    },
    async (request) => connections.listSessions(viewerOf(request), request.query),
  );

  app.get(
    '/sessions/:id',
    {
      config: { access: READER },
      schema: { summary: 'One session', params: idParamsSchema, response: { 200: connectionSessionSchema } },
    },
    async (request) => connections.getSession(viewerOf(request), request.params.id),
  );

  app.post(
    '/sessions/:id/end',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'End a session (a live one is closed; its record says who ended it)',
        params: idParamsSchema,
        body: endSessionInputSchema.optional(),
        response: { 200: connectionSessionSchema },
      },
    },
    async (request) =>
      connections.endSession(
        viewerOf(request),
        request.params.id,
        request.body?.reason ?? null,
        auditSource(request),
      ),
  );

  app.get(
    '/target-policy',
    {
      config: { access: MANAGER },
      schema: {
        summary:
          "The egress policy: each company's allowed networks and the admin's allowed internal targets",
        response: { 200: targetPolicySchema },
      },
    },
    async (request) => connections.policy(viewerOf(request)),
  );

  app.post(
    '/target-policy/networks',
    {
      config: { access: MANAGER },
      schema: {
        summary: "Add an allowed network (CIDR or host name) to a company's connections",
        body: allowedNetworkInputSchema,
        response: { 201: targetPolicySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await connections.addNetwork(viewerOf(request), request.body, auditSource(request))),
  );

  app.delete(
    '/target-policy/networks/:networkId',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Remove an allowed network',
        params: networkParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await connections.removeNetwork(viewerOf(request), request.params.networkId, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/target-policy/internal',
    {
      config: { access: ADMIN },
      schema: {
        summary:
          'Allow a target the policy refuses (loopback, link-local, metadata, Farol’s ports) — admins only',
        body: internalTargetInputSchema,
        response: { 201: targetPolicySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await connections.addInternal(viewerOf(request), request.body, auditSource(request))),
  );

  app.delete(
    '/target-policy/internal/:networkId',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Withdraw an allowed internal target',
        params: networkParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await connections.removeInternal(request.params.networkId, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/:id',
    {
      config: { access: READER },
      schema: { summary: 'One connection', params: idParamsSchema, response: { 200: connectionSchema } },
    },
    async (request) => connections.get(viewerOf(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Change a connection',
        params: idParamsSchema,
        body: updateConnectionSchema,
        response: { 200: connectionSchema },
      },
    },
    async (request) =>
      connections.update(viewerOf(request), request.params.id, request.body, auditSource(request)),
  );

  app.delete(
    '/:id',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Delete a connection (archived: its sessions stay on record)',
        params: idParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await connections.archive(viewerOf(request), request.params.id, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.put(
    '/:id/host-key',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Pin the SSH host key again (or null: trust the next one shown)',
        params: idParamsSchema,
        body: hostKeyInputSchema,
        response: { 200: connectionSchema },
      },
    },
    async (request) =>
      connections.setHostKey(viewerOf(request), request.params.id, request.body.sha256, auditSource(request)),
  );

  app.put(
    '/:id/my-credential',
    {
      config: { access: CONNECTOR },
      schema: {
        summary: 'The caller’s own vault item for a connection with “credencial de cada pessoa”',
        params: idParamsSchema,
        body: myCredentialInputSchema,
        response: { 200: myCredentialSchema },
      },
    },
    async (request) =>
      connections.setMyCredential(
        viewerOf(request),
        request.params.id,
        request.body.vault_item_id,
        auditSource(request),
      ),
  );

  app.post(
    '/:id/sessions',
    {
      config: { access: CONNECTOR },
      schema: {
        summary: 'A one-time connect ticket (30 s, single use, bound to this login session) for the gateway',
        params: idParamsSchema,
        body: connectSessionInputSchema,
        response: { 201: connectSessionAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await connections.openSession(viewerOf(request), request.params.id, request.body, {
        ...auditSource(request),
        loginSessionId: await loginSessionOf(request),
      });
      return reply.status(201).header('cache-control', 'no-store').send(answer);
    },
  );

  app.post(
    '/:id/launch',
    {
      config: { access: CONNECTOR },
      schema: {
        summary:
          'Open in the native client: a link, an .rdp file or the URL, and the command; recorded as a session',
        params: idParamsSchema,
        body: connectionLaunchInputSchema,
        response: { 200: connectionLaunchSchema },
      },
    },
    async (request) =>
      connections.launch(viewerOf(request), request.params.id, request.body, auditSource(request)),
  );
};
