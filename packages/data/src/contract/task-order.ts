/**
 * Order keys of columns and cards: fractional-index strings (base 62, `fractional-indexing`). A move writes
 * one row with a key between its new neighbours and never renumbers the others. Keys compare by their bytes
 * ('0' < '9' < 'A' < 'Z' < 'a' < 'z'): JavaScript's `<` does, and the server's SQL orders them `COLLATE "C"`.
 * The client computes a key for its optimistic move with the same function the server checks it with.
 */
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { TASK_ORDER_KEY_MAX } from './task-constants';

/** Byte order of two keys, as the server sorts them. */
export const compareOrderKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Whether `key` is a well-formed order key (and not absurdly long). */
export function isValidOrderKey(key: string): boolean {
  if (typeof key !== 'string' || key.length > TASK_ORDER_KEY_MAX || !/^[0-9A-Za-z]+$/.test(key)) return false;
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/**
 * A key strictly between `before` and `after` (null: the start or the end of the list). Equal neighbours —
 * two concurrent moves that chose the same key — answer a key after `before` (the caller then orders the tie
 * by id), so the function never throws on valid keys.
 */
export function orderKeyBetween(before: string | null | undefined, after: string | null | undefined): string {
  const low = before ?? null;
  const high = after ?? null;
  if (low !== null && high !== null && low >= high) return generateKeyBetween(low, null);
  return generateKeyBetween(low, high);
}

/** `count` keys in order between `before` and `after`, for a column or a template's task set at once. */
export function orderKeysBetween(
  before: string | null | undefined,
  after: string | null | undefined,
  count: number,
): string[] {
  const low = before ?? null;
  const high = after ?? null;
  if (low !== null && high !== null && low >= high) return generateNKeysBetween(low, null, count);
  return generateNKeysBetween(low, high, count);
}

/**
 * The key for putting an item at `index` of an ordered list it is not in (its own row removed first):
 * between the item now at `index - 1` and the one at `index`.
 */
export function orderKeyAt(ordered: readonly { position: string }[], index: number): string {
  const clamped = Math.max(0, Math.min(index, ordered.length));
  return orderKeyBetween(ordered[clamped - 1]?.position ?? null, ordered[clamped]?.position ?? null);
}
