import type { Point } from './drag-math';

/** The minimal slice of `Storage` the chatbot needs, so hosts and stories can inject their own. */
export interface PositionStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export type DeviceClass = 'desktop' | 'mobile';

export function chatbotPositionKey(deviceClass: DeviceClass): string {
  return `farol:chatbot-position:${deviceClass}`;
}

/** localStorage behind the `PositionStorage` shape; private modes and sandboxed frames may throw on access. */
export const localPositionStorage: PositionStorage = {
  get(key) {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage full or blocked: the position simply is not remembered.
    }
  },
};

function isPoint(value: unknown): value is Point {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y } = value as Record<string, unknown>;
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y);
}

/** The stored position, or null when nothing (or something corrupt) is stored. */
export function readStoredPosition(storage: PositionStorage, deviceClass: DeviceClass): Point | null {
  let raw: string | null;
  try {
    raw = storage.get(chatbotPositionKey(deviceClass));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPoint(parsed) ? { x: parsed.x, y: parsed.y } : null;
  } catch {
    return null;
  }
}

export function writeStoredPosition(storage: PositionStorage, deviceClass: DeviceClass, point: Point): void {
  try {
    storage.set(chatbotPositionKey(deviceClass), JSON.stringify({ x: point.x, y: point.y }));
  } catch {
    // A failing host storage must never break dragging.
  }
}
