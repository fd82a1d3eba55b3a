import type { FastifyInstance } from 'fastify';
import {
  contactsQuerySchema,
  conversationReadSchema,
  messagePageQuerySchema,
  pageQuerySchema,
  sendMessageSchema,
  startConversationSchema,
  type MessagesUnreadCount,
} from '@farol/data/contract';
import { currentUser } from '../../auth/guard';
import { idParamsSchema, parse } from '../../http/validation';
import {
  getMessagePage,
  listContacts,
  listConversations,
  markConversationRead,
  sendMessage,
  startConversation,
  unreadMessageCount,
  type ConversationDeps,
} from './conversation-service';

/** Conversations need only a login (spec §6); membership decides what each caller sees. */
export const registerConversationRoutes = (app: FastifyInstance, deps: ConversationDeps) => {
  const { db } = deps;
  const signedIn = { preHandler: app.authenticate };

  app.get('/api/messages', signedIn, async (request) => {
    const query = parse(pageQuerySchema, request.query);
    return listConversations(db, currentUser(request).id, query);
  });

  app.post('/api/messages', signedIn, async (request, reply) => {
    const input = parse(startConversationSchema, request.body);
    const { conversation, created } = await startConversation(deps, currentUser(request), input);
    return reply.status(created ? 201 : 200).send(conversation);
  });

  // Open to everyone signed in (unlike GET /api/users): the same rule as starting a conversation decides.
  app.get('/api/messages/contacts', signedIn, async (request) => {
    const query = parse(contactsQuerySchema, request.query);
    return listContacts(db, currentUser(request), query);
  });

  app.get('/api/messages/unread-count', signedIn, async (request): Promise<MessagesUnreadCount> => {
    return { count: await unreadMessageCount(db, currentUser(request).id) };
  });

  app.get('/api/messages/conversations/:id', signedIn, async (request) => {
    const { id } = parse(idParamsSchema, request.params);
    const query = parse(messagePageQuerySchema, request.query);
    return getMessagePage(db, currentUser(request).id, id, query);
  });

  app.post('/api/messages/conversations/:id', signedIn, async (request, reply) => {
    const { id } = parse(idParamsSchema, request.params);
    const { text, client_id: clientId } = parse(sendMessageSchema, request.body);
    const { message, created } = await sendMessage(deps, currentUser(request), {
      conversationId: id,
      text,
      clientId,
    });
    return reply.status(created ? 201 : 200).send(message);
  });

  app.put('/api/messages/conversations/:id/read', signedIn, async (request) => {
    const { id } = parse(idParamsSchema, request.params);
    const { message_id: messageId } = parse(conversationReadSchema, request.body);
    return markConversationRead(deps, currentUser(request).id, id, messageId);
  });
};
