import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  profileUpdateSchema,
  userSchema,
  wireId,
  type UserWire,
} from '@farol/data/contract';
import { z } from 'zod';
import { currentUser, type RouteAccess } from '../../http/access';
import { httpError, notFound } from '../../http/errors';
import { detectImageType } from '../../http/file-type';
import { fileResponse } from '../../http/openapi';
import { readingMultipart } from '../../http/uploads';
import { auditSource, changedFields, userEvent } from '../../shared/audit';
import { canSeePicture, findUserById, toUserWire } from '../../shared/users';

const UNSUPPORTED = 'Formato não suportado. Envie uma imagem JPG, PNG, GIF ou WEBP.';
const pictureParamsSchema = z.object({ userId: wireId('userId') });

/** One's own profile: any signed-in user, their own record only. */
const OWN: RouteAccess = { permission: null, clients: true, scope: 'own' };
/** Reading it: also before enrolling in a required 2FA (the portal loads the session with it). */
const OWN_READ: RouteAccess = { ...OWN, beforeTwoFactor: true };

/** Spec §5 profile: the signed-in user's record, theme and picture; pictures of people one may see. */
export const profilePlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  const profileOf = async (userId: number): Promise<UserWire> => {
    const row = await findUserById(db, userId);
    // The session outlived its user (deleted): treat as signed out.
    if (!row) throw httpError(401, 'unauthorized', 'Sessão expirada ou inválida. Entre novamente.');
    return toUserWire(row);
  };

  app.get(
    '',
    {
      config: { access: OWN_READ },
      schema: { summary: 'The signed-in user', response: { 200: userSchema } },
    },
    async (request) => profileOf(currentUser(request).id),
  );

  app.put(
    '',
    {
      config: { access: OWN },
      schema: {
        summary: 'Change the theme or the names (audited)',
        body: profileUpdateSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const update = request.body;
      const userId = currentUser(request).id;
      const changes = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{
          theme: string;
          first_name: string;
          last_name: string;
          company_id: number | null;
        }>('SELECT theme, first_name, last_name, company_id FROM users WHERE id = $1 FOR UPDATE', [userId]);
        const before = rows[0];
        const changed = before ? changedFields(before, update) : null;
        if (!before || !changed) return null;
        await tx.query(
          `UPDATE users SET theme = coalesce($2, theme), first_name = coalesce($3, first_name),
             last_name = coalesce($4, last_name), updated_at = now() WHERE id = $1`,
          [userId, update.theme ?? null, update.first_name ?? null, update.last_name ?? null],
        );
        const user = { id: userId, companyId: before.company_id };
        await app.audit(
          userEvent(auditSource(request), 'profile', 'updated', user, { changes: changed }),
          tx,
        );
        return changed;
      });
      // The session's cached name (shown as who is typing) must follow.
      if (changes && ('first_name' in changes || 'last_name' in changes)) app.tokens.forgetUser(userId);
      return profileOf(userId);
    },
  );

  app.post(
    '/picture',
    {
      bodyLimit: PROFILE_PICTURE_MAX_BYTES + 64 * 1024,
      config: {
        access: OWN,
        upload: { field: 'file', maxFiles: 1, types: PROFILE_PICTURE_TYPES },
      },
      schema: {
        summary: 'Upload a profile picture (multipart, JPG/PNG/GIF/WebP by content, ≤ 5 MB)',
        response: { 200: userSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw httpError(415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data');
      }
      const bytes = await readingMultipart(async () => {
        const file = await request.file();
        if (!file) {
          throw httpError(400, 'validation_failed', 'Dados inválidos', {
            file: 'Envie um arquivo de imagem',
          });
        }
        if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.mimetype)) {
          file.file.resume();
          throw httpError(415, 'unsupported_media_type', UNSUPPORTED, { file: UNSUPPORTED });
        }
        const buffer = await file.toBuffer();
        // toBuffer() misses a limit hit on the last chunk; busboy's flag does not.
        if (file.file.truncated) throw httpError(413, 'payload_too_large', 'Arquivo maior que 5MB');
        return buffer;
      });
      const detected = detectImageType(bytes);
      if (!detected) {
        throw httpError(415, 'unsupported_media_type', UNSUPPORTED, {
          file: 'O conteúdo do arquivo não é uma imagem JPG, PNG, GIF ou WEBP',
        });
      }
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO user_pictures (user_id, content_type, data, updated_at)
           VALUES ($1, $2, decode($3, 'base64'), now())
           ON CONFLICT (user_id) DO UPDATE SET content_type = $2, data = EXCLUDED.data, updated_at = now()`,
          // bytea crosses the driver as base64 text: PGlite's binary parameter path is ~15x slower.
          [user.id, detected, bytes.toString('base64')],
        );
        await tx.query('UPDATE users SET picture_version = $2, updated_at = now() WHERE id = $1', [
          user.id,
          Date.now(),
        ]);
        const details = { content_type: detected, size: bytes.length };
        await app.audit(userEvent(auditSource(request), 'profile', 'picture_updated', user, details), tx);
      });
      return profileOf(user.id);
    },
  );

  app.delete(
    '/picture',
    {
      config: { access: OWN },
      schema: { summary: 'Remove the profile picture', response: { 200: userSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const removed = await tx.query('DELETE FROM user_pictures WHERE user_id = $1 RETURNING user_id', [
          user.id,
        ]);
        await tx.query('UPDATE users SET picture_version = NULL, updated_at = now() WHERE id = $1', [
          user.id,
        ]);
        if (removed.rows.length === 0) return;
        await app.audit(userEvent(auditSource(request), 'profile', 'picture_removed', user), tx);
      });
      return profileOf(user.id);
    },
  );

  app.get(
    '/picture/:userId',
    {
      // Oneself, and whoever the viewer may see or start a conversation with (shared/users canSeePicture).
      config: { access: { permission: null, clients: true, scope: 'company' } },
      schema: {
        summary: 'A profile picture (cached for good: its URL carries a version)',
        params: pictureParamsSchema,
        response: { 200: fileResponse(PROFILE_PICTURE_TYPES, 'The picture') },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      if (!(await canSeePicture(db, currentUser(request), userId))) throw notFound('Foto não encontrada');
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
    },
  );
};
