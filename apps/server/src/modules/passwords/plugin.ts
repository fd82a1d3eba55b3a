import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VAULT_REVEALS_PER_MINUTE,
  confirmPasswordSchema,
  createFolderSchema,
  createPasswordSchema,
  passwordItemSchema,
  passwordListQuerySchema,
  passwordListSchema,
  type PasswordList,
  passwordOptionsSchema,
  passwordVersionListSchema,
  revealLogQuerySchema,
  revealLogSchema,
  revealRequestSchema,
  revealResultSchema,
  setGrantsSchema,
  totpCodeSchema,
  totpRequestSchema,
  updateFolderSchema,
  updatePasswordSchema,
  vaultFolderSchema,
  vaultGrantListSchema,
} from '@farol/data/contract';
import { viewerOf, type RouteAccess } from '../../http/access';
import { DATABASE_JSON, noContent } from '../../http/openapi';
import { idParam, idParamsSchema } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { vaultViewerOf } from './access';
import { vaultClientPlugin } from './client-plugin';
import { vaultFoldersPlugin } from './folders';
import { revealLogExportPlugin } from './reveal-export';
import { startRotationReminders } from './rotation';
import { listItemsJson } from './repository';
import { DEMO_VAULT_SECRETS } from './seed';
import { createPasswordService } from './service';
import { vaultTransferPlugin } from './transfer-plugin';

/** Staff holding passwords.view: metadata; what else they may do is their level on each item. */
const READER: RouteAccess = { permission: 'passwords.view', clients: false, scope: 'company' };
/** Staff holding passwords.reveal: secrets and TOTP codes, where their level on the item is ver or more. */
const REVEALER: RouteAccess = { permission: 'passwords.reveal', clients: false, scope: 'company' };
/**
 * Staff holding passwords.manage: items and folders written, shared, restored, their logs read (editar and
 * gerenciar are reached only under passwords.manage: the keys are the ceiling of every grant).
 */
const MANAGER: RouteAccess = { permission: 'passwords.manage', clients: false, scope: 'company' };

const versionParamsSchema = idParamsSchema.extend({ version: idParam('version') });
const folderParamsSchema = z.object({ folderId: idParam('folderId') });
const confirmedSchema = z.object({ confirmed_until: z.string() });

/** Secrets are never stored by a browser or a proxy. */
const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

declare module '../../config' {
  interface ServerConfig {
    /** FAROL_VAULT_KEY (read from the environment when left out). */
    vaultKey?: string | null | undefined;
    /** Reveals per person per minute (VAULT_REVEALS_PER_MINUTE unless a bench says otherwise). */
    vaultRevealsPerMinute?: number | undefined;
    /** Imports and exports per person per minute (VAULT_TRANSFERS_PER_MINUTE unless a test says otherwise). */
    vaultTransfersPerMinute?: number | undefined;
    /** The rotation reminders' sweep; off in tests that drive it themselves. */
    vaultRotationSweep?: boolean | undefined;
  }
}

/** The credential vault under /api/passwords (issue 14). */
export const passwordsPlugin: FastifyPluginAsyncZod = async (app) => {
  // The server's vault (app.ts: its keys, the re-wrap after a rotation, closed with the server).
  const { db, config, vault } = app;
  const passwords = createPasswordService({
    db,
    audit: app.audit,
    notify: app.notify,
    vault,
    revealLimit: { perMinute: config.vaultRevealsPerMinute ?? VAULT_REVEALS_PER_MINUTE },
    log: app.log,
  });
  await passwords.sealDemoSecrets(DEMO_VAULT_SECRETS);
  const stopReminders =
    config.vaultRotationSweep === false
      ? () => {}
      : startRotationReminders({ db, notify: app.notify, log: app.log });
  app.addHook('onClose', async () => {
    stopReminders();
  });

  // Credential requests, the public link, the client portal's items and the company figures (client-plugin.ts).
  await app.register(vaultClientPlugin, {
    vault,
    revealsPerMinute: config.vaultRevealsPerMinute ?? VAULT_REVEALS_PER_MINUTE,
  });

  // The reveal log as a CSV file (reveal-export.ts).
  await app.register(revealLogExportPlugin, { passwords });

  // Import (Bitwarden, KeePass, Farol's export) with a per-row report; export only encrypted (transfer.ts).
  await app.register(vaultTransferPlugin, { passwords, vault, perMinute: config.vaultTransfersPerMinute });

  // Deleting a folder and whom access can be given to (folders.ts).
  await app.register(vaultFoldersPlugin);

  const viewer = (request: Parameters<typeof viewerOf>[0]) => {
    const user = viewerOf(request);
    return vaultViewerOf(user, user.scope);
  };

  app.get(
    '',
    {
      config: { access: READER },
      schema: {
        summary: 'One page of the items the caller reaches (metadata only), filtered and searched',
        description: DATABASE_JSON,
        querystring: passwordListQuerySchema,
        response: { 200: passwordListSchema },
      },
    },
    async (request, reply) => {
      // Already the PasswordList JSON, built in the database (see listItemsJson): a string is sent as it is.
      const body = await listItemsJson(db, viewer(request), request.query);
      return reply.type('application/json; charset=utf-8').send(body as unknown as PasswordList);
    },
  );

  app.post(
    '',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Create an item (its secrets sealed)',
        body: createPasswordSchema,
        response: { 201: passwordItemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await passwords.create(viewer(request), request.body, auditSource(request))),
  );

  app.get(
    '/options',
    {
      config: { access: READER },
      schema: {
        summary: 'What the filters and the editor offer: folders, companies, tags; whether the vault is open',
        response: { 200: passwordOptionsSchema },
      },
    },
    async (request) => passwords.options(viewer(request)),
  );

  app.post(
    '/confirm',
    {
      config: { access: READER },
      schema: {
        summary: 'Type the password again: items flagged sensível reveal for the next 10 minutes',
        body: confirmPasswordSchema,
        response: { 200: confirmedSchema },
      },
    },
    async (request) => passwords.confirm(viewer(request), request.body.password, auditSource(request)),
  );

  app.get(
    '/reveals',
    {
      // gerenciar on an item needs passwords.manage anyway (the keys are the ceiling of every grant).
      config: { access: MANAGER },
      schema: {
        summary:
          'The reveal log: who saw what, when and why (an item: its managers; everyone: passwords.manage)',
        querystring: revealLogQuerySchema,
        response: { 200: revealLogSchema },
      },
    },
    async (request) => passwords.revealLog(viewer(request), request.query),
  );

  app.post(
    '/folders',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Create a folder (a company’s or internal)',
        body: createFolderSchema,
        response: { 201: vaultFolderSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await passwords.createFolder(viewer(request), request.body, auditSource(request))),
  );

  app.patch(
    '/folders/:folderId',
    {
      config: { access: MANAGER },
      schema: {
        summary:
          'Rename a folder, ask for a reason on reveals, set its rotation, move an empty one (company_id)',
        params: folderParamsSchema,
        body: updateFolderSchema,
        response: { 200: vaultFolderSchema },
      },
    },
    async (request) =>
      passwords.updateFolder(viewer(request), request.params.folderId, request.body, auditSource(request)),
  );

  app.get(
    '/folders/:folderId/access',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Who reaches a folder (and every item in it)',
        params: folderParamsSchema,
        response: { 200: vaultGrantListSchema },
      },
    },
    async (request) => passwords.grants(viewer(request), { folderId: request.params.folderId }),
  );

  app.put(
    '/folders/:folderId/access',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Replace a folder’s grants (they cover its future items too)',
        params: folderParamsSchema,
        body: setGrantsSchema,
        response: { 200: vaultGrantListSchema },
      },
    },
    async (request) =>
      passwords.setGrants(
        viewer(request),
        { folderId: request.params.folderId },
        request.body,
        auditSource(request),
      ),
  );

  app.get(
    '/:id',
    {
      config: { access: READER },
      schema: {
        summary: 'One item, metadata only',
        params: idParamsSchema,
        response: { 200: passwordItemSchema },
      },
    },
    async (request) => passwords.get(viewer(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Change an item (level editar); the previous state becomes a version',
        params: idParamsSchema,
        body: updatePasswordSchema,
        response: { 200: passwordItemSchema },
      },
    },
    async (request) =>
      passwords.update(viewer(request), request.params.id, request.body, auditSource(request)),
  );

  app.delete(
    '/:id',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Archive an item (level gerenciar)',
        params: idParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await passwords.archive(viewer(request), request.params.id, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/reveal',
    {
      config: { access: REVEALER },
      schema: {
        summary:
          'Reveal (or copy) one secret field: audited, rate limited, answered with Cache-Control: no-store',
        params: idParamsSchema,
        body: revealRequestSchema,
        response: { 200: revealResultSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return passwords.reveal(viewer(request), request.params.id, request.body, auditSource(request));
    },
  );

  app.post(
    '/:id/totp',
    {
      config: { access: REVEALER },
      schema: {
        summary: 'The current TOTP code and its remaining seconds, without the seed (audited)',
        params: idParamsSchema,
        body: totpRequestSchema,
        response: { 200: totpCodeSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return passwords.totp(viewer(request), request.params.id, request.body ?? {}, auditSource(request));
    },
  );

  app.get(
    '/:id/versions',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'The last 10 versions of an item (level editar)',
        params: idParamsSchema,
        response: { 200: passwordVersionListSchema },
      },
    },
    async (request) => ({ items: await passwords.versions(viewer(request), request.params.id) }),
  );

  app.post(
    '/:id/versions/:version/restore',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Restore a version (the current state becomes a version in turn)',
        params: versionParamsSchema,
        response: { 200: passwordItemSchema },
      },
    },
    async (request) =>
      passwords.restore(viewer(request), request.params.id, request.params.version, auditSource(request)),
  );

  app.get(
    '/:id/access',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Who reaches an item (level gerenciar)',
        params: idParamsSchema,
        response: { 200: vaultGrantListSchema },
      },
    },
    async (request) => passwords.grants(viewer(request), { itemId: request.params.id }),
  );

  app.put(
    '/:id/access',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Replace an item’s grants (level gerenciar)',
        params: idParamsSchema,
        body: setGrantsSchema,
        response: { 200: vaultGrantListSchema },
      },
    },
    async (request) =>
      passwords.setGrants(viewer(request), { itemId: request.params.id }, request.body, auditSource(request)),
  );
};
