import { z } from 'zod';
import { wireId, wireInt } from './wire-int';
import { userSummarySchema } from './user';

export const conversationParticipantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  profile_picture: z.string().nullable(),
});
export type ConversationParticipant = z.infer<typeof conversationParticipantSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender_id: z.number().int(),
  sender_name: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** Echo of the sender's idempotency key, so an optimistic bubble can be matched to its stored row. */
  client_id: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /api/messages → `{items, total}` of these, newest activity first. */
export const conversationSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  participants: z.array(conversationParticipantSchema),
  last_message: chatMessageSchema.nullable(),
  unread_count: z.number().int().min(0),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({
  items: z.array(conversationSchema),
  total: z.number().int().min(0),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const pageQuerySchema = z.object({
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  ).default(25),
});

/**
 * GET /api/messages/conversations/:id?limit=&before= — one page of messages in ascending time order;
 * `before` is a message id for loading older pages.
 */
export const messagePageQuerySchema = z.object({
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  ).default(50),
  before: wireId('before').optional(),
});
export const messagePageSchema = z.object({
  conversation: conversationSchema,
  items: z.array(chatMessageSchema),
  has_more: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

const messageText = z
  .string({ error: 'A mensagem deve ser um texto' })
  .trim()
  .min(1, 'A mensagem não pode ficar em branco')
  .max(5000, 'A mensagem deve ter no máximo 5000 caracteres');

/** POST /api/messages — start a conversation with one or more users. */
export const startConversationSchema = z
  .object({
    participant_ids: z
      .array(z.number({ error: 'Participante inválido' }).int().positive(), {
        error: 'Informe os participantes',
      })
      .min(1, 'Escolha ao menos um participante')
      .max(20, 'No máximo 20 participantes'),
    title: z.string().trim().max(120, 'O título deve ter no máximo 120 caracteres').optional(),
    text: messageText.optional(),
  })
  .strict();
export type StartConversation = z.infer<typeof startConversationSchema>;

/** POST /api/messages/conversations/:id — send a message. */
export const sendMessageSchema = z
  .object({
    text: messageText,
    client_id: z.string().max(64).optional(),
  })
  .strict();
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** GET /api/messages/unread-count (the client also accepts a bare number, `unread` or `unread_count`). */
export const messagesUnreadCountSchema = z.object({ count: z.number().int().min(0) });
export type MessagesUnreadCount = z.infer<typeof messagesUnreadCountSchema>;

/**
 * PUT /api/messages/conversations/:id/read — moves the caller's read marker to `message_id`, or to the newest
 * message when absent. An empty body (or `{read: true}`, as for notifications) marks everything read.
 */
export const conversationReadSchema = z.object({
  message_id: z.number({ error: 'message_id deve ser um número' }).int().positive().optional(),
  read: z.literal(true, { error: 'read deve ser true' }).optional(),
});
export type ConversationRead = z.infer<typeof conversationReadSchema>;

/**
 * GET /api/messages/contacts?q=&limit= — the people the caller may start a conversation with (staff: anyone;
 * a client: staff and their own company), never the caller; `q` matches the name or e-mail.
 */
export const contactsQuerySchema = z.object({
  q: z
    .string({ error: 'q deve ser um texto' })
    .trim()
    .max(100, 'q deve ter no máximo 100 caracteres')
    .optional(),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(50, 'limit deve ser no máximo 50'),
  ).default(20),
});
export type ContactsQuery = z.input<typeof contactsQuerySchema>;

export const contactListSchema = z.object({
  items: z.array(userSummarySchema),
  total: z.number().int().min(0),
});
export type ContactList = z.infer<typeof contactListSchema>;
