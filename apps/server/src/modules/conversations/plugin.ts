import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatMessageSchema,
  contactListSchema,
  contactsQuerySchema,
  conversationListSchema,
  conversationReadSchema,
  conversationSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messagesUnreadCountSchema,
  pageQuerySchema,
  sendMessageSchema,
  startConversationSchema,
  type MessagesUnreadCount,
} from '@farol/data/contract';
import { currentUser, type RouteAccess } from '../../http/access';
import { HttpError } from '../../http/errors';
import { idParamsSchema } from '../../http/validation';
import {
  getMessagePage,
  listContacts,
  listConversations,
  markConversationRead,
  sendMessage,
  startConversation,
  unreadMessageCount,
  type ConversationDeps,
} from './service';
import { createSendBudget, DEFAULT_SEND_LIMIT } from './flood';
import { conversationSocket } from './socket';

/** Conversations need only a login (spec §6); membership decides what each caller sees. */
const MEMBER: RouteAccess = { permission: null, clients: true, scope: 'own' };

/** REST under /api/messages, and the socket protocol (`conv:join`, `message:send`, typing) on the realtime server. */
export const conversationsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps: ConversationDeps = { db, emitter: app.realtime };
  // One budget per person over their sockets and the REST sends.
  const sendBudget = createSendBudget(DEFAULT_SEND_LIMIT);
  const spendMessage = (userId: number) => {
    const retryAfterMs = sendBudget.take(userId);
    if (retryAfterMs === null) return;
    throw new HttpError(
      429,
      'rate_limited',
      'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
      undefined,
      { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    );
  };
  app.realtime.onConnection(conversationSocket({ db, realtime: app.realtime, sendBudget }));

  app.get(
    '',
    {
      config: { access: MEMBER },
      schema: {
        summary: "The caller's conversations, newest activity first",
        querystring: pageQuerySchema,
        response: { 200: conversationListSchema },
      },
    },
    async (request) => listConversations(db, currentUser(request).id, request.query),
  );

  app.post(
    '',
    {
      config: { access: MEMBER },
      schema: {
        summary: 'Start a conversation (an untitled one with one person is reused: 200)',
        body: startConversationSchema,
        response: { 200: conversationSchema, 201: conversationSchema },
      },
    },
    async (request, reply) => {
      if (request.body.text) spendMessage(currentUser(request).id);
      const { conversation, created } = await startConversation(deps, currentUser(request), request.body);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  // Open to everyone signed in (unlike GET /api/users): the same rule as starting a conversation decides.
  app.get(
    '/contacts',
    {
      config: { access: { permission: null, clients: true, scope: 'company' } },
      schema: {
        summary:
          'Who the caller may start a conversation with (staff: anyone; a client: staff and their company)',
        querystring: contactsQuerySchema,
        response: { 200: contactListSchema },
      },
    },
    async (request) => listContacts(db, currentUser(request), request.query),
  );

  app.get(
    '/unread-count',
    {
      config: { access: MEMBER },
      schema: { summary: 'Unread messages from others', response: { 200: messagesUnreadCountSchema } },
    },
    async (request): Promise<MessagesUnreadCount> => ({
      count: await unreadMessageCount(db, currentUser(request).id),
    }),
  );

  app.get(
    '/conversations/:id',
    {
      config: { access: MEMBER },
      schema: {
        summary: 'A page of messages, oldest first; `before` pages back',
        params: idParamsSchema,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => getMessagePage(db, currentUser(request).id, request.params.id, request.query),
  );

  app.post(
    '/conversations/:id',
    {
      config: { access: MEMBER },
      schema: {
        summary: 'Send a message (a repeated `client_id` answers the stored one: 200)',
        params: idParamsSchema,
        body: sendMessageSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const { text, client_id: clientId } = request.body;
      spendMessage(currentUser(request).id);
      const { message, created } = await sendMessage(deps, currentUser(request), {
        conversationId: request.params.id,
        text,
        clientId,
      });
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.put(
    '/conversations/:id/read',
    {
      config: { access: MEMBER },
      schema: {
        summary: "Move the caller's read marker forward",
        params: idParamsSchema,
        body: conversationReadSchema,
        response: { 200: conversationSchema },
      },
    },
    async (request) =>
      markConversationRead(deps, currentUser(request).id, request.params.id, request.body.message_id),
  );
};
