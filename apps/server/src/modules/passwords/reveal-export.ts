import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REVEAL_LOG_EXPORT_MAX,
  csvFileText,
  revealLogCsvRows,
  revealLogFiltersSchema,
} from '@farol/data/contract';
import { viewerOf, type RouteAccess } from '../../http/access';
import { fileResponse } from '../../http/openapi';
import { auditSource } from '../../shared/audit';
import { vaultViewerOf } from './access';
import type { PasswordService } from './service';

/** The log of everyone needs passwords.manage (an item's, gerenciar on it: also under that key). */
const MANAGER: RouteAccess = { permission: 'passwords.manage', clients: false, scope: 'company' };

/**
 * GET /api/passwords/reveals/export.csv — the reveal log, filtered as on screen, as a CSV file ("quem viu o
 * quê, quando e por quê"); taking the copy is audited.
 */
export const revealLogExportPlugin: FastifyPluginAsyncZod<{ passwords: PasswordService }> = async (
  app,
  { passwords },
) => {
  app.get(
    '/reveals/export.csv',
    {
      config: { access: MANAGER },
      schema: {
        summary: `The reveal log as CSV (';', UTF-8 with BOM, Brazil's time), at most ${REVEAL_LOG_EXPORT_MAX} rows, newest first`,
        querystring: revealLogFiltersSchema,
        response: { 200: fileResponse(['text/csv'], 'One reveal, copy, TOTP code or quebra-vidro per line') },
      },
    },
    async (request, reply) => {
      const user = viewerOf(request);
      const log = await passwords.exportRevealLog(
        vaultViewerOf(user, user.scope),
        request.query,
        auditSource(request),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="revelacoes-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(csvFileText(revealLogCsvRows(log.items)), 'utf8'));
    },
  );
};
