/**
 * The vault's folders beyond create and change (issue 14): DELETE /api/passwords/folders/:folderId, and whom
 * a manager may give access to (GET /api/passwords/grantees).
 *
 * A folder is deleted only when no live item is in it: its grants cover its items, so dropping the folder
 * under them would open them to everyone the permission keys reach (a 409 names how many remain). The folder
 * is archived (its name free again), its grants removed, the deletion audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vaultGranteesQuerySchema, vaultGranteesSchema, vaultLevelAtLeast } from '@farol/data/contract';
import { CLIENT_ROLES } from '../../auth/types';
import { escapeLike } from '../../db/sql';
import { viewerOf, type RouteAccess } from '../../http/access';
import { httpError, notFound } from '../../http/errors';
import { noContent } from '../../http/openapi';
import { idParam } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { vaultViewerOf, type VaultViewer } from './access';
import { listFolders } from './repository';

const MANAGER: RouteAccess = { permission: 'passwords.manage', clients: false, scope: 'company' };
const folderParamsSchema = z.object({ folderId: idParam('folderId') });

/** The Portuguese answer of a folder that still holds items. */
export const folderNotEmptyMessage = (count: number) =>
  count === 1
    ? 'A pasta ainda tem 1 item. Mova-o para outra pasta ou arquive-o antes de excluir a pasta.'
    : `A pasta ainda tem ${count} itens. Mova-os para outra pasta ou arquive-os antes de excluir a pasta.`;

export const vaultFoldersPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const viewer = (request: Parameters<typeof viewerOf>[0]): VaultViewer => {
    const user = viewerOf(request);
    return vaultViewerOf(user, user.scope);
  };

  app.delete(
    '/folders/:folderId',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Delete an empty folder (level gerenciar); 409 while items are in it',
        params: folderParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const who = viewer(request);
      const { folderId } = request.params;
      await db.transaction(async (tx) => {
        const folder = (await listFolders(tx, who, folderId))[0];
        if (!folder) throw notFound('Pasta não encontrada');
        // An admin outside a folder's grants may still fix it, as with its grants (audited).
        if (!who.admin && !vaultLevelAtLeast(folder.access, 'gerenciar')) {
          throw httpError(403, 'forbidden', 'Só quem gerencia esta pasta pode excluí-la.');
        }
        // Locked, so an item saved into the folder meanwhile is counted (or waits and then finds it gone).
        await tx.query('SELECT 1 FROM vault_folders WHERE id = $1 FOR UPDATE', [folderId]);
        const { rows } = await tx.query<{ n: number | string }>(
          'SELECT count(*) AS n FROM vault_items WHERE folder_id = $1 AND archived_at IS NULL',
          [folderId],
        );
        const count = Number(rows[0]?.n ?? 0);
        if (count > 0) throw httpError(409, 'conflict', folderNotEmptyMessage(count));
        await tx.query('UPDATE vault_folders SET archived_at = now() WHERE id = $1', [folderId]);
        await tx.query('DELETE FROM vault_grants WHERE folder_id = $1', [folderId]);
        await app.audit(
          {
            ...auditSource(request),
            module: 'passwords',
            action: 'folder_deleted',
            companyId: folder.company?.id ?? null,
            targetType: 'password_folder',
            targetId: folderId,
            details: { name: folder.name },
          },
          tx,
        );
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/grantees',
    {
      config: { access: MANAGER },
      schema: {
        summary: 'Whom access can be given to: staff people (by name, at most 50) and staff roles',
        querystring: vaultGranteesQuerySchema,
        response: { 200: vaultGranteesSchema },
      },
    },
    async (request) => {
      const q = request.query.q?.trim() ?? '';
      const clients = CLIENT_ROLES.map((role) => role.toLowerCase());
      const people = await db.query<{ id: number; name: string; role: string }>(
        `SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name, lower(role) AS role
           FROM users
          WHERE lower(role) <> ALL ($1::text[])
            AND ($2 = '' OR farol_fold(first_name || ' ' || last_name || ' ' || email) LIKE '%' || farol_fold($2) || '%')
          ORDER BY lower(first_name), lower(last_name), id
          LIMIT 50`,
        [clients, escapeLike(q)],
      );
      const roles = await db.query<{ key: string; name: string }>(
        `SELECT key, name FROM roles WHERE key <> ALL ($1::text[]) ORDER BY built_in DESC, lower(name)`,
        [clients],
      );
      return { people: people.rows, roles: roles.rows };
    },
  );
};
