import { type ApiClient, ApiClientProvider } from '@farol/data';
import { type RealtimeClient } from '@farol/data/realtime';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';

const RealtimeClientContext = createContext<RealtimeClient | null>(null);

export interface AppProvidersProps {
  queryClient: QueryClient;
  api: ApiClient;
  /** socket.io in the app; createFakeRealtime() in stories and tests. */
  realtime: RealtimeClient;
  children?: ReactNode;
}

/**
 * Everything above the router: cache, HTTP client and the realtime client. The session and the realtime
 * provider live inside the router (SessionRoot), because the session needs the path. The kit's texts need no
 * provider: its components read the pt-BR defaults without one, and an empty <MessagesProvider> here only put
 * the kit's whole text catalogue into the login pages' code (issue 18: /login ≤ 105 KB gzip). An app that
 * overrides texts wraps its tree in <MessagesProvider messages={…}>.
 */
export function AppProviders({ queryClient, api, realtime, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>
        <RealtimeClientContext.Provider value={realtime}>{children}</RealtimeClientContext.Provider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}

/** The realtime client given to AppProviders. */
export function useAppRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeClientContext);
  if (!client) throw new Error('useAppRealtimeClient must be used inside <AppProviders>.');
  return client;
}
