import { QueryClient } from '@tanstack/react-query';

/** Spec §9 / design.md §3: the 15 s reading of the stale time. */
export const QUERY_STALE_TIME_MS = 15_000;

/** The app's QueryClient defaults (spec §9): 15 s stale, refetch on focus and reconnect, reads retry once, writes never. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: 1,
      },
      mutations: { retry: 0 },
    },
  });
}
