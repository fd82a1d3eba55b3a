import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markNotificationReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadAllSchema,
  notificationSchema,
  notificationUnreadCountSchema,
  type NotificationList,
  type NotificationUnreadCount,
} from '@farol/data/contract';
import { currentUser, type RouteAccess } from '../../http/access';
import { notFound } from '../../http/errors';
import { DATABASE_JSON, noContent } from '../../http/openapi';
import { idParamsSchema } from '../../http/validation';

const NOT_FOUND = 'Notificação não encontrada';

/** Everyone signed in reads and marks their own notifications, and nobody else's. */
const OWN: RouteAccess = { permission: null, clients: true, scope: 'own' };

/** Spec §7: the list, the counter, and every mark-read route the client falls back through. */
export const notificationsPlugin: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.notifications;

  app.get(
    '',
    {
      config: { access: OWN },
      schema: {
        summary: 'The newest notifications and the total',
        description: DATABASE_JSON,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request, reply) => {
      const body = await notifications.listJson(currentUser(request).id, request.query.limit);
      // Already the NotificationList JSON (see listNotificationsJson): a string is sent as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as NotificationList);
    },
  );

  app.get(
    '/unread-count',
    {
      config: { access: OWN },
      schema: { summary: 'How many are unread', response: { 200: notificationUnreadCountSchema } },
    },
    async (request) => {
      const unread = await notifications.unreadCount(currentUser(request).id);
      return { unread, count: unread } satisfies NotificationUnreadCount;
    },
  );

  const markRead = async (userId: number, id: number, read: boolean) => {
    const notification = await notifications.setRead(userId, id, read);
    if (!notification) throw notFound(NOT_FOUND);
    return notification;
  };
  const readBody = {
    config: { access: OWN },
    schema: {
      summary: 'Mark one read (`{read: false}`: unread)',
      params: idParamsSchema,
      body: markNotificationReadSchema,
      response: { 200: notificationSchema },
    },
  };
  app.put('/:id/read', readBody, async (request) =>
    markRead(currentUser(request).id, request.params.id, request.body.read),
  );
  app.put('/:id', readBody, async (request) =>
    markRead(currentUser(request).id, request.params.id, request.body.read),
  );
  app.post(
    '/:id/mark-read',
    {
      config: { access: OWN },
      schema: { summary: 'Mark one read', params: idParamsSchema, response: { 200: notificationSchema } },
    },
    async (request) => markRead(currentUser(request).id, request.params.id, true),
  );

  const readAll = {
    config: { access: OWN },
    schema: { summary: 'Mark every notification read', response: { 200: notificationReadAllSchema } },
  };
  const markAllRead = async (userId: number) => ({
    updated: await notifications.markAllRead(userId),
    unread: 0 as const,
    count: 0 as const,
  });
  app.put('/read-all', readAll, async (request) => markAllRead(currentUser(request).id));
  app.post('/mark-all-read', readAll, async (request) => markAllRead(currentUser(request).id));

  app.delete(
    '/:id',
    {
      config: { access: OWN },
      schema: { summary: 'Remove one', params: idParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      if (!(await notifications.remove(currentUser(request).id, request.params.id))) {
        throw notFound(NOT_FOUND);
      }
      return reply.status(204).send();
    },
  );
};
