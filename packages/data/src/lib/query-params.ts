/**
 * A list's filters as one canonical shape: empty values dropped (undefined, '', false, blank text), keys in
 * a fixed order. The same filters then always make the same query key and the same query string.
 */
export function normalizeListParams<P extends object>(params: P, order: readonly (keyof P)[]): Partial<P> {
  const normalized: Partial<P> = {};
  for (const key of order) {
    const raw = params[key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '' || value === false) continue;
    normalized[key] = value as P[keyof P];
  }
  return normalized;
}

/** `?a=1&b=x` of already normalised params ('' when there is nothing to send). */
export function listSearch(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
