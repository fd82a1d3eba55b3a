/**
 * In-process stand-in with the realtime server's interface, used until the socket.io server is wired in:
 * it records what would have been pushed, so tests can assert on it.
 */
export interface RecordedEvent {
  room: string;
  event: string;
  payload: unknown;
}

export const createRealtimeStandIn = () => {
  const events: RecordedEvent[] = [];
  let running = true;
  return {
    port: 0,
    events,
    isRunning: () => running,
    toUser(userId: number, event: string, payload: unknown) {
      events.push({ room: `user:${userId}`, event, payload });
    },
    toConversation(conversationId: number, event: string, payload: unknown) {
      events.push({ room: `conversation:${conversationId}`, event, payload });
    },
    async close() {
      running = false;
    },
  };
};
