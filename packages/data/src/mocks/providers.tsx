import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiError } from '../http/api-error';
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
  // A story's session starts clean: no 2FA or password-change flag left by the one before.
  clearSession();
  if (!user) return;
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
  /** As the app wires it: `noteForbidden` (a 403 `two_factor_setup_required` sends the person to enrol). */
  onForbidden?: (error: ApiError) => void;
}

/** An API client reading the stored token, as the app builds it. */
export function createMockApiClient({
  baseUrl = '',
  queryClient,
  onUnauthorized,
  onForbidden,
}: MockApiClientOptions = {}): ApiClient {
  return createApiClient({
    baseUrl,
    getToken: readStoredToken,
    queryClient,
    onUnauthorized,
    ...(onForbidden ? { onForbidden } : {}),
  });
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
