export interface Point {
  x: number;
  y: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export type Edge = 'left' | 'right' | 'top' | 'bottom';

/** Pixels a pointer must travel before a press on the chatbot button becomes a drag (spec §9). */
export const DRAG_THRESHOLD_PX = 6;

function clamp(value: number, min: number, max: number): number {
  // A viewport smaller than the button plus margins pins the button to the start margin instead of flipping.
  if (max < min) return min;
  return Math.min(Math.max(value, min), max);
}

/** Keeps a square of `size` (top-left at `point`) inside the viewport with `margin` on every side. */
export function clampToViewport(point: Point, viewport: Viewport, size: number, margin: number): Point {
  return {
    x: clamp(point.x, margin, viewport.width - size - margin),
    y: clamp(point.y, margin, viewport.height - size - margin),
  };
}

/** The viewport edge closest to the centre of the square whose top-left corner is `point`. */
export function nearestEdge(point: Point, viewport: Viewport, size: number): Edge {
  const cx = point.x + size / 2;
  const cy = point.y + size / 2;
  const distances: [Edge, number][] = [
    ['left', cx],
    ['right', viewport.width - cx],
    ['top', cy],
    ['bottom', viewport.height - cy],
  ];
  // Ties keep the first listed edge, so the result is deterministic.
  return distances.reduce((best, current) => (current[1] < best[1] ? current : best))[0];
}

/**
 * Moves the button (top-left at `point`) onto the nearest of the four viewport edges, `margin` away from it,
 * and keeps the other coordinate inside the margins.
 */
export function snapToNearestEdge(
  point: Point,
  viewport: Viewport,
  buttonSize: number,
  margin: number,
): Point {
  const inside = clampToViewport(point, viewport, buttonSize, margin);
  switch (nearestEdge(point, viewport, buttonSize)) {
    case 'left':
      return { x: margin, y: inside.y };
    case 'right':
      return { x: Math.max(margin, viewport.width - buttonSize - margin), y: inside.y };
    case 'top':
      return { x: inside.x, y: margin };
    case 'bottom':
      return { x: inside.x, y: Math.max(margin, viewport.height - buttonSize - margin) };
  }
}

/** True once the pointer has travelled `threshold` pixels or more (straight-line) from where it was pressed. */
export function exceedsDragThreshold(
  start: Point,
  current: Point,
  threshold: number = DRAG_THRESHOLD_PX,
): boolean {
  return Math.hypot(current.x - start.x, current.y - start.y) >= threshold;
}

/** Where the button rests when nothing is stored: the bottom-right corner, inside the margins. */
export function defaultButtonPosition(viewport: Viewport, buttonSize: number, margin: number): Point {
  return clampToViewport(
    { x: viewport.width - buttonSize - margin, y: viewport.height - buttonSize - margin },
    viewport,
    buttonSize,
    margin,
  );
}
