import type { Point, Viewport } from './drag-math';
import type { DeviceClass } from './position-storage';

export interface ChatbotMetrics {
  /** Round button diameter. */
  button: number;
  /** Gap between the button and the viewport edges. */
  margin: number;
  /** Header height, which is also the whole window while minimised. */
  header: number;
  /** Messages plus composer, below the header, while maximised. */
  body: number;
}

/** Spec §9, per device class. */
export const CHATBOT_METRICS: Record<DeviceClass, ChatbotMetrics> = {
  desktop: { button: 56, margin: 24, header: 60, body: 500 },
  mobile: { button: 48, margin: 16, header: 50, body: 450 },
};

export const CHATBOT_WINDOW_MAX_WIDTH = 384;
/** Space between the floating button and the window it opens. */
export const CHATBOT_WINDOW_GAP = 12;

export interface WindowBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

function clamp(value: number, min: number, max: number): number {
  return max < min ? min : Math.min(Math.max(value, min), max);
}

const overlaps = (a: WindowBox, b: WindowBox) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;

/**
 * Places the chat window beside its button: aligned with the button on the side of the screen the button is on,
 * opening towards the middle of the screen, never outside the margins and never taller than the room left.
 * When neither above nor below has room without covering the button (a button halfway down a side edge), the
 * window opens beside it instead, towards the middle.
 */
export function placeChatWindow(
  button: Point,
  viewport: Viewport,
  metrics: ChatbotMetrics,
  minimized: boolean,
): WindowBox {
  const { button: size, margin } = metrics;
  const width = Math.min(CHATBOT_WINDOW_MAX_WIDTH, Math.max(0, viewport.width - 2 * margin));
  const room = viewport.height - 2 * margin - size - CHATBOT_WINDOW_GAP;
  const full = metrics.header + metrics.body;
  const height = minimized ? metrics.header : Math.max(metrics.header, Math.min(full, room));

  const onRight = button.x + size / 2 > viewport.width / 2;
  const onBottom = button.y + size / 2 > viewport.height / 2;
  const left = onRight ? button.x + size - width : button.x;
  const top = onBottom ? button.y - CHATBOT_WINDOW_GAP - height : button.y + size + CHATBOT_WINDOW_GAP;
  const stacked: WindowBox = {
    left: clamp(left, margin, viewport.width - width - margin),
    top: clamp(top, margin, viewport.height - height - margin),
    width,
    height,
  };
  const buttonBox: WindowBox = { left: button.x, top: button.y, width: size, height: size };
  if (!overlaps(stacked, buttonBox)) return stacked;
  const besideLeft = onRight ? button.x - CHATBOT_WINDOW_GAP - width : button.x + size + CHATBOT_WINDOW_GAP;
  const beside: WindowBox = {
    left: clamp(besideLeft, margin, viewport.width - width - margin),
    top: clamp(button.y + size - height, margin, viewport.height - height - margin),
    width,
    height,
  };
  // A screen too narrow for both side by side (a phone) keeps the stacked window.
  return overlaps(beside, buttonBox) ? stacked : beside;
}

/** The part of the screen the assistant keeps to (the app's sidebar and header stay uncovered). */
export interface ChatbotInsets {
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
}

/** The content area left inside `insets`, and the offset that takes its coordinates back to the screen's. */
export function contentArea(viewport: Viewport, insets: ChatbotInsets = {}) {
  const { top = 0, right = 0, bottom = 0, left = 0 } = insets;
  return {
    area: {
      width: Math.max(0, viewport.width - left - right),
      height: Math.max(0, viewport.height - top - bottom),
    },
    offset: { x: left, y: top },
  };
}
