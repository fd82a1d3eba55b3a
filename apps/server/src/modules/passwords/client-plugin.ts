import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REQUEST_LINK_CALLS_PER_WINDOW,
  REQUEST_LINK_WINDOW_MS,
  answerVaultRequestSchema,
  clientPasswordListSchema,
  clientRevealRequestSchema,
  companyPasswordFiguresSchema,
  createVaultRequestSchema,
  createdVaultRequestSchema,
  portalVaultRequestListSchema,
  revealResultSchema,
  vaultRequestAnsweredSchema,
  vaultRequestInfoSchema,
  vaultRequestListQuerySchema,
  vaultRequestListSchema,
} from '@farol/data/contract';
import { PUBLIC, viewerOf, type RouteAccess } from '../../http/access';
import { HttpError } from '../../http/errors';
import { noContent } from '../../http/openapi';
import { idParam, idParamsSchema } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import type { Vault } from '../../vault/vault';
import { vaultViewerOf } from './access';
import { createVaultRequestService } from './requests';

/** Staff reading the company page's figures: the items they reach. */
const READER: RouteAccess = { permission: 'passwords.view', clients: false, scope: 'company' };
/** Staff asking a client for a credential: it lands as a new item, so passwords.manage. */
const MANAGER: RouteAccess = { permission: 'passwords.manage', clients: false, scope: 'company' };
/** The client portal's routes: a client reaches their own company; staff get 404 (they use the vault). */
const CLIENT: RouteAccess = { permission: null, clients: true, scope: 'company' };

const tokenParamsSchema = z.object({
  token: z.string().trim().min(1, 'Link inválido').max(200, 'Link inválido'),
});
const companyParamsSchema = z.object({ companyId: idParam('companyId') });

const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/**
 * The public link's calls per address (opening and sending) in a sliding window, in memory: a link is 32
 * random bytes, so this only keeps a script from hammering the vault's write path.
 */
const createLinkLimiter = () => {
  const recent = new Map<string, number[]>();
  return (ip: string, now = Date.now()) => {
    const times = (recent.get(ip) ?? []).filter((at) => now - at < REQUEST_LINK_WINDOW_MS);
    if (times.length >= REQUEST_LINK_CALLS_PER_WINDOW) {
      const retry = Math.max(1, Math.ceil((REQUEST_LINK_WINDOW_MS - (now - times[0]!)) / 1000));
      recent.set(ip, times);
      throw new HttpError(
        429,
        'rate_limited',
        `Muitas tentativas a partir deste endereço. Tente de novo em ${Math.ceil(retry / 60)} min.`,
        undefined,
        { 'retry-after': String(retry) },
      );
    }
    times.push(now);
    recent.set(ip, times);
    if (recent.size > 10_000) {
      for (const [key, list] of recent)
        if (list.every((at) => now - at >= REQUEST_LINK_WINDOW_MS)) recent.delete(key);
    }
  };
};

/**
 * The vault's client side under /api/passwords (issue 14), registered by the vault's plugin with its vault:
 * "Pedir credencial ao cliente" (staff make and cancel requests; the public link and the portal answer them),
 * the items flagged visível ao cliente revealed from the portal, and the company page's figures.
 */
export const vaultClientPlugin: FastifyPluginAsyncZod<{ vault: Vault; revealsPerMinute: number }> = async (
  app,
  { vault, revealsPerMinute },
) => {
  const requests = createVaultRequestService({
    db: app.db,
    audit: app.audit,
    notify: app.notify,
    vault,
    revealsPerMinute,
    log: app.log,
  });
  const linkLimit = createLinkLimiter();
  const viewer = (request: FastifyRequest) => {
    const user = viewerOf(request);
    return { ...vaultViewerOf(user, user.scope), name: user.name };
  };
  const origin = (request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/requests',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Credential requests sent to clients (newest first), by company and state',
        querystring: vaultRequestListQuerySchema,
        response: { 200: vaultRequestListSchema },
      },
    },
    async (request) => requests.list(viewer(request), request.query),
  );

  app.post(
    '/requests',
    {
      config: { access: MANAGER },
      schema: {
        summary:
          'Ask a client for a credential: a one-time link (72 h) shown this once, and a portal request',
        body: createVaultRequestSchema,
        response: { 201: createdVaultRequestSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return reply
        .status(201)
        .send(await requests.create(viewer(request), request.body, origin(request), auditSource(request)));
    },
  );

  app.delete(
    '/requests/:id',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Cancel a request still waiting for the client (its link dies)',
        params: idParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await requests.cancel(viewer(request), request.params.id, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/requests/link/:token',
    {
      config: { access: PUBLIC },
      schema: {
        summary:
          'What a request link asks for (404 never issued; 410 used, cancelled or expired); rate limited',
        params: tokenParamsSchema,
        response: { 200: vaultRequestInfoSchema },
      },
    },
    async (request, reply) => {
      linkLimit(request.ip);
      noStore(reply);
      return requests.linkInfo(request.params.token);
    },
  );

  app.post(
    '/requests/link/:token',
    {
      config: { access: PUBLIC },
      schema: {
        summary: 'A client contact sends the credential: sealed into the company’s folder; the link dies',
        params: tokenParamsSchema,
        body: answerVaultRequestSchema,
        response: { 201: vaultRequestAnsweredSchema },
      },
    },
    async (request, reply) => {
      linkLimit(request.ip);
      return reply
        .status(201)
        .send(await requests.answerLink(request.params.token, request.body, auditSource(request, null)));
    },
  );

  app.get(
    '/portal/requests',
    {
      config: { access: CLIENT },
      schema: {
        summary: "The client's company's credential requests waiting for an answer (staff: 404)",
        response: { 200: portalVaultRequestListSchema },
      },
    },
    async (request) => ({ items: await requests.portalRequests(viewer(request)) }),
  );

  app.post(
    '/portal/requests/:id',
    {
      config: { access: CLIENT },
      schema: {
        summary: 'A client user answers a request from the portal: sealed into the company’s folder',
        params: idParamsSchema,
        body: answerVaultRequestSchema,
        response: { 201: vaultRequestAnsweredSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requests.answerPortal(viewer(request), request.params.id, request.body, auditSource(request)),
        ),
  );

  app.get(
    '/portal/items',
    {
      config: { access: CLIENT },
      schema: {
        summary: "The client's company's items flagged visível ao cliente, metadata only (staff: 404)",
        response: { 200: clientPasswordListSchema },
      },
    },
    async (request) => ({ items: await requests.clientItems(viewer(request)) }),
  );

  app.post(
    '/portal/items/:id/reveal',
    {
      config: { access: CLIENT },
      schema: {
        summary:
          'A client user reveals (or copies) one field of a visível ao cliente item: audited, rate limited, no-store',
        params: idParamsSchema,
        body: clientRevealRequestSchema,
        response: { 200: revealResultSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return requests.clientReveal(viewer(request), request.params.id, request.body, auditSource(request));
    },
  );

  app.get(
    '/companies/:companyId/figures',
    {
      config: { access: READER },
      schema: {
        summary: "A company page's vault figures: the items the caller reaches, rotations due and overdue",
        params: companyParamsSchema,
        response: { 200: companyPasswordFiguresSchema },
      },
    },
    async (request) => requests.figures(viewer(request), request.params.companyId),
  );
};
