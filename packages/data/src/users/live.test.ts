import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDirectoryList, UserProfile } from '../contract/user-directory';
import { createFakeRealtime, type FakeRealtime } from '../realtime/fake-realtime';
import { routeRealtimeEvents } from '../realtime/route-events';
import { userKeys } from './keys';

const entry = (id: number, presence: 'online' | 'ausente' | 'offline') => ({
  id,
  email: `p${id}@farol.com.br`,
  name: `Pessoa ${id}`,
  role: 'tecnico',
  profile_picture: null,
  company_id: null,
  company_name: null,
  phone: null,
  presence,
});

describe('usersLive', () => {
  let queryClient: QueryClient;
  let realtime: FakeRealtime;
  let fetches: Record<string, number>;
  let stops: Array<() => void>;

  const observe = (key: readonly unknown[], name: string, data: unknown) => {
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        fetches[name] = (fetches[name] ?? 0) + 1;
        return data;
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
    observe(userKeys.list({ q: 'pessoa' }), 'list', {
      items: [entry(1, 'offline'), entry(2, 'online')],
      total: 2,
    });
    observe(userKeys.detail(1), 'detail', { ...entry(1, 'offline'), username: null, job_title: null });
    await vi.advanceTimersByTimeAsync(0);
    fetches = {};
    realtime = createFakeRealtime({ logger: { warn: vi.fn() } });
    realtime.connect();
    stops.push(routeRealtimeEvents(realtime, queryClient, { lists: { delayMs: 100 } }));
  });

  afterEach(() => {
    for (const stop of stops) stop();
    vi.useRealTimers();
  });

  it('patches the person in every cached page and on their page, without refetching', async () => {
    expect(realtime.emitServerEvent('user:presence', { userId: 1, status: 'online' })).toBe(true);
    const list = queryClient.getQueryData<UserDirectoryList>(userKeys.list({ q: 'pessoa' }));
    expect(list?.items.map((item) => [item.id, item.presence])).toEqual([
      [1, 'online'],
      [2, 'online'],
    ]);
    expect(queryClient.getQueryData<UserProfile>(userKeys.detail(1))?.presence).toBe('online');
    await vi.advanceTimersByTimeAsync(500);
    expect(fetches).toEqual({});
  });

  it('refetches pages filtered by presence once per burst', async () => {
    observe(userKeys.list({ status: 'online' }), 'online', { items: [entry(2, 'online')], total: 1 });
    await vi.advanceTimersByTimeAsync(0);
    fetches = {};
    realtime.emitServerEvent('user:presence', { userId: 1, status: 'online' });
    realtime.emitServerEvent('user:presence', { userId: 3, status: 'ausente' });
    await vi.advanceTimersByTimeAsync(150);
    expect(fetches).toEqual({ online: 1 });
  });

  it('drops a malformed event', () => {
    expect(realtime.emitServerEvent('user:presence', { userId: 1, status: 'sumido' })).toBe(false);
    expect(realtime.emitServerEvent('user:presence', { userId: -1, status: 'online' })).toBe(false);
    const list = queryClient.getQueryData<UserDirectoryList>(userKeys.list({ q: 'pessoa' }));
    expect(list?.items[0]?.presence).toBe('offline');
  });
});
