import { type ApiClient, ApiClientProvider } from '@farol/data';
import { type RealtimeClient } from '@farol/data/realtime';
import { MessagesProvider } from '@farol/ui';
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
 * Everything above the router: cache, HTTP client, the kit's texts and the realtime client. The session
 * and the realtime provider live inside the router (SessionRoot), because the session needs the path.
 */
export function AppProviders({ queryClient, api, realtime, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>
        <RealtimeClientContext.Provider value={realtime}>
          <MessagesProvider>{children}</MessagesProvider>
        </RealtimeClientContext.Provider>
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
