import { SERVER_EVENTS } from '../contract/constants';
import { TASK_SERVER_EVENTS } from '../contract/task-constants';
import { USER_SERVER_EVENTS } from '../contract/user-directory-constants';
import { isNotificationPayload } from '../notifications/ingest';
import { isRecord, toInteger } from '../lib/values';
import { normalizeNotification } from '../notifications/normalize';
import type { LiveMessageEvent, RealtimeEventMap, RealtimeEventName } from './types';
import {
  parseChatMessage,
  parseCompanyEvent,
  parseConversationUpdated,
  parseMessageDelete,
  parseMessageUpdate,
  parseMessagesBulkDelete,
  parseTicketEvent,
  parseTypingEvent,
} from './validate';
import {
  parseBoardPresenceEvent,
  parseBoardUpdatedEvent,
  parseTaskCommentedEvent,
  parseTaskDeletedEvent,
  parseTaskEvent,
  parseTaskMovedEvent,
} from './validate-task';
import { parseUserPresenceEvent } from './validate-user';

/** Which normalised event each SERVER_EVENTS group becomes. */
const EVENT_OF_GROUP: Record<keyof typeof SERVER_EVENTS, RealtimeEventName> = {
  messageNew: 'message:new',
  messageUpdate: 'message:update',
  messageDelete: 'message:delete',
  messagesBulkDelete: 'messages:bulk-delete',
  notification: 'notification',
  ticketCreated: 'ticket:created',
  ticketUpdated: 'ticket:updated',
  companyCreated: 'company:created',
  companyUpdated: 'company:updated',
  conversationUpdated: 'conversation:updated',
  typing: 'typing',
};

/** Every wire name the client listens to (spec §7), mapped to its normalised event; the board events by name. */
export const SERVER_EVENT_ALIASES: ReadonlyMap<string, RealtimeEventName> = new Map([
  ...(Object.keys(SERVER_EVENTS) as Array<keyof typeof SERVER_EVENTS>).flatMap((group) =>
    SERVER_EVENTS[group].map((name) => [name, EVENT_OF_GROUP[group]] as const),
  ),
  ...Object.values(TASK_SERVER_EVENTS).map((name) => [name, name] as const),
  ...Object.values(USER_SERVER_EVENTS).map((name) => [name, name] as const),
]);

const EVENT_NAMES = new Set<string>([
  ...Object.values(EVENT_OF_GROUP),
  ...Object.values(TASK_SERVER_EVENTS),
  ...Object.values(USER_SERVER_EVENTS),
]);

export type NormalizedEvent = {
  [E in RealtimeEventName]: { event: E; payload: RealtimeEventMap[E] };
}[RealtimeEventName];

export type NormalizeResult = { ok: true; value: NormalizedEvent } | { ok: false; reason: string };

/** Spec §3: `conversationId` and `message` or `text`; the id may also sit on the message. */
function liveMessage(raw: unknown): LiveMessageEvent | null {
  if (!isRecord(raw)) return null;
  const message = parseChatMessage(raw.message);
  const conversationId =
    toInteger(raw.conversationId) ?? toInteger(raw.conversation_id) ?? message?.conversation_id ?? null;
  const text = message?.text ?? [raw.message, raw.text].find((value) => typeof value === 'string');
  if (conversationId === null || conversationId <= 0 || typeof text !== 'string') return null;
  return { conversationId, message, text };
}

function checked<E extends RealtimeEventName>(
  event: E,
  parse: (raw: unknown) => RealtimeEventMap[E] | null,
  payload: unknown,
): NormalizeResult {
  const value = parse(payload);
  return value === null
    ? { ok: false, reason: 'payload does not match the contract' }
    : { ok: true, value: { event, payload: value } as NormalizedEvent };
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
      return checked(event, parseMessageUpdate, payload);
    case 'message:delete':
      return checked(event, parseMessageDelete, payload);
    case 'messages:bulk-delete':
      return checked(event, parseMessagesBulkDelete, payload);
    case 'ticket:created':
    case 'ticket:updated':
      return checked(event, parseTicketEvent, payload);
    case 'company:created':
    case 'company:updated':
      return checked(event, parseCompanyEvent, payload);
    case 'conversation:updated':
      return checked(event, parseConversationUpdated, payload);
    case 'typing':
      return checked(event, parseTypingEvent, payload);
    case 'task:created':
    case 'task:updated':
      return checked(event, parseTaskEvent, payload);
    case 'task:moved':
      return checked(event, parseTaskMovedEvent, payload);
    case 'task:deleted':
      return checked(event, parseTaskDeletedEvent, payload);
    case 'task:commented':
      return checked(event, parseTaskCommentedEvent, payload);
    case 'board:updated':
      return checked(event, parseBoardUpdatedEvent, payload);
    case 'board:presence':
      return checked(event, parseBoardPresenceEvent, payload);
    case 'user:presence':
      return checked(event, parseUserPresenceEvent, payload);
  }
}
