import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeRealtime, type FakeRealtime } from '../realtime/fake-realtime';
import { routeRealtimeEvents } from '../realtime/route-events';
import { companyKeys } from './keys';

describe('companiesLive', () => {
  let queryClient: QueryClient;
  let realtime: FakeRealtime;
  let fetches: Record<string, number>;
  let stops: Array<() => void>;

  const observe = (key: readonly unknown[], name: string) => {
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        fetches[name] = (fetches[name] ?? 0) + 1;
        return { name };
      },
      staleTime: Infinity,
    });
    stops.push(observer.subscribe(() => {}));
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    fetches = {};
    stops = [];
    observe(companyKeys.list({ q: 'acme' }), 'list');
    observe(companyKeys.detail(100), 'acme');
    observe(companyKeys.detail(101), 'globex');
    observe(companyKeys.contacts(100), 'acme-contacts');
    observe(companyKeys.activity(101), 'globex-activity');
    await vi.advanceTimersByTimeAsync(0);
    fetches = {};
    realtime = createFakeRealtime({ logger: { warn: vi.fn() } });
    realtime.connect();
    stops.push(routeRealtimeEvents(realtime, queryClient, { lists: { delayMs: 100, maxWaitMs: 500 } }));
  });
  afterEach(() => {
    for (const stop of stops) stop();
    vi.useRealTimers();
  });

  it('refetches the changed company and its open tabs at once, and the lists once per burst', async () => {
    realtime.emitServerEvent('company:updated', { id: 100, name: 'Acme' });
    realtime.emitServerEvent('company:created', { id: 200, name: 'Nova' });
    realtime.emitServerEvent('company:created', { id: 201, name: 'Outra' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toEqual({ acme: 1, 'acme-contacts': 1 });
    await vi.advanceTimersByTimeAsync(150);
    expect(fetches).toEqual({ acme: 1, 'acme-contacts': 1, list: 1 });
  });

  it('drops a payload without an id', async () => {
    realtime.emitServerEvent('company:updated', { name: 'sem id' } as never);
    await vi.advanceTimersByTimeAsync(600);
    expect(fetches).toEqual({});
  });
});
