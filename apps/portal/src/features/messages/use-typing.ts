import { useRealtime, useRealtimeEvent } from '@farol/data/realtime';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Someone else's typing shows this long after their last signal, unless they stop or send first. */
export const TYPING_VISIBLE_MS = 6_000;
/** Our own typing signal is repeated at most this often while keys are pressed… */
export const TYPING_RESEND_MS = 2_500;
/** …and withdrawn after this long without a key. */
export const TYPING_IDLE_MS = 4_000;

/** Who else is typing in the conversation (names, in arrival order). */
export function useTypingPeople(conversationId: number, meId: number | string | null): string[] {
  const [typers, setTypers] = useState<ReadonlyMap<number, { name: string; until: number }>>(new Map());

  const drop = useCallback((userId: number) => {
    setTypers((current) => {
      if (!current.has(userId)) return current;
      const next = new Map(current);
      next.delete(userId);
      return next;
    });
  }, []);

  useRealtimeEvent('typing', (event) => {
    if (event.conversationId !== conversationId || String(event.userId) === String(meId)) return;
    if (!event.typing) return drop(event.userId);
    setTypers((current) =>
      new Map(current).set(event.userId, { name: event.name, until: Date.now() + TYPING_VISIBLE_MS }),
    );
  });
  // A message from someone ends their typing at once.
  useRealtimeEvent('message:new', (event) => {
    if (event.conversationId === conversationId && event.message) drop(event.message.sender_id);
  });

  useEffect(() => {
    if (typers.size === 0) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setTypers((current) => {
        const next = new Map([...current].filter(([, typer]) => typer.until > now));
        return next.size === current.size ? current : next;
      });
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [typers.size]);

  return [...typers.values()].map((typer) => typer.name);
}

/** Signals our own typing: `onInput` on every keystroke, `stop` when the message leaves. */
export function useTypingSignal(conversationId: number) {
  const realtime = useRealtime();
  const lastSent = useRef(0);
  const idleTimer = useRef<number | undefined>(undefined);

  const stop = useCallback(() => {
    window.clearTimeout(idleTimer.current);
    if (lastSent.current !== 0) realtime.setTyping(conversationId, false);
    lastSent.current = 0;
  }, [realtime, conversationId]);

  const onInput = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current > TYPING_RESEND_MS) {
      realtime.setTyping(conversationId, true);
      lastSent.current = now;
    }
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(stop, TYPING_IDLE_MS);
  }, [realtime, conversationId, stop]);

  useEffect(() => stop, [stop]);
  return { onInput, stop };
}
