import type { DeepPartial } from './messages';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mergeRecords(
  base: Record<string, unknown>,
  override: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeRecords(current, value) : value;
  }
  return out;
}

/** Deep-merges a partial override onto a full catalogue; leaves and functions are replaced, never mixed. */
export function mergeMessages<T extends object>(base: T, override: NoInfer<DeepPartial<T>> | undefined): T {
  if (!override) return base;
  return mergeRecords(base as Record<string, unknown>, override as Record<string, unknown>) as T;
}
