import type { ChatMessage } from '../contract/conversation';
import type { Notification } from '../contract/notification';
import type {
  CompanyEvent,
  ConversationUpdatedEvent,
  MessageDeleteEvent,
  MessagesBulkDeleteEvent,
  MessageUpdateEvent,
  TicketEvent,
  TypingEvent,
} from '../contract/realtime';
import type {
  BoardPresenceEvent,
  BoardUpdatedEvent,
  TaskCommentedEvent,
  TaskDeletedEvent,
  TaskEvent as TaskCardEvent,
  TaskMovedEvent,
} from '../contract/task';
import type { PresenceState, UserPresenceEvent } from '../contract/user-directory-constants';

/** A new message (spec §3): the conversation, and the stored message or at least its text. */
export interface LiveMessageEvent {
  conversationId: number;
  /** The stored message when the server sent it whole; null when only text came. */
  message: ChatMessage | null;
  text: string;
}

/** Server events after alias folding and validation (spec §7 "Receives"). */
export interface RealtimeEventMap {
  notification: Notification;
  'message:new': LiveMessageEvent;
  'message:update': MessageUpdateEvent;
  'message:delete': MessageDeleteEvent;
  'messages:bulk-delete': MessagesBulkDeleteEvent;
  'ticket:created': TicketEvent;
  'ticket:updated': TicketEvent;
  'company:created': CompanyEvent;
  'company:updated': CompanyEvent;
  'conversation:updated': ConversationUpdatedEvent;
  typing: TypingEvent;
  // A board's room (joinBoard): its cards, comments, columns and who is viewing it.
  'task:created': TaskCardEvent;
  'task:updated': TaskCardEvent;
  'task:moved': TaskMovedEvent;
  'task:deleted': TaskDeletedEvent;
  'task:commented': TaskCommentedEvent;
  'board:updated': BoardUpdatedEvent;
  'board:presence': BoardPresenceEvent;
  // Staff holding users.view: a person's presence changed (the directory).
  'user:presence': UserPresenceEvent;
}
export type RealtimeEventName = keyof RealtimeEventMap;
export type RealtimeHandler<E extends RealtimeEventName> = (payload: RealtimeEventMap[E]) => void;

export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected';

export interface SendMessageInput {
  conversationId: number;
  text: string;
  /** Idempotency key echoed back as `client_id`; generated when absent. */
  clientId?: string;
}

/** The live channel, behind an interface: socket.io in the app, an in-memory fake in stories and tests. */
export interface RealtimeClient {
  connect(): void;
  disconnect(): void;
  readonly status: RealtimeStatus;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  on<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void;
  joinConversation(conversationId: number): void;
  leaveConversation(conversationId: number): void;
  /** Joins a board's room (its live events and presence); kept across reconnects until left. */
  joinBoard(boardId: number): void;
  leaveBoard(boardId: number): void;
  /** Resolves with the stored message from the acknowledgement; rejects with a RealtimeError. */
  sendMessage(input: SendMessageInput): Promise<ChatMessage>;
  setTyping(conversationId: number, typing: boolean): void;
  /** Reports this tab in use or idle (the directory's presence); told again after a reconnect. */
  setPresence(state: PresenceState): void;
}

/** A refused or unanswered socket call; `code` is the server's error code, or 'timeout' / 'disconnected'. */
export class RealtimeError extends Error {
  override readonly name = 'RealtimeError';
  readonly code: string;
  readonly details: Record<string, string> | undefined;

  constructor(code: string, message: string, details?: Record<string, string>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}
