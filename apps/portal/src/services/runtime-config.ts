/** GET /api/config (apps/server): where socket.io listens. */
export const CONFIG_URL = '/api/config';

interface PageLocation {
  protocol: string;
  hostname: string;
}

/**
 * The socket.io URL from the server's answer: `realtimeUrl` when the server names one (REALTIME_URL),
 * else `realtimePort` on the page's own host (design.md §3). Null when the answer says neither.
 */
export function realtimeUrlFrom(answer: unknown, page: PageLocation): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const { realtimeUrl, realtimePort } = answer as { realtimeUrl?: unknown; realtimePort?: unknown };
  if (typeof realtimeUrl === 'string' && /^(https?|wss?):\/\//i.test(realtimeUrl.trim())) {
    return realtimeUrl.trim();
  }
  if (typeof realtimePort === 'number' && Number.isInteger(realtimePort) && realtimePort > 0) {
    return `${page.protocol}//${page.hostname}:${realtimePort}`;
  }
  return null;
}

/** The realtime URL, or null when the config cannot be read (the socket then uses its default port). */
export async function loadRealtimeUrl(
  fetchImpl: typeof fetch = globalThis.fetch,
  page: PageLocation = window.location,
): Promise<string | null> {
  try {
    const response = await fetchImpl(CONFIG_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    return realtimeUrlFrom(await response.json(), page);
  } catch {
    return null;
  }
}
