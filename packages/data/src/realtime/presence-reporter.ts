import { PRESENCE_IDLE_MS } from '../contract/user-directory-constants';
import type { RealtimeClient } from './types';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focus'] as const;

export interface PresenceReporterOptions {
  /** How long without input, or hidden, before the tab counts as idle (PRESENCE_IDLE_MS by default). */
  idleMs?: number;
  /** Injectable for tests. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/**
 * Tells the server whether this tab is in use (the directory's online / ausente): idle after `idleMs` without a
 * key, pointer or touch, or after `idleMs` hidden; in use again at the first input or when shown. Answers the
 * stop.
 */
export function startPresenceReporter(
  realtime: Pick<RealtimeClient, 'setPresence'>,
  options: PresenceReporterOptions = {},
): () => void {
  const target = options.target ?? (typeof window === 'undefined' ? undefined : window);
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
  if (!target || !doc) return () => undefined;
  const idleMs = options.idleMs ?? PRESENCE_IDLE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastActivity = 0;

  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => realtime.setPresence('idle'), idleMs);
  };
  const active = () => {
    // Pointer moves come by the hundred: re-arm at most once a second.
    const now = Date.now();
    if (now - lastActivity < 1_000 && timer !== undefined) return;
    lastActivity = now;
    realtime.setPresence('active');
    arm();
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') active();
    // Hidden: the timer keeps running; no input can come while hidden, so it ends idle after idleMs.
  };

  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, active, { passive: true });
  doc.addEventListener('visibilitychange', onVisibility);
  arm();
  return () => {
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, active);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
