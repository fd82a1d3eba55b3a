import type { ChatMessage } from '../contract/conversation';
import { CLIENT_EVENTS } from '../contract/constants';
import { TASK_CLIENT_EVENTS } from '../contract/task-constants';
import { USER_CLIENT_EVENTS, type PresenceState } from '../contract/user-directory-constants';
import type { SocketSendMessage } from '../contract/realtime';
import { newClientId } from './client-id';
import { createEventHub } from './event-hub';
import { normalizeServerEvent } from './normalize-event';
import { RealtimeError, type RealtimeClient, type RealtimeStatus } from './types';
import { checkSendMessage } from './validate';

export interface FakeRealtimeOptions {
  /** Answers a send as the server would; defaults to storing it as message n authored by 'Você'. */
  onSend?: (input: SocketSendMessage) => ChatMessage | Promise<ChatMessage>;
  logger?: Pick<Console, 'warn'>;
}

export interface FakeRealtime extends RealtimeClient {
  /** Delivers a server event by any wire name, through the same validation as the socket client. */
  emitServerEvent(name: string, payload: unknown): boolean;
  /** Every client emit, under each of its names, in order. */
  readonly emits: ReadonlyArray<{ event: string; payload: unknown }>;
  readonly connectCount: number;
  readonly disconnectCount: number;
  clearEmits(): void;
}

/** In-memory RealtimeClient for stories and unit tests: no network, everything observable. */
export function createFakeRealtime({ onSend, logger = console }: FakeRealtimeOptions = {}): FakeRealtime {
  const hub = createEventHub();
  const emits: Array<{ event: string; payload: unknown }> = [];
  const joined = new Set<number>();
  const boards = new Set<number>();
  let status: RealtimeStatus = 'disconnected';
  let connectCount = 0;
  let disconnectCount = 0;
  let nextMessageId = 1;
  let presence: PresenceState = 'active';

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    hub.emitStatus(next);
  };
  const emitBoth = (names: readonly string[], payload: unknown) => {
    for (const event of names) emits.push({ event, payload });
  };
  const defaultSend = (input: SocketSendMessage): ChatMessage => ({
    id: nextMessageId++,
    conversation_id: input.conversationId,
    sender_id: 0,
    sender_name: 'Você',
    text: input.text,
    created_at: new Date().toISOString(),
    client_id: input.clientId,
  });

  return {
    get status() {
      return status;
    },
    get emits() {
      return emits;
    },
    get connectCount() {
      return connectCount;
    },
    get disconnectCount() {
      return disconnectCount;
    },
    clearEmits() {
      emits.length = 0;
    },
    onStatus: hub.onStatus,
    on: hub.on,
    connect() {
      connectCount += 1;
      setStatus('connected');
      for (const conversationId of joined) emitBoth(CLIENT_EVENTS.join, { conversationId });
      for (const boardId of boards) emitBoth([TASK_CLIENT_EVENTS.boardJoin], { boardId });
    },
    disconnect() {
      disconnectCount += 1;
      setStatus('disconnected');
    },
    joinConversation(conversationId) {
      joined.add(conversationId);
      if (status === 'connected') emitBoth(CLIENT_EVENTS.join, { conversationId });
    },
    leaveConversation(conversationId) {
      joined.delete(conversationId);
      if (status === 'connected') emitBoth(CLIENT_EVENTS.leave, { conversationId });
    },
    joinBoard(boardId) {
      boards.add(boardId);
      if (status === 'connected') emitBoth([TASK_CLIENT_EVENTS.boardJoin], { boardId });
    },
    leaveBoard(boardId) {
      boards.delete(boardId);
      if (status === 'connected') emitBoth([TASK_CLIENT_EVENTS.boardLeave], { boardId });
    },
    setTyping(conversationId, typing) {
      if (status === 'connected') emitBoth(CLIENT_EVENTS.typing, { conversationId, typing });
    },
    setPresence(state) {
      if (state === presence) return;
      presence = state;
      if (status === 'connected') emitBoth([USER_CLIENT_EVENTS.presenceSet], { state });
    },
    async sendMessage(input) {
      const parsed = checkSendMessage({ ...input, clientId: input.clientId ?? newClientId() });
      if (!parsed.ok) {
        throw new RealtimeError('validation_failed', parsed.message, { [parsed.field]: parsed.message });
      }
      if (status !== 'connected') throw new RealtimeError('disconnected', 'Sem conexão em tempo real');
      emitBoth(CLIENT_EVENTS.send, parsed.value);
      return (onSend ?? defaultSend)(parsed.value);
    },
    emitServerEvent(name, payload) {
      // A real socket hears nothing while offline.
      if (status !== 'connected') return false;
      const result = normalizeServerEvent(name, payload);
      if (!result.ok) {
        logger.warn(`[farol] realtime '${name}' dropped: ${result.reason}`);
        return false;
      }
      hub.emit(result.value.event, result.value.payload as never);
      return true;
    },
  };
}
