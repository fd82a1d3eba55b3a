import { useMemo, useSyncExternalStore } from 'react';
import type { Viewport } from './drag-math';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// clientWidth/Height exclude scrollbars, which is the box `position: fixed` lays out against.
const width = () => document.documentElement.clientWidth || window.innerWidth;
const height = () => document.documentElement.clientHeight || window.innerHeight;
// Server render: a common desktop size; the first client render corrects it.
const serverWidth = () => 1280;
const serverHeight = () => 800;

/** The layout viewport in CSS pixels, updated on resize. */
export function useViewport(): Viewport {
  // Two number snapshots instead of one object so React never sees a "new" value for the same size.
  const w = useSyncExternalStore(subscribe, width, serverWidth);
  const h = useSyncExternalStore(subscribe, height, serverHeight);
  return useMemo(() => ({ width: w, height: h }), [w, h]);
}
