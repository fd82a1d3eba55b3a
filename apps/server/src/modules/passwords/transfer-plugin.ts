import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VAULT_EXPORT_MAX_ITEMS,
  VAULT_IMPORT_MAX_ROWS,
  vaultExportRequestSchema,
  vaultImportReportSchema,
  vaultImportRequestSchema,
} from '@farol/data/contract';
import { viewerOf, type RouteAccess } from '../../http/access';
import { fileResponse } from '../../http/openapi';
import { auditSource } from '../../shared/audit';
import type { Vault } from '../../vault/vault';
import { vaultViewerOf } from './access';
import { sealExport } from './export-envelope';
import type { PasswordService } from './service';
import { createTransferService } from './transfer';

/** Importing and exporting write and read whole folders: passwords.manage (each item's level still applies). */
const MANAGER: RouteAccess = { permission: 'passwords.manage', clients: false, scope: 'company' };

/** A 5 MB file's text in JSON (escapes can nearly double it), with room for the other fields. */
const IMPORT_BODY_LIMIT = 11 * 1024 * 1024;

/**
 * POST /api/passwords/import/preview, /import and /export (issue 14): Bitwarden and KeePass CSV and Farol's
 * own encrypted export in, with a per-row report; out, only encrypted and audited (transfer.ts).
 */
export const vaultTransferPlugin: FastifyPluginAsyncZod<{
  passwords: PasswordService;
  vault: Vault;
  /** Imports and exports per person per minute (tests and benches raise it). */
  perMinute?: number | undefined;
}> = async (app, { passwords, vault, perMinute }) => {
  const transfer = createTransferService({
    db: app.db,
    audit: app.audit,
    notify: app.notify,
    vault,
    passwords,
    log: app.log,
    ...(perMinute === undefined ? {} : { perMinute }),
  });
  const viewer = (request: Parameters<typeof viewerOf>[0]) => {
    const user = viewerOf(request);
    return vaultViewerOf(user, user.scope);
  };

  app.post(
    '/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: MANAGER },
      schema: {
        summary: `What importing a Bitwarden or KeePass CSV (or a Farol export) would do, row by row (at most ${VAULT_IMPORT_MAX_ROWS} rows); nothing is saved`,
        body: vaultImportRequestSchema,
        response: { 200: vaultImportReportSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return transfer.preview(viewer(request), request.body);
    },
  );

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: MANAGER },
      schema: {
        summary:
          'Import a Bitwarden or KeePass CSV (or a Farol export) into a company or internal folder: a report line per row (importado, ignorado, erro); secrets sealed as the editor seals them',
        body: vaultImportRequestSchema,
        response: { 200: vaultImportReportSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return transfer.import(viewer(request), request.body, auditSource(request));
    },
  );

  app.post(
    '/export',
    {
      config: { access: MANAGER },
      schema: {
        summary: `A company's (or a folder's) items, at most ${VAULT_EXPORT_MAX_ITEMS}, as a file sealed with a passphrase (scrypt + AES-256-GCM, farol-vault-export version 1); audited per item`,
        body: vaultExportRequestSchema,
        response: {
          200: fileResponse(['application/json'], 'The encrypted envelope (farol-vault-export, version 1)'),
        },
      },
    },
    async (request, reply) => {
      const file = await transfer.export(viewer(request), request.body, auditSource(request), (items, meta) =>
        sealExport(items, request.body.passphrase, meta),
      );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-farol-export-items', String(file.items))
        .header('x-farol-export-left-out', String(file.leftOut))
        .send(Buffer.from(file.text, 'utf8'));
    },
  );
};
