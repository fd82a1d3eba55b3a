import { describe, expect, it } from 'vitest';
import { QUERY_STALE_TIME_MS, createQueryClient } from './query-client';

describe('createQueryClient (spec §9)', () => {
  it('uses 15 s stale time, refetch on focus and reconnect, one read retry, no write retry', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(QUERY_STALE_TIME_MS).toBe(15_000);
    expect(defaults.queries).toMatchObject({
      staleTime: 15_000,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
      retry: 1,
    });
    expect(defaults.mutations).toMatchObject({ retry: 0 });
  });

  it('returns a fresh client each time (one per story, test or app)', () => {
    expect(createQueryClient()).not.toBe(createQueryClient());
  });

  it('retries a failing read exactly once', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['x'],
        queryFn: () => {
          calls += 1;
          throw new Error('boom');
        },
      }),
    ).rejects.toThrow('boom');
    expect(calls).toBe(2);
  });
});
