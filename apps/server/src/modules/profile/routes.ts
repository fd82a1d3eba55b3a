import type { FastifyInstance } from 'fastify';
import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  profileUpdateSchema,
  type UserWire,
} from '@farol/data/contract';
import { z } from 'zod';
import { currentUser } from '../../auth/guard';
import type { TokenVerifier } from '../../auth/tokens';
import type { Database } from '../../db/database';
import { httpError, notFound } from '../../http/errors';
import { parse } from '../../http/validation';
import { findUserById, toUserWire } from '../users/user-row';
import { canSeeUser } from '../users/visibility';
import { detectImageType } from '../../http/file-type';

const UNSUPPORTED = 'Formato não suportado. Envie uma imagem JPG, PNG, GIF ou WEBP.';
const pictureParamsSchema = z.object({
  userId: z.coerce.number({ error: 'userId deve ser um número' }).int().positive().max(2_147_483_647),
});

export const registerProfileRoutes = (app: FastifyInstance, db: Database, tokens: TokenVerifier) => {
  const auth = { preHandler: app.authenticate };

  const profileOf = async (userId: number): Promise<UserWire> => {
    const row = await findUserById(db, userId);
    // The session outlived its user (deleted): treat as signed out.
    if (!row) throw httpError(401, 'unauthorized', 'Sessão expirada ou inválida. Entre novamente.');
    return toUserWire(row);
  };

  app.get('/api/profile', auth, async (request) => profileOf(currentUser(request).id));

  app.put('/api/profile', auth, async (request) => {
    const update = parse(profileUpdateSchema, request.body);
    const userId = currentUser(request).id;
    await db.query(
      `UPDATE users SET theme = coalesce($2, theme), first_name = coalesce($3, first_name),
         last_name = coalesce($4, last_name), updated_at = now() WHERE id = $1`,
      [userId, update.theme ?? null, update.first_name ?? null, update.last_name ?? null],
    );
    // The session's cached name (shown as who is typing) must follow.
    if (update.first_name !== undefined || update.last_name !== undefined) tokens.forgetUser(userId);
    return profileOf(userId);
  });

  app.post(
    '/api/profile/picture',
    { preHandler: app.authenticate, bodyLimit: PROFILE_PICTURE_MAX_BYTES + 64 * 1024 },
    async (request) => {
      if (!request.isMultipart()) {
        throw httpError(415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data');
      }
      const file = await request.file();
      if (!file) {
        throw httpError(400, 'validation_failed', 'Dados inválidos', { file: 'Envie um arquivo de imagem' });
      }
      if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.mimetype)) {
        file.file.resume();
        throw httpError(415, 'unsupported_media_type', UNSUPPORTED, { file: UNSUPPORTED });
      }
      const bytes = await file.toBuffer();
      // toBuffer() misses a limit hit on the last chunk; busboy's flag does not.
      if (file.file.truncated) throw httpError(413, 'payload_too_large', 'Arquivo maior que 5MB');
      const detected = detectImageType(bytes);
      if (!detected) {
        throw httpError(415, 'unsupported_media_type', UNSUPPORTED, {
          file: 'O conteúdo do arquivo não é uma imagem JPG, PNG, GIF ou WEBP',
        });
      }
      const userId = currentUser(request).id;
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO user_pictures (user_id, content_type, data, updated_at)
           VALUES ($1, $2, decode($3, 'base64'), now())
           ON CONFLICT (user_id) DO UPDATE SET content_type = $2, data = EXCLUDED.data, updated_at = now()`,
          // bytea crosses the driver as base64 text: PGlite's binary parameter path is ~15x slower.
          [userId, detected, bytes.toString('base64')],
        );
        await tx.query('UPDATE users SET picture_version = $2, updated_at = now() WHERE id = $1', [
          userId,
          Date.now(),
        ]);
      });
      return profileOf(userId);
    },
  );

  app.delete('/api/profile/picture', auth, async (request) => {
    const userId = currentUser(request).id;
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM user_pictures WHERE user_id = $1', [userId]);
      await tx.query('UPDATE users SET picture_version = NULL, updated_at = now() WHERE id = $1', [userId]);
    });
    return profileOf(userId);
  });

  app.get('/api/profile/picture/:userId', auth, async (request, reply) => {
    const { userId } = parse(pictureParamsSchema, request.params);
    if (!(await canSeeUser(db, currentUser(request), userId))) throw notFound('Foto não encontrada');
    const { rows } = await db.query<{ content_type: string; data: string }>(
      "SELECT content_type, encode(data, 'base64') AS data FROM user_pictures WHERE user_id = $1",
      [userId],
    );
    const picture = rows[0];
    if (!picture) throw notFound('Foto não encontrada');
    // The URL carries a version, so a changed picture is a new URL and the old one may be cached for good.
    return reply
      .header('content-type', picture.content_type)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(picture.data, 'base64'));
  });
};
