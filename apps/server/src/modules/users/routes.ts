import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageQuerySchema } from '@farol/data/contract';
import { currentUser, requirePermission } from '../../auth/guard';
import { isClientRole } from '../../auth/types';
import type { Database } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import { idParamsSchema, parse } from '../../http/validation';
import { escapeLike, findUserById, toUserSummary, USER_COLUMNS, USER_FROM, type UserRow } from './user-row';
import { canSeeUser } from './visibility';

const userListQuerySchema = pageQuerySchema.extend({
  q: z
    .string({ error: 'q deve ser um texto' })
    .trim()
    .max(100, 'q deve ter no máximo 100 caracteres')
    .optional(),
});

export const registerUserRoutes = (app: FastifyInstance, db: Database) => {
  app.get(
    '/api/users',
    { preHandler: [app.authenticate, requirePermission('users.view')] },
    async (request) => {
      // A client never lists users, whatever keys a record may carry.
      if (isClientRole(currentUser(request).role)) throw forbidden();
      const { page, limit, q } = parse(userListQuerySchema, request.query);
      const pattern = q ? `%${escapeLike(q.toLowerCase())}%` : null;
      const where = `WHERE $1::text IS NULL OR lower(u.first_name || ' ' || u.last_name) LIKE $1
      OR lower(u.email) LIKE $1 OR lower(coalesce(u.username, '')) LIKE $1`;
      const [items, total] = await Promise.all([
        db.query<UserRow>(
          `SELECT ${USER_COLUMNS} FROM ${USER_FROM} ${where}
          ORDER BY lower(u.first_name), lower(u.last_name), u.id LIMIT $2 OFFSET $3`,
          [pattern, limit, (page - 1) * limit],
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where}`, [pattern]),
      ]);
      return { items: items.rows.map(toUserSummary), total: total.rows[0]?.total ?? 0 };
    },
  );

  app.get('/api/users/:id', { preHandler: app.authenticate }, async (request) => {
    const { id } = parse(idParamsSchema, request.params);
    // Out-of-scope users answer 404 like missing ones, so ids cannot be probed.
    if (!(await canSeeUser(db, currentUser(request), id))) throw notFound('Usuário não encontrado');
    const row = await findUserById(db, id);
    if (!row) throw notFound('Usuário não encontrado');
    return toUserSummary(row);
  });
};
