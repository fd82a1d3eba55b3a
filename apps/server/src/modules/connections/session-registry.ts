/**
 * The sessions live in this process (issue 15): the gateway registers each open SSH or VNC stream with a way
 * to end it, so "Encerrar" in the oversight list reaches it. In memory: a session lives in the process that
 * holds its socket; the database's record says which sessions are open anywhere.
 */
import type { ConnectionEndReason } from '@farol/data/contract';

export interface LiveSession {
  sessionId: number;
  userId: number;
  companyId: number | null;
  connectionId: number;
  protocol: string;
  /** Ends the stream; the gateway then records the end (finishSession) with the bytes it counted. */
  end(reason: ConnectionEndReason, by: number | null): void;
}

export interface SessionRegistry {
  /** Registers a live session; answers the function that removes it. */
  register(session: LiveSession): () => void;
  get(sessionId: number): LiveSession | null;
  list(): LiveSession[];
  /** Ends every live session (the server is closing). */
  endAll(reason: ConnectionEndReason): void;
}

export const createSessionRegistry = (): SessionRegistry => {
  const live = new Map<number, LiveSession>();
  return {
    register(session) {
      live.set(session.sessionId, session);
      return () => {
        if (live.get(session.sessionId) === session) live.delete(session.sessionId);
      };
    },
    get: (sessionId) => live.get(sessionId) ?? null,
    list: () => [...live.values()],
    endAll(reason) {
      for (const session of [...live.values()]) {
        try {
          session.end(reason, null);
        } catch {
          // One stream failing to close must not keep the others open.
        }
      }
      live.clear();
    },
  };
};
