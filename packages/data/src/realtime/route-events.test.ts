import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketList } from '../contract/ticket';
import { ticketKeys } from '../tickets/keys';
import { createFakeRealtime, type FakeRealtime } from './fake-realtime';
import { routeRealtimeEvents } from './route-events';
import { makeNumberedTicket } from '../mocks';

const ticket = makeNumberedTicket;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 11, minute)).toISOString();

describe('routeRealtimeEvents: tickets', () => {
  let queryClient: QueryClient;
  let realtime: FakeRealtime;
  let listFetches: number;
  let stopObserver: () => void;
  let stopRouting: () => void;
  const page: TicketList = { items: [ticket(1), ticket(2)], total: 2 };

  beforeEach(async () => {
    vi.useFakeTimers();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    listFetches = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ticketKeys.list({ open: true }),
      queryFn: () => {
        listFetches += 1;
        return page;
      },
      staleTime: Infinity,
    });
    stopObserver = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    listFetches = 0;
    realtime = createFakeRealtime({ logger: { warn: vi.fn() } });
    realtime.connect();
    stopRouting = routeRealtimeEvents(realtime, queryClient);
  });
  afterEach(() => {
    stopRouting();
    stopObserver();
    queryClient.clear();
    vi.useRealTimers();
  });

  const cachedList = () => queryClient.getQueryData<TicketList>(ticketKeys.list({ open: true }))!;

  it('patches the row at once and refetches the lists once for a burst of 10 updates in a second', async () => {
    for (let minute = 1; minute <= 10; minute += 1) {
      expect(realtime.emitServerEvent('ticket:updated', ticket(2, { updated_at: at(minute) }))).toBe(true);
      expect(cachedList().items[1]!.updated_at).toBe(at(minute));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(cachedList().items[0]).toBe(page.items[0]);
    expect(listFetches).toBe(0);
    await vi.advanceTimersByTimeAsync(400);
    expect(listFetches).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(listFetches).toBe(1);
  });

  it('seeds the detail of a new ticket and refreshes the lists and counts', async () => {
    queryClient.setQueryData(ticketKeys.summary(), { open: 1 });
    realtime.emitServerEvent('ticket:created', ticket(3));
    expect(queryClient.getQueryData(ticketKeys.detail(3))).toMatchObject({ id: 3, history: [] });
    await vi.advanceTimersByTimeAsync(400);
    expect(listFetches).toBe(1);
    expect(queryClient.getQueryState(ticketKeys.summary())!.isInvalidated).toBe(true);
  });

  it('invalidates the ticket named by a partial payload, drops an invalid one, and stops on unsubscribe', async () => {
    queryClient.setQueryData(ticketKeys.detail(1), { ...ticket(1), history: [], attachments: [] });
    realtime.emitServerEvent('ticket:updated', { id: 1, status: 'fechado' });
    expect(queryClient.getQueryState(ticketKeys.detail(1))!.isInvalidated).toBe(true);
    expect(cachedList()).toBe(page);
    expect(realtime.emitServerEvent('ticket:updated', { id: 'x' })).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(listFetches).toBe(1);

    realtime.emitServerEvent('ticket:updated', ticket(2, { updated_at: at(30) }));
    stopRouting();
    await vi.advanceTimersByTimeAsync(3000);
    expect(listFetches).toBe(1);
  });
});
