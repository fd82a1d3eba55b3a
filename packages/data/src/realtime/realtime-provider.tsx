import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useSession } from '../session/session-provider';
import { startPresenceReporter } from './presence-reporter';
import type { RealtimeClient, RealtimeEventName, RealtimeHandler, RealtimeStatus } from './types';

const RealtimeContext = createContext<RealtimeClient | null>(null);

export interface RealtimeProviderProps {
  client: RealtimeClient;
  children?: ReactNode;
}

/**
 * Connects while a user is signed in and disconnects when they are gone (spec §4), and routes live events
 * into the cache through every domain's live handler (notifications also hear other tabs on app:notify).
 */
export function RealtimeProvider({ client, children }: RealtimeProviderProps) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  // By id: a refreshed profile of the same person must not drop the socket.
  const userId = user ? String(user.id) : null;

  useEffect(() => {
    if (userId === null) return;
    // The domains' live handlers (and the cache code they bring) load with the first signed-in screen, not
    // with the login pages; they subscribe before the socket's own chunk has even connected.
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./route-events').then(({ routeRealtimeEvents }) => {
      if (!cancelled) stop = routeRealtimeEvents(client, queryClient);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client, queryClient, userId]);
  useEffect(() => {
    if (userId === null) return;
    client.connect();
    return () => client.disconnect();
  }, [client, userId]);
  // Online or ausente in the directory: this tab in use, or idle or hidden for a while.
  useEffect(() => (userId === null ? undefined : startPresenceReporter(client)), [client, userId]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used inside <RealtimeProvider client={…}>.');
  return client;
}

/** Calls the latest `handler` for every `event`, for as long as the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): void {
  const realtime = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.on(event, (payload) => latest.current(payload)), [realtime, event]);
}

/** The connection status, re-rendering on change. */
export function useRealtimeStatus(): RealtimeStatus {
  const realtime = useRealtime();
  return useSyncExternalStore(
    realtime.onStatus,
    () => realtime.status,
    () => realtime.status,
  );
}
