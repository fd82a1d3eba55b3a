// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_BREAKPOINT, MOBILE_MEDIA_QUERY, useIsMobile, useMediaQuery } from './use-media-query';

/** A matchMedia stand-in driven by a fake viewport width, so the test controls every change. */
function fakeViewport(initialWidth: number) {
  let width = initialWidth;
  const lists = new Set<{ query: string; listeners: Set<() => void> }>();
  const evaluate = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return max ? width <= Number(max[1]) : false;
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    const entry = { query, listeners: new Set<() => void>() };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      addEventListener: (_: string, fn: () => void) => entry.listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => entry.listeners.delete(fn),
    };
  });
  return {
    resize(next: number) {
      width = next;
      for (const entry of lists) entry.listeners.forEach((fn) => fn());
    },
    listenerCount: () => [...lists].reduce((n, e) => n + e.listeners.size, 0),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery / useIsMobile', () => {
  it('uses 768 px as the mobile breakpoint', () => {
    expect(MOBILE_BREAKPOINT).toBe(768);
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 767px)');
  });

  it('is mobile below 768 px and desktop from 768 px, following resizes', () => {
    const viewport = fakeViewport(375);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(true);
    act(() => viewport.resize(768));
    expect(result.current).toBe(false);
    act(() => viewport.resize(767));
    expect(result.current).toBe(true);
  });

  it('unsubscribes on unmount', () => {
    const viewport = fakeViewport(1280);
    const { result, unmount } = renderHook(() => useMediaQuery('(max-width: 500px)'));
    expect(result.current).toBe(false);
    expect(viewport.listenerCount()).toBeGreaterThan(0);
    unmount();
    expect(viewport.listenerCount()).toBe(0);
  });
});
