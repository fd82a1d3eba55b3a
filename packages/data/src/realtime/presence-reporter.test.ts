import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPresenceReporter } from './presence-reporter';

describe('startPresenceReporter', () => {
  let target: EventTarget;
  let doc: EventTarget & { visibilityState: DocumentVisibilityState };
  let reported: string[];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    target = new EventTarget();
    doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    reported = [];
    stop = startPresenceReporter(
      { setPresence: (state) => reported.push(state) },
      { idleMs: 60_000, target: target as Window, document: doc as unknown as Document },
    );
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('reports idle after the idle time without input, and in use again at the next input', () => {
    vi.advanceTimersByTime(59_000);
    expect(reported).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(reported).toEqual(['idle']);
    target.dispatchEvent(new Event('keydown'));
    expect(reported).toEqual(['idle', 'active']);
  });

  it('input restarts the wait; a hidden tab ends idle, and is in use again when shown', () => {
    vi.advanceTimersByTime(50_000);
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(50_000);
    expect(reported).toEqual(['active']);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(10_000);
    expect(reported).toEqual(['active', 'idle']);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(reported).toEqual(['active', 'idle', 'active']);
  });

  it('stops listening when stopped', () => {
    stop();
    vi.advanceTimersByTime(120_000);
    target.dispatchEvent(new Event('keydown'));
    expect(reported).toEqual([]);
  });
});
