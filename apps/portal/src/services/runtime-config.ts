/** GET /api/config (apps/server): where socket.io listens. Asked only when the page does not carry it. */
export const CONFIG_URL = '/api/config';

/**
 * The id of the data block (`<script type="application/json">`) in which the server's index.html carries the
 * same answer (apps/server http/public-config.ts), so the built portal asks for nothing before it starts.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'farol-config';

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

/**
 * The runtime config the page carries, or undefined when it carries none (the Vite dev server's page,
 * Storybook) or a block that is not JSON.
 */
export function readEmbeddedConfig(doc: Pick<Document, 'getElementById'> | undefined): unknown {
  const text = doc?.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The realtime URL: from the page's data block when there is one (no request), else from GET /api/config;
 * null when neither can be read (the socket then uses its default port).
 */
export async function loadRealtimeUrl(
  fetchImpl: typeof fetch = globalThis.fetch,
  page: PageLocation = window.location,
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): Promise<string | null> {
  const embedded = readEmbeddedConfig(doc);
  if (embedded !== undefined) return realtimeUrlFrom(embedded, page);
  try {
    const response = await fetchImpl(CONFIG_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    return realtimeUrlFrom(await response.json(), page);
  } catch {
    return null;
  }
}
