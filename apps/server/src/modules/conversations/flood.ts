/**
 * Flood limits of the conversations, per person rather than per socket: one budget of messages shared by
 * all of a person's sockets and the REST send, and one typing state per person and conversation. In memory
 * per process (a deployment with several processes allows that many times the budget).
 */

/** Messages one person may send per window, over every socket and POST: far above typing, far below a flood. */
export const DEFAULT_SEND_LIMIT = { max: 30, windowMs: 10_000 };

/** Kept entries beyond which idle people are forgotten. */
const PRUNE_ABOVE = 10_000;

export interface SendBudget {
  /** Spends one message of the person's budget: null when allowed, else the milliseconds until one frees up. */
  take(userId: number): number | null;
}

export const createSendBudget = ({ max, windowMs }: { max: number; windowMs: number }): SendBudget => {
  const sent = new Map<number, number[]>();
  const prune = (now: number) => {
    for (const [userId, times] of sent) if ((times.at(-1) ?? 0) <= now - windowMs) sent.delete(userId);
  };
  return {
    take(userId) {
      const now = Date.now();
      const times = (sent.get(userId) ?? []).filter((at) => at > now - windowMs);
      sent.set(userId, times);
      if (times.length >= max) return times[0]! + windowMs - now;
      times.push(now);
      if (sent.size > PRUNE_ABOVE) prune(now);
      return null;
    },
  };
};

/** A start is relayed at most once per this gap, so alternating true/false cannot flood the room. */
export const TYPING_START_GAP_MS = 1_000;
/** A repeated start ("still typing") is relayed again after this long (the client resends every 2.5 s). */
export const TYPING_REFRESH_MS = 2_000;

export interface TypingThrottle {
  /** Whether this typing state of the person in the conversation is worth relaying now (then it is recorded). */
  shouldRelay(userId: number, conversationId: number, typing: boolean): boolean;
}

/**
 * One state per person and conversation across their sockets: a stop is relayed once after a relayed start;
 * a start when the last relayed state was a stop, but at most once per TYPING_START_GAP_MS; a repeated start
 * after TYPING_REFRESH_MS. The twin emit of each event (two names, one tick) is dropped by the same rules.
 */
export const createTypingThrottle = (): TypingThrottle => {
  const states = new Map<string, { typing: boolean; at: number; startedAt: number }>();
  return {
    shouldRelay(userId, conversationId, typing) {
      const key = `${userId}:${conversationId}`;
      const now = Date.now();
      const last = states.get(key);
      let relay: boolean;
      if (!typing) relay = last?.typing === true;
      else if (!last) relay = true;
      else if (last.typing) relay = now - last.at >= TYPING_REFRESH_MS;
      else relay = now - last.startedAt >= TYPING_START_GAP_MS;
      if (!relay) return false;
      states.set(key, { typing, at: now, startedAt: typing ? now : (last?.startedAt ?? 0) });
      if (states.size > PRUNE_ABOVE) {
        for (const [entry, state] of states) if (state.at <= now - 60_000) states.delete(entry);
      }
      return true;
    },
  };
};
