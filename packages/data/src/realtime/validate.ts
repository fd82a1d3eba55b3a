// Hand-written guards for the socket payloads. They accept a subset of what the contract's zod schemas
// accept (validate.test.ts checks that against the schemas): the main entry stays free of zod, which
// would otherwise be most of its size (bench/data-size.mjs).
import type { ChatMessage } from '../contract/conversation';
import type {
  ConversationUpdatedEvent,
  MessageDeleteEvent,
  MessagesBulkDeleteEvent,
  MessageUpdateEvent,
  SocketAck,
  SocketSendMessage,
  CompanyEvent,
  TicketEvent,
  TypingEvent,
} from '../contract/realtime';
import type { Ticket } from '../contract/ticket';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../contract/ticket-constants';
import { isRecord, toInteger } from '../lib/values';

const MAX_TEXT = 5000;
const MAX_CLIENT_ID = 64;
const MAX_BULK = 1000;

const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const positiveId = (value: unknown): number | null => {
  const id = toInteger(value);
  return id !== null && id > 0 ? id : null;
};

export function parseChatMessage(raw: unknown): ChatMessage | null {
  if (!isRecord(raw)) return null;
  const id = int(raw.id);
  const conversationId = int(raw.conversation_id);
  const senderId = int(raw.sender_id);
  const { sender_name: senderName, text, created_at: createdAt, client_id: clientId } = raw;
  if (id === null || conversationId === null || senderId === null) return null;
  if (typeof senderName !== 'string' || typeof text !== 'string' || typeof createdAt !== 'string')
    return null;
  if (clientId !== undefined && clientId !== null && typeof clientId !== 'string') return null;
  const message: ChatMessage = {
    id,
    conversation_id: conversationId,
    sender_id: senderId,
    sender_name: senderName,
    text,
    created_at: createdAt,
  };
  if (clientId !== undefined) message.client_id = clientId;
  return message;
}

export function parseMessageUpdate(raw: unknown): MessageUpdateEvent | null {
  if (!isRecord(raw)) return null;
  const conversationId = positiveId(raw.conversationId);
  const message = parseChatMessage(raw.message);
  return conversationId !== null && message ? { conversationId, message } : null;
}

export function parseMessageDelete(raw: unknown): MessageDeleteEvent | null {
  if (!isRecord(raw)) return null;
  const conversationId = positiveId(raw.conversationId);
  const messageId = toInteger(raw.messageId);
  return conversationId !== null && messageId !== null ? { conversationId, messageId } : null;
}

export function parseMessagesBulkDelete(raw: unknown): MessagesBulkDeleteEvent | null {
  if (!isRecord(raw) || !Array.isArray(raw.messageIds) || raw.messageIds.length > MAX_BULK) return null;
  const conversationId = positiveId(raw.conversationId);
  const messageIds = raw.messageIds.map(toInteger);
  if (conversationId === null || messageIds.some((id) => id === null)) return null;
  return { conversationId, messageIds: messageIds as number[] };
}

/** An event that names a record by its `id` (ticket:*, company:*); the rest of the payload rides along. */
function parseIdEvent(raw: unknown): (Record<string, unknown> & { id: number }) | null {
  if (!isRecord(raw)) return null;
  const id = int(raw.id);
  return id === null ? null : { ...raw, id };
}

export const parseTicketEvent: (raw: unknown) => TicketEvent | null = parseIdEvent;
export const parseCompanyEvent: (raw: unknown) => CompanyEvent | null = parseIdEvent;

const person = (raw: unknown): { id: number; name: string } | null => {
  if (!isRecord(raw)) return null;
  const id = int(raw.id);
  return id !== null && typeof raw.name === 'string' ? { id, name: raw.name } : null;
};
const isOneOf = <T extends string>(values: readonly T[], raw: unknown): raw is T => values.includes(raw as T);

/**
 * A ticket:created / ticket:updated payload that is a whole wire Ticket (the reference server sends one), so
 * it may be written into the cache as it is; null for anything less (a bare `{id}` only invalidates).
 */
export function parseWholeTicket(raw: unknown): Ticket | null {
  if (!isRecord(raw)) return null;
  const id = int(raw.id);
  const number = int(raw.number);
  const companyId = int(raw.company_id);
  const branchId = raw.branch_id === null ? null : int(raw.branch_id);
  const requester = person(raw.requester);
  const assignee = raw.assignee === null ? null : person(raw.assignee);
  const { subject, description, status, priority, category, company_name, created_at, updated_at, due_at } =
    raw;
  if (
    id === null ||
    number === null ||
    companyId === null ||
    (branchId === null && raw.branch_id !== null) ||
    !requester ||
    (assignee === null && raw.assignee !== null) ||
    typeof subject !== 'string' ||
    typeof description !== 'string' ||
    !isOneOf(TICKET_STATUSES, status) ||
    !isOneOf(TICKET_PRIORITIES, priority) ||
    (category !== null && typeof category !== 'string') ||
    typeof company_name !== 'string' ||
    typeof created_at !== 'string' ||
    typeof updated_at !== 'string' ||
    typeof due_at !== 'string'
  ) {
    return null;
  }
  return {
    id,
    number,
    subject,
    description,
    status,
    priority,
    category,
    company_id: companyId,
    company_name,
    branch_id: branchId,
    requester,
    assignee,
    created_at,
    updated_at,
    due_at,
  };
}

export function parseConversationUpdated(raw: unknown): ConversationUpdatedEvent | null {
  if (!isRecord(raw)) return null;
  const conversationId = int(raw.conversationId);
  return conversationId === null ? null : { ...raw, conversationId };
}

export function parseTypingEvent(raw: unknown): TypingEvent | null {
  if (!isRecord(raw)) return null;
  const conversationId = positiveId(raw.conversationId);
  const userId = int(raw.userId);
  const typing = raw.typing === undefined ? true : raw.typing;
  if (
    conversationId === null ||
    userId === null ||
    typeof typing !== 'boolean' ||
    typeof raw.name !== 'string'
  ) {
    return null;
  }
  return { conversationId, typing, userId, name: raw.name };
}

export function parseSocketAck(raw: unknown): SocketAck | null {
  if (!isRecord(raw)) return null;
  if (raw.ok === true) {
    const message = parseChatMessage(raw.message);
    return message ? { ok: true, message } : null;
  }
  if (raw.ok !== false || !isRecord(raw.error)) return null;
  const { error, message, details } = raw.error;
  if (typeof error !== 'string' || typeof message !== 'string') return null;
  if (details === undefined) return { ok: false, error: { error, message } };
  if (!isRecord(details) || !Object.values(details).every((value) => typeof value === 'string')) return null;
  return { ok: false, error: { error, message, details: details as Record<string, string> } };
}

export type SendCheck =
  { ok: true; value: SocketSendMessage } | { ok: false; field: string; message: string };

/** What `message:send` needs (socketSendMessageSchema), with the Portuguese messages of the contract. */
export function checkSendMessage(input: {
  conversationId: unknown;
  text: unknown;
  clientId: unknown;
}): SendCheck {
  const conversationId = positiveId(input.conversationId);
  if (conversationId === null) return { ok: false, field: 'conversationId', message: 'Conversa inválida' };
  if (typeof input.text !== 'string')
    return { ok: false, field: 'text', message: 'A mensagem deve ser um texto' };
  const text = input.text.trim();
  if (!text) return { ok: false, field: 'text', message: 'A mensagem não pode ficar em branco' };
  if (text.length > MAX_TEXT) {
    return { ok: false, field: 'text', message: 'A mensagem deve ter no máximo 5000 caracteres' };
  }
  const { clientId } = input;
  if (typeof clientId !== 'string' || clientId.length < 1 || clientId.length > MAX_CLIENT_ID) {
    return { ok: false, field: 'clientId', message: 'Identificador de envio inválido' };
  }
  return { ok: true, value: { conversationId, text, clientId } };
}
