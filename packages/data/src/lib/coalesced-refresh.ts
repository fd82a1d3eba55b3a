import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface CoalescedRefreshOptions {
  /** Quiet time after the last request before the queries refetch. */
  delayMs?: number;
  /** The longest a request waits while requests keep coming. */
  maxWaitMs?: number;
}

export interface CoalescedRefresher {
  /** The queries may have changed: refetch them soon, once for a burst. */
  schedule(): void;
  /** Refetch now if a refresh is pending. */
  flush(): void;
  /** Drop a pending refresh (on unsubscribe). */
  cancel(): void;
}

/**
 * Coalesces "these lists may have changed" into at most one invalidation of `keys` per window: a trailing
 * debounce of `delayMs`, never postponed beyond `maxWaitMs` after the first request, so a burst of live
 * events costs one refetch per list instead of one per event.
 */
export function createCoalescedRefresher(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
  { delayMs = 400, maxWaitMs = 2000 }: CoalescedRefreshOptions = {},
): CoalescedRefresher {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstRequestAt: number | null = null;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    firstRequestAt = null;
  };
  const flush = () => {
    if (firstRequestAt === null) return;
    cancel();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const schedule = () => {
    const now = Date.now();
    firstRequestAt ??= now;
    if (timer !== undefined) clearTimeout(timer);
    const wait = Math.min(delayMs, firstRequestAt + maxWaitMs - now);
    timer = setTimeout(flush, Math.max(0, wait));
  };
  return { schedule, flush, cancel };
}
