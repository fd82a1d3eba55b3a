import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactListSchema, pageQuerySchema, userSummarySchema } from '@farol/data/contract';
import { escapeLike } from '../../db/sql';
import { currentUser } from '../../http/access';
import { notFound } from '../../http/errors';
import { idParamsSchema } from '../../http/validation';
import {
  canSeeUser,
  findUserById,
  toUserSummary,
  USER_COLUMNS,
  USER_FROM,
  type UserRow,
} from '../../shared/users';

const userListQuerySchema = pageQuerySchema.extend({
  q: z
    .string({ error: 'q deve ser um texto' })
    .trim()
    .max(100, 'q deve ter no máximo 100 caracteres')
    .optional(),
});

/** GET /api/users (the directory, `users.view`, never clients) and GET /api/users/:id (whoever one may see). */
export const usersPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '',
    {
      config: { access: { permission: 'users.view', clients: false, scope: 'company' } },
      schema: {
        summary: 'Users by name, paged, with a search on name, e-mail or username',
        querystring: userListQuerySchema,
        response: { 200: contactListSchema },
      },
    },
    async (request) => {
      const { page, limit, q } = request.query;
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

  app.get(
    '/:id',
    {
      // Oneself, people of one's own company (clients), conversation partners, or anyone with users.view.
      config: { access: { permission: null, clients: true, scope: 'company' } },
      schema: {
        summary: 'One user, if the caller may see them (else 404, like a missing one)',
        params: idParamsSchema,
        response: { 200: userSummarySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Out-of-scope users answer 404 like missing ones, so ids cannot be probed.
      if (!(await canSeeUser(db, currentUser(request), id))) throw notFound('Usuário não encontrado');
      const row = await findUserById(db, id);
      if (!row) throw notFound('Usuário não encontrado');
      return toUserSummary(row);
    },
  );
};
