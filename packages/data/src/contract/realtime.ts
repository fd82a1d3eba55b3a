import { z } from 'zod';
import { chatMessageSchema } from './conversation';
import { apiErrorBodySchema } from './error';
import { notificationSchema } from './notification';

export const conversationRefSchema = z.object({ conversationId: z.coerce.number().int().positive() });
export type ConversationRef = z.infer<typeof conversationRefSchema>;

/** message:send / msg:send payload; answered through the socket acknowledgement. */
export const socketSendMessageSchema = z.object({
  conversationId: z.coerce.number().int().positive(),
  text: z.string().trim().min(1, 'A mensagem não pode ficar em branco').max(5000),
  clientId: z.string().min(1).max(64),
});
export type SocketSendMessage = z.infer<typeof socketSendMessageSchema>;
export const socketAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: chatMessageSchema }),
  z.object({ ok: z.literal(false), error: apiErrorBodySchema }),
]);
export type SocketAck = z.infer<typeof socketAckSchema>;

/** conv:typing / typing, both directions. The server adds who is typing. */
export const typingEmitSchema = z.object({
  conversationId: z.coerce.number().int().positive(),
  typing: z.boolean().default(true),
});
export const typingEventSchema = typingEmitSchema.extend({
  userId: z.number().int(),
  name: z.string(),
});
export type TypingEvent = z.infer<typeof typingEventSchema>;

/** message:new (spec §3: conversationId and message or text). */
export const messageNewEventSchema = z.object({
  conversationId: z.number().int(),
  message: chatMessageSchema,
});
export type MessageNewEvent = z.infer<typeof messageNewEventSchema>;

/** notification: wrapped and tagged so a client can tell it from other payloads (spec §5). */
export const notificationEventSchema = z.object({
  __kind: z.literal('notification'),
  notification: notificationSchema,
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** ticket:created / ticket:updated — the ticket's id and whatever the tickets module sends. */
export const ticketEventSchema = z.looseObject({ id: z.number().int() });
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** conversation:updated — e.g. read markers or a new participant. */
/** company:created and company:updated carry the whole Company (staff with companies.view). */
export const companyEventSchema = z.looseObject({ id: z.number().int() });
export type CompanyEvent = z.infer<typeof companyEventSchema>;

export const conversationUpdatedEventSchema = z.looseObject({ conversationId: z.number().int() });
export type ConversationUpdatedEvent = z.infer<typeof conversationUpdatedEventSchema>;

export {
  CLIENT_EVENTS,
  REALTIME_AUTH_RETRY_MS,
  REALTIME_CONNECT_TIMEOUT_MS,
  REALTIME_DEFAULT_PORT,
  REALTIME_PATH,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_RECONNECT_DELAY_MAX_MS,
  REALTIME_RECONNECT_DELAY_MS,
  SERVER_EVENTS,
} from './constants';

/** message:update — an edited message, whole. */
export const messageUpdateEventSchema = z.object({
  conversationId: z.coerce.number().int().positive(),
  message: chatMessageSchema,
});
export type MessageUpdateEvent = z.infer<typeof messageUpdateEventSchema>;

/** message:delete — one message gone from a conversation. */
export const messageDeleteEventSchema = z.object({
  conversationId: z.coerce.number().int().positive(),
  messageId: z.coerce.number().int(),
});
export type MessageDeleteEvent = z.infer<typeof messageDeleteEventSchema>;

/** messages:bulk-delete — several messages gone from a conversation at once. */
export const messagesBulkDeleteEventSchema = z.object({
  conversationId: z.coerce.number().int().positive(),
  messageIds: z.array(z.coerce.number().int()).max(1000),
});
export type MessagesBulkDeleteEvent = z.infer<typeof messagesBulkDeleteEventSchema>;

/*
 * The tasks module's board events (board:join/leave, task:created/updated/moved/deleted/commented,
 * board:updated, board:presence) and their schemas are in task.ts beside the task they carry
 * (TASK_CLIENT_EVENTS, TASK_SERVER_EVENTS, boardRoomSchema, taskEventSchema, …).
 */
