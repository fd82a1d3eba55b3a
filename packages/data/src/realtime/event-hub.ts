import type { RealtimeEventMap, RealtimeEventName, RealtimeHandler, RealtimeStatus } from './types';

type AnyHandler = (payload: unknown) => void;

/** Listeners for normalised events and status changes, shared by the socket client and the fake. */
export function createEventHub() {
  const handlers = new Map<RealtimeEventName, Set<AnyHandler>>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();

  const safely = (run: () => void) => {
    try {
      run();
    } catch (error) {
      // One broken subscriber must not starve the others, nor the socket.
      console.warn('[farol] realtime listener failed', error);
    }
  };

  return {
    on<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      const entry = handler as AnyHandler;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit<E extends RealtimeEventName>(event: E, payload: RealtimeEventMap[E]): void {
      for (const handler of [...(handlers.get(event) ?? [])]) safely(() => handler(payload));
    },
    onStatus(listener: (status: RealtimeStatus) => void): () => void {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    emitStatus(status: RealtimeStatus): void {
      for (const listener of [...statusListeners]) safely(() => listener(status));
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
