import type { z } from 'zod';
import { chatMessageSchema } from '../contract/conversation';
import {
  SERVER_EVENTS,
  conversationUpdatedEventSchema,
  messageDeleteEventSchema,
  messagesBulkDeleteEventSchema,
  messageUpdateEventSchema,
  ticketEventSchema,
  typingEventSchema,
} from '../contract/realtime';
import { isNotificationPayload } from '../notifications/ingest';
import { isRecord, normalizeNotification, toInteger } from '../notifications/normalize';
import type { LiveMessageEvent, RealtimeEventMap, RealtimeEventName } from './types';

/** Which normalised event each SERVER_EVENTS group becomes. */
const EVENT_OF_GROUP: Record<keyof typeof SERVER_EVENTS, RealtimeEventName> = {
  messageNew: 'message:new',
  messageUpdate: 'message:update',
  messageDelete: 'message:delete',
  messagesBulkDelete: 'messages:bulk-delete',
  notification: 'notification',
  ticketCreated: 'ticket:created',
  ticketUpdated: 'ticket:updated',
  conversationUpdated: 'conversation:updated',
  typing: 'typing',
};

/** Every wire name the client listens to (spec §7), mapped to its normalised event. */
export const SERVER_EVENT_ALIASES: ReadonlyMap<string, RealtimeEventName> = new Map(
  (Object.keys(SERVER_EVENTS) as Array<keyof typeof SERVER_EVENTS>).flatMap((group) =>
    SERVER_EVENTS[group].map((name) => [name, EVENT_OF_GROUP[group]] as const),
  ),
);

const EVENT_NAMES = new Set<string>(Object.values(EVENT_OF_GROUP));

export type NormalizedEvent = {
  [E in RealtimeEventName]: { event: E; payload: RealtimeEventMap[E] };
}[RealtimeEventName];

export type NormalizeResult = { ok: true; value: NormalizedEvent } | { ok: false; reason: string };

/** Spec §3: `conversationId` and `message` or `text`; the id may also sit on the message. */
function liveMessage(raw: unknown): LiveMessageEvent | null {
  if (!isRecord(raw)) return null;
  const parsedMessage = chatMessageSchema.safeParse(raw.message);
  const message = parsedMessage.success ? parsedMessage.data : null;
  const conversationId =
    toInteger(raw.conversationId) ?? toInteger(raw.conversation_id) ?? message?.conversation_id ?? null;
  const text = message?.text ?? [raw.message, raw.text].find((value) => typeof value === 'string');
  if (conversationId === null || conversationId <= 0 || typeof text !== 'string') return null;
  return { conversationId, message, text };
}

function withSchema<E extends RealtimeEventName>(
  event: E,
  schema: z.ZodType<RealtimeEventMap[E]>,
  payload: unknown,
): NormalizeResult {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { ok: true, value: { event, payload: parsed.data } as NormalizedEvent };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'inválido'}` };
}

/** Folds a wire event name into its normalised event and validates the payload against the contract. */
export function normalizeServerEvent(name: string, payload: unknown): NormalizeResult {
  const event =
    SERVER_EVENT_ALIASES.get(name) ?? (EVENT_NAMES.has(name) ? (name as RealtimeEventName) : null);
  if (!event) return { ok: false, reason: `unknown event ${name}` };
  switch (event) {
    case 'notification': {
      // Spec §5: only tagged payloads are notifications; the body tolerates every spelling of §3.
      const notification = isNotificationPayload(payload) ? normalizeNotification(payload) : null;
      return notification
        ? { ok: true, value: { event, payload: notification } }
        : { ok: false, reason: 'not a tagged notification with id and message' };
    }
    case 'message:new': {
      const message = liveMessage(payload);
      return message
        ? { ok: true, value: { event, payload: message } }
        : { ok: false, reason: 'needs conversationId and message or text' };
    }
    case 'message:update':
      return withSchema(event, messageUpdateEventSchema, payload);
    case 'message:delete':
      return withSchema(event, messageDeleteEventSchema, payload);
    case 'messages:bulk-delete':
      return withSchema(event, messagesBulkDeleteEventSchema, payload);
    case 'ticket:created':
    case 'ticket:updated':
      return withSchema(event, ticketEventSchema, payload);
    case 'conversation:updated':
      return withSchema(event, conversationUpdatedEventSchema, payload);
    case 'typing':
      return withSchema(event, typingEventSchema, payload);
  }
}
