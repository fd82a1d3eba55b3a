// Plain value guards every domain's payload parsers share (no zod: the main entry stays small).

export type Bag = Record<string, unknown>;

export function isRecord(value: unknown): value is Bag {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A safe integer from a number or a numeric string ("42"), else null. */
export function toInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d{1,16}\s*$/.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

/**
 * A count from a bare number (or numeric string) or from the first of `keys` on an object; null when the
 * answer carries none. Negative and fractional values are clamped to a whole count ≥ 0.
 */
export function readCount(raw: unknown, keys: readonly string[]): number | null {
  const asCount = (value: unknown): number | null => {
    const numeric = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof numeric !== 'number' || !Number.isFinite(numeric)) return null;
    return Math.max(0, Math.floor(numeric));
  };
  try {
    const direct = asCount(raw);
    if (direct !== null) return direct;
    if (!isRecord(raw)) return null;
    for (const key of keys) {
      const value = asCount(raw[key]);
      if (value !== null) return value;
    }
    return null;
  } catch {
    return null;
  }
}
