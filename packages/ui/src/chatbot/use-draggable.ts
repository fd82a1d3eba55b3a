import { useCallback, useRef, useState } from 'react';
import type * as React from 'react';
import { DRAG_THRESHOLD_PX, exceedsDragThreshold, type Point } from './drag-math';

export interface UseDraggableOptions {
  /** Where the element rests when it is not being dragged (top-left, viewport pixels). */
  position: Point;
  /** Called once on release after a real drag, with the unsnapped top-left where the element was let go. */
  onDragEnd: (dropped: Point) => void;
  /** Travel in pixels before a press becomes a drag; anything shorter stays a click. */
  threshold?: number;
}

export interface DraggableHandlers {
  onPointerDown: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: React.PointerEvent<HTMLElement>) => void;
  onClickCapture: (event: React.MouseEvent<HTMLElement>) => void;
}

export interface UseDraggableResult {
  /** The live position while dragging, otherwise `options.position`. */
  position: Point;
  isDragging: boolean;
  handlers: DraggableHandlers;
}

interface DragSession {
  pointerId: number;
  start: Point;
  origin: Point;
  dragging: boolean;
  last: Point;
}

/**
 * Pointer-driven dragging for a fixed-position element. The pointer is captured so a fast drag never loses the
 * element; a move below the threshold leaves the click alone, a real drag swallows the click that follows it.
 */
export function useDraggable({
  position,
  onDragEnd,
  threshold = DRAG_THRESHOLD_PX,
}: UseDraggableOptions): UseDraggableResult {
  const [dragPosition, setDragPosition] = useState<Point | null>(null);
  const session = useRef<DragSession | null>(null);
  const swallowClick = useRef(false);

  const onPointerDown = useCallback(
    (event: React.PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      swallowClick.current = false;
      const target = event.currentTarget;
      try {
        target.setPointerCapture(event.pointerId);
      } catch {
        // Engines without capture, or a pointer that is not active (synthetic events): the drag still works.
      }
      session.current = {
        pointerId: event.pointerId,
        start: { x: event.clientX, y: event.clientY },
        origin: position,
        dragging: false,
        last: position,
      };
    },
    [position],
  );

  const onPointerMove = useCallback(
    (event: React.PointerEvent<HTMLElement>) => {
      const s = session.current;
      if (!s || s.pointerId !== event.pointerId) return;
      const current = { x: event.clientX, y: event.clientY };
      if (!s.dragging && !exceedsDragThreshold(s.start, current, threshold)) return;
      s.dragging = true;
      s.last = { x: s.origin.x + current.x - s.start.x, y: s.origin.y + current.y - s.start.y };
      setDragPosition(s.last);
    },
    [threshold],
  );

  const finish = useCallback(
    (event: React.PointerEvent<HTMLElement>, commit: boolean) => {
      const s = session.current;
      if (!s || s.pointerId !== event.pointerId) return;
      session.current = null;
      const target = event.currentTarget;
      if (typeof target.hasPointerCapture === 'function' && target.hasPointerCapture(event.pointerId)) {
        target.releasePointerCapture(event.pointerId);
      }
      setDragPosition(null);
      if (!s.dragging) return;
      swallowClick.current = commit;
      onDragEnd(s.last);
    },
    [onDragEnd],
  );

  const onPointerUp = useCallback((event: React.PointerEvent<HTMLElement>) => finish(event, true), [finish]);
  const onPointerCancel = useCallback(
    (event: React.PointerEvent<HTMLElement>) => finish(event, false),
    [finish],
  );

  const onClickCapture = useCallback((event: React.MouseEvent<HTMLElement>) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  }, []);

  return {
    position: dragPosition ?? position,
    isDragging: dragPosition !== null,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClickCapture },
  };
}
