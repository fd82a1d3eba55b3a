import type { FastifyInstance } from 'fastify';
import {
  markNotificationReadSchema,
  notificationListQuerySchema,
  type NotificationUnreadCount,
} from '@farol/data/contract';
import { currentUser } from '../../auth/guard';
import { notFound } from '../../http/errors';
import { idParamsSchema, parse } from '../../http/validation';
import type { NotificationRepository } from './repository';

const NOT_FOUND = 'Notificação não encontrada';

/** Spec §7: the list, the counter, and every mark-read route the client falls back through. */
export const registerNotificationRoutes = (app: FastifyInstance, notifications: NotificationRepository) => {
  const auth = { preHandler: app.authenticate };

  app.get('/api/notifications', auth, async (request, reply) => {
    const { limit } = parse(notificationListQuerySchema, request.query);
    // Already the NotificationList JSON (see listNotificationsJson); sent as is.
    const body = await notifications.listJson(currentUser(request).id, limit);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/api/notifications/unread-count', auth, async (request) => {
    const unread = await notifications.unreadCount(currentUser(request).id);
    return { unread, count: unread } satisfies NotificationUnreadCount;
  });

  const markRead = async (userId: number, rawId: unknown, read: boolean) => {
    const { id } = parse(idParamsSchema, rawId);
    const notification = await notifications.setRead(userId, id, read);
    if (!notification) throw notFound(NOT_FOUND);
    return notification;
  };

  app.put('/api/notifications/:id/read', auth, async (request) => {
    const { read } = parse(markNotificationReadSchema, request.body);
    return markRead(currentUser(request).id, request.params, read);
  });
  app.post('/api/notifications/:id/mark-read', auth, async (request) =>
    markRead(currentUser(request).id, request.params, true),
  );
  app.put('/api/notifications/:id', auth, async (request) => {
    const { read } = parse(markNotificationReadSchema, request.body);
    return markRead(currentUser(request).id, request.params, read);
  });

  const readAll = async (userId: number) => ({
    updated: await notifications.markAllRead(userId),
    unread: 0,
    count: 0,
  });
  app.put('/api/notifications/read-all', auth, async (request) => readAll(currentUser(request).id));
  app.post('/api/notifications/mark-all-read', auth, async (request) => readAll(currentUser(request).id));

  app.delete('/api/notifications/:id', auth, async (request, reply) => {
    const { id } = parse(idParamsSchema, request.params);
    if (!(await notifications.remove(currentUser(request).id, id))) throw notFound(NOT_FOUND);
    return reply.status(204).send();
  });
};
