import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createApiClient, type ApiClient } from '../http/api-client';
import { ApiClientProvider } from '../http/api-client-context';
import { createQueryClient } from '../query/query-client';
import { RealtimeProvider } from '../realtime/realtime-provider';
import type { RealtimeClient } from '../realtime/types';
import { normalizeUser } from '../session/normalize-user';
import { SessionProvider } from '../session/session-provider';
import { clearSession, readStoredToken, writeSession } from '../session/storage';
import { fixtureTokens, fixtures, type FixtureUserName } from './fixtures';

/** Stores a fixture user's session the way a real login would, or clears it for `null`. */
export function seedMockSession(user: FixtureUserName | null): void {
  if (!user) {
    clearSession();
    return;
  }
  writeSession({ user: normalizeUser(fixtures.users[user]), token: fixtureTokens[user] });
}

/** The app's QueryClient defaults, minus retry back-off so failure states show up at once. */
export function createMockQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  return queryClient;
}

export interface MockApiClientOptions {
  baseUrl?: string;
  queryClient?: QueryClient;
  onUnauthorized?: () => void;
}

/** An API client reading the stored token, as the app builds it. */
export function createMockApiClient({
  baseUrl = '',
  queryClient,
  onUnauthorized,
}: MockApiClientOptions = {}): ApiClient {
  return createApiClient({ baseUrl, getToken: readStoredToken, queryClient, onUnauthorized });
}

export interface MockDataProvidersProps {
  queryClient: QueryClient;
  api: ApiClient;
  /** The current path the session sees; defaults to a staff page. */
  pathname?: string;
  /** When given, wrapped in a RealtimeProvider (e.g. `createFakeRealtime()`). */
  realtime?: RealtimeClient;
  children?: ReactNode;
}

/** QueryClient + API client + session (+ realtime): what every data hook needs, for stories and tests. */
export function MockDataProviders({
  queryClient,
  api,
  pathname = '/dashboard',
  realtime,
  children,
}: MockDataProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>
        <SessionProvider pathname={pathname}>
          {realtime ? <RealtimeProvider client={realtime}>{children}</RealtimeProvider> : children}
        </SessionProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
