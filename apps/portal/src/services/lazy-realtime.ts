import type {
  RealtimeClient,
  RealtimeEventName,
  RealtimeHandler,
  RealtimeStatus,
} from '@farol/data/realtime';

type AnyHandler = RealtimeHandler<RealtimeEventName>;

/**
 * A RealtimeClient whose real client is built on the first connect, once `load` resolves (the socket URL
 * comes from GET /api/config). Subscriptions, joins and status listeners made before that are kept and
 * handed over, so the providers and pages can use it from the first render.
 */
export function createLazyRealtime(load: () => Promise<RealtimeClient>): RealtimeClient {
  let inner: RealtimeClient | null = null;
  let loading: Promise<RealtimeClient> | null = null;
  let wanted = false;
  let status: RealtimeStatus = 'disconnected';
  const handlers = new Map<{ event: RealtimeEventName; handler: AnyHandler }, () => void>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  const joined = new Set<number>();
  const boards = new Set<number>();
  let presence: Parameters<RealtimeClient['setPresence']>[0] = 'active';

  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const adopt = (client: RealtimeClient) => {
    inner = client;
    for (const [entry] of handlers) handlers.set(entry, client.on(entry.event, entry.handler));
    client.onStatus(setStatus);
    for (const id of joined) client.joinConversation(id);
    for (const id of boards) client.joinBoard(id);
    if (presence !== 'active') client.setPresence(presence);
    if (wanted) client.connect();
    setStatus(client.status);
  };

  const ensure = (): Promise<RealtimeClient> => {
    loading ??= load().then((client) => {
      adopt(client);
      return client;
    });
    return loading;
  };

  return {
    get status() {
      return inner ? inner.status : status;
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    on<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>) {
      const entry = { event, handler: handler as AnyHandler };
      handlers.set(entry, inner ? inner.on(event, handler) : () => {});
      return () => {
        handlers.get(entry)?.();
        handlers.delete(entry);
      };
    },
    connect() {
      wanted = true;
      if (inner) return inner.connect();
      setStatus('connecting');
      void ensure();
    },
    disconnect() {
      wanted = false;
      if (inner) inner.disconnect();
      else setStatus('disconnected');
    },
    joinConversation(conversationId) {
      joined.add(conversationId);
      inner?.joinConversation(conversationId);
    },
    leaveConversation(conversationId) {
      joined.delete(conversationId);
      inner?.leaveConversation(conversationId);
    },
    joinBoard(boardId) {
      boards.add(boardId);
      inner?.joinBoard(boardId);
    },
    leaveBoard(boardId) {
      boards.delete(boardId);
      inner?.leaveBoard(boardId);
    },
    setTyping(conversationId, typing) {
      inner?.setTyping(conversationId, typing);
    },
    setPresence(state) {
      presence = state;
      inner?.setPresence(state);
    },
    async sendMessage(input) {
      const client = inner ?? (await ensure());
      return client.sendMessage(input);
    },
  };
}
