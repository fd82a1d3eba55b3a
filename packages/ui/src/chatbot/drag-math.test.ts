import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampToViewport,
  defaultButtonPosition,
  exceedsDragThreshold,
  nearestEdge,
  snapToNearestEdge,
} from './drag-math';

const desktop = { width: 1280, height: 800 };

describe('snapToNearestEdge', () => {
  it('snaps to the left edge with the margin and keeps the vertical position', () => {
    expect(snapToNearestEdge({ x: 40, y: 300 }, desktop, 56, 24)).toEqual({ x: 24, y: 300 });
  });

  it('snaps to the right edge', () => {
    expect(snapToNearestEdge({ x: 1180, y: 400 }, desktop, 56, 24)).toEqual({ x: 1280 - 56 - 24, y: 400 });
  });

  it('snaps to the top edge', () => {
    expect(snapToNearestEdge({ x: 600, y: 10 }, desktop, 56, 24)).toEqual({ x: 600, y: 24 });
  });

  it('snaps to the bottom edge', () => {
    expect(snapToNearestEdge({ x: 600, y: 760 }, desktop, 56, 24)).toEqual({ x: 600, y: 800 - 56 - 24 });
  });

  it('clamps the free coordinate inside the margins, also when dropped outside the viewport', () => {
    expect(snapToNearestEdge({ x: -200, y: -50 }, desktop, 56, 24)).toEqual({ x: 24, y: 24 });
    expect(snapToNearestEdge({ x: 5000, y: 790 }, desktop, 56, 24)).toEqual({ x: 1200, y: 720 });
  });

  it('uses the mobile size and margin', () => {
    expect(snapToNearestEdge({ x: 300, y: 200 }, { width: 375, height: 740 }, 48, 16)).toEqual({
      x: 311,
      y: 200,
    });
  });

  it('always lands on an edge, inside the margins', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2000, max: 4000 }),
        fc.integer({ min: -2000, max: 4000 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 200, max: 3000 }),
        (x, y, width, height) => {
          const viewport = { width, height };
          const p = snapToNearestEdge({ x, y }, viewport, 56, 24);
          const onEdge = p.x === 24 || p.y === 24 || p.x === width - 80 || p.y === height - 80;
          expect(onEdge).toBe(true);
          expect(p.x).toBeGreaterThanOrEqual(24);
          expect(p.y).toBeGreaterThanOrEqual(24);
          expect(p.x).toBeLessThanOrEqual(width - 80);
          expect(p.y).toBeLessThanOrEqual(height - 80);
        },
      ),
    );
  });
});

describe('nearestEdge', () => {
  it('measures from the centre of the button', () => {
    expect(nearestEdge({ x: 0, y: 400 }, desktop, 56)).toBe('left');
    expect(nearestEdge({ x: 1200, y: 400 }, desktop, 56)).toBe('right');
    expect(nearestEdge({ x: 640, y: 0 }, desktop, 56)).toBe('top');
    expect(nearestEdge({ x: 640, y: 740 }, desktop, 56)).toBe('bottom');
  });
});

describe('exceedsDragThreshold', () => {
  it('keeps moves under 6 px a click and treats 6 px or more as a drag', () => {
    expect(exceedsDragThreshold({ x: 0, y: 0 }, { x: 4, y: 0 }, 6)).toBe(false);
    expect(exceedsDragThreshold({ x: 0, y: 0 }, { x: 4, y: 4 }, 6)).toBe(false);
    expect(exceedsDragThreshold({ x: 0, y: 0 }, { x: 0, y: 6 }, 6)).toBe(true);
    expect(exceedsDragThreshold({ x: 10, y: 10 }, { x: 5, y: 5 }, 6)).toBe(true);
  });

  it('defaults to the 6 px threshold', () => {
    expect(exceedsDragThreshold({ x: 0, y: 0 }, { x: 5.9, y: 0 })).toBe(false);
    expect(exceedsDragThreshold({ x: 0, y: 0 }, { x: 6, y: 0 })).toBe(true);
  });
});

describe('clampToViewport and defaultButtonPosition', () => {
  it('rests in the bottom-right corner', () => {
    expect(defaultButtonPosition(desktop, 56, 24)).toEqual({ x: 1200, y: 720 });
    expect(defaultButtonPosition({ width: 375, height: 740 }, 48, 16)).toEqual({ x: 311, y: 676 });
  });

  it('pins to the start margin when the viewport is too small', () => {
    expect(clampToViewport({ x: 50, y: 50 }, { width: 60, height: 60 }, 56, 24)).toEqual({ x: 24, y: 24 });
  });
});
