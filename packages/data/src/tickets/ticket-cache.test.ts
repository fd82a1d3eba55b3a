import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketDetail, TicketList } from '../contract/ticket';
import { ticketKeys } from './keys';
import { applyTicketToCaches, createTicketListRefresher } from './ticket-cache';
import { makeNumberedTicket } from '../mocks';

const ticket = makeNumberedTicket;
const later = '2026-11-21T11:00:00.000Z';

describe('applyTicketToCaches', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => queryClient.clear());

  it('replaces the row in every cached page holding it and keeps every other row and page as they were', () => {
    const open: TicketList = { items: [ticket(1), ticket(2), ticket(3)], total: 3 };
    const other: TicketList = { items: [ticket(4)], total: 1 };
    const infinite: InfiniteData<TicketList> = {
      pages: [other, { items: [ticket(2)], total: 2 }],
      pageParams: [1, 2],
    };
    queryClient.setQueryData(ticketKeys.list({ open: true }), open);
    queryClient.setQueryData(ticketKeys.list({ status: 'fechado' }), other);
    queryClient.setQueryData([...ticketKeys.lists(), 'infinite'], infinite);

    const changed = ticket(2, { status: 'em andamento', updated_at: later });
    applyTicketToCaches(queryClient, changed);

    const patched = queryClient.getQueryData<TicketList>(ticketKeys.list({ open: true }))!;
    expect(patched).not.toBe(open);
    expect(patched.items[1]).toEqual(changed);
    expect(patched.items[0]).toBe(open.items[0]);
    expect(patched.items[2]).toBe(open.items[2]);
    expect(queryClient.getQueryData(ticketKeys.list({ status: 'fechado' }))).toBe(other);
    const pages = queryClient.getQueryData<InfiniteData<TicketList>>([...ticketKeys.lists(), 'infinite'])!;
    expect(pages.pages[0]).toBe(other);
    expect(pages.pages[1]!.items[0]).toEqual(changed);
    // Lists are not refetched by a row patch.
    expect(queryClient.getQueryState(ticketKeys.list({ open: true }))!.isInvalidated).toBe(false);
  });

  it('merges into the detail keeping history and attachments, then marks it and its thread stale', () => {
    const detail: TicketDetail = {
      ...ticket(1),
      history: [{ who: null, field: 'status', from: null, to: 'aberto', at: '2026-11-21T10:00:00.000Z' }],
      attachments: [
        { id: 1, name: 'a.png', mime_type: 'image/png', size: 10, url: '/api/tickets/1/attachments/1' },
      ],
    };
    queryClient.setQueryData(ticketKeys.detail(1), detail);
    queryClient.setQueryData(ticketKeys.messages(1), { items: [], total: 0 });
    applyTicketToCaches(queryClient, ticket(1, { priority: 'urgente', updated_at: later }));

    expect(queryClient.getQueryData(ticketKeys.detail(1))).toEqual({
      ...detail,
      priority: 'urgente',
      updated_at: later,
    });
    expect(queryClient.getQueryState(ticketKeys.detail(1))!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ticketKeys.messages(1))!.isInvalidated).toBe(true);
  });

  it('never overwrites a newer copy with an older event, and seeds a detail only when asked', () => {
    const newer = ticket(1, { status: 'resolvido', updated_at: later });
    const page: TicketList = { items: [newer], total: 1 };
    queryClient.setQueryData(ticketKeys.list(), page);
    applyTicketToCaches(queryClient, ticket(1));
    expect(queryClient.getQueryData(ticketKeys.list())).toBe(page);

    applyTicketToCaches(queryClient, ticket(7));
    expect(queryClient.getQueryData(ticketKeys.detail(7))).toBeUndefined();
    applyTicketToCaches(queryClient, ticket(7), { seedDetail: true });
    expect(queryClient.getQueryData(ticketKeys.detail(7))).toMatchObject({
      id: 7,
      history: [],
      attachments: [],
    });
    expect(queryClient.getQueryState(ticketKeys.detail(7))!.isInvalidated).toBe(true);
  });
});

describe('createTicketListRefresher', () => {
  let queryClient: QueryClient;
  let fetches: number;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    fetches = 0;
    // An active list, as a mounted page holds it: every invalidation refetches it.
    const observer = new QueryObserver(queryClient, {
      queryKey: ticketKeys.list({ open: true }),
      queryFn: () => {
        fetches += 1;
        return { items: [], total: 0 };
      },
      staleTime: Infinity,
    });
    stop = observer.subscribe(() => {});
  });
  afterEach(() => {
    stop();
    queryClient.clear();
    vi.useRealTimers();
  });

  const settle = async () => {
    await vi.advanceTimersByTimeAsync(0);
    fetches = 0;
  };

  it('turns 10 requests in one second into one refetch after the quiet time', async () => {
    await settle();
    const refresher = createTicketListRefresher(queryClient);
    for (let index = 0; index < 10; index += 1) {
      refresher.schedule();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(fetches).toBe(0);
    await vi.advanceTimersByTimeAsync(400);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetches).toBe(1);
  });

  it('refetches by the max wait while requests keep coming', async () => {
    await settle();
    const refresher = createTicketListRefresher(queryClient, { delayMs: 400, maxWaitMs: 2000 });
    const times: number[] = [];
    for (let elapsed = 0; elapsed < 5000; elapsed += 100) {
      refresher.schedule();
      const before = fetches;
      await vi.advanceTimersByTimeAsync(100);
      if (fetches > before) times.push(elapsed + 100);
    }
    // Each window opens at its first request and closes at most 2 s later.
    expect(times).toEqual([2000, 4000]);
    await vi.advanceTimersByTimeAsync(400);
    expect(fetches).toBe(3);
  });

  it('flushes now, and cancels a pending refresh', async () => {
    await settle();
    const refresher = createTicketListRefresher(queryClient);
    refresher.schedule();
    refresher.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);
    refresher.schedule();
    refresher.cancel();
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetches).toBe(1);
  });
});
