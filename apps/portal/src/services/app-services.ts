import {
  type ApiClient,
  createApiClient,
  noteForbidden,
  createQueryClient,
  readStoredToken,
  requestSessionRefresh,
} from '@farol/data';
import { type RealtimeClient } from '@farol/data/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { createLazyRealtime } from './lazy-realtime';
import { loadRealtimeUrl } from './runtime-config';

export interface AppServices {
  queryClient: QueryClient;
  api: ApiClient;
  realtime: RealtimeClient;
}

/**
 * The production wiring: one query cache, the HTTP client on the stored token, socket.io where the page's
 * runtime config says (GET /api/config only when the page carries none: the Vite dev server's).
 */
export function createAppServices(): AppServices {
  const queryClient = createQueryClient();
  const api = createApiClient({
    baseUrl: '',
    getToken: readStoredToken,
    onUnauthorized: requestSessionRefresh,
    onForbidden: noteForbidden,
    queryClient,
  });
  // Read at once (from the page, or asked), so it is there before the session is and the socket connects.
  const realtimeUrl = loadRealtimeUrl();
  const realtime = createLazyRealtime(async () => {
    const [{ createSocketRealtime }, url] = await Promise.all([
      import('./socket-realtime-chunk'),
      realtimeUrl,
    ]);
    return createSocketRealtime(url ? { url, getToken: readStoredToken } : { getToken: readStoredToken });
  });
  return { queryClient, api, realtime };
}
