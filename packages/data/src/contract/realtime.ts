import { z } from 'zod';
import { chatMessageSchema } from './conversation';
import { apiErrorBodySchema } from './error';
import { notificationSchema } from './notification';

/** Socket.io defaults of spec §7 and §9. */
export const REALTIME_PATH = '/socket.io';
export const REALTIME_DEFAULT_PORT = 3001;
export const REALTIME_PING_INTERVAL_MS = 25_000;
export const REALTIME_RECONNECT_DELAY_MS = 800;
export const REALTIME_RECONNECT_DELAY_MAX_MS = 5_000;
export const REALTIME_CONNECT_TIMEOUT_MS = 20_000;
export const REALTIME_AUTH_RETRY_MS = 2_000;

/**
 * Client → server events. The client emits each under both names (spec §7); the server treats a pair as
 * one event (idempotent joins, sends de-duplicated by `client_id`).
 */
export const CLIENT_EVENTS = {
  join: ['conv:join', 'conversation:join'],
  leave: ['conv:leave', 'conversation:leave'],
  send: ['message:send', 'msg:send'],
  typing: ['conv:typing', 'typing'],
  ping: ['ping'],
} as const;

/** Server → client events the client listens to (spec §7). The reference server emits the first name of each. */
export const SERVER_EVENTS = {
  messageNew: ['message:new', 'msg:new', 'message:created', 'conversation:message'],
  messageUpdate: ['message:update'],
  messageDelete: ['message:delete'],
  messagesBulkDelete: ['messages:bulk-delete'],
  notification: ['notification'],
  ticketCreated: ['ticket:created'],
  ticketUpdated: ['ticket:updated'],
  conversationUpdated: ['conversation:updated', 'conversation:update'],
  typing: ['typing', 'conv:typing'],
} as const;

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
export const conversationUpdatedEventSchema = z.looseObject({ conversationId: z.number().int() });
export type ConversationUpdatedEvent = z.infer<typeof conversationUpdatedEventSchema>;
