import { expect, userEvent, waitFor } from 'storybook/test';
import type { PositionStorage } from '@farol/ui';

/** An in-memory PositionStorage, so a story never depends on (or dirties) the browser's localStorage. */
export function memoryStorage(
  initial: Record<string, string> = {},
): PositionStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value) };
}

/** The box `position: fixed` lays out against (scrollbars excluded). */
export function viewportSize() {
  return { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
}

/**
 * Presses the primary mouse button on the element's centre, moves it by (dx, dy) in `steps` real pointermove
 * events and releases it, like a person dragging.
 */
export async function dragBy(element: HTMLElement, dx: number, dy: number, steps = 6) {
  const rect = element.getBoundingClientRect();
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  const moves = Array.from({ length: steps }, (_, i) => ({
    target: element,
    coords: { clientX: x + (dx * (i + 1)) / steps, clientY: y + (dy * (i + 1)) / steps },
  }));
  await userEvent.pointer([
    { keys: '[MouseLeft>]', target: element, coords: { clientX: x, clientY: y } },
    ...moves,
    { keys: '[/MouseLeft]', target: element, coords: { clientX: x + dx, clientY: y + dy } },
  ]);
}

/** Drags the element so its centre ends at (x, y). */
export async function dragCentreTo(element: HTMLElement, x: number, y: number) {
  const rect = element.getBoundingClientRect();
  await dragBy(element, x - (rect.left + rect.width / 2), y - (rect.top + rect.height / 2));
}

/** Waits for the snap animation and checks the element's distances to the viewport edges. */
export async function expectBox(
  element: HTMLElement,
  expected: Partial<Record<'left' | 'top' | 'right' | 'bottom' | 'width' | 'height', number>>,
) {
  await waitFor(() => {
    const rect = element.getBoundingClientRect();
    const { width, height } = viewportSize();
    const measured = {
      left: rect.left,
      top: rect.top,
      right: width - rect.right,
      bottom: height - rect.bottom,
      width: rect.width,
      height: rect.height,
    };
    for (const [key, value] of Object.entries(expected)) {
      expect(measured[key as keyof typeof measured], key).toBeCloseTo(value, 0);
    }
  });
}
