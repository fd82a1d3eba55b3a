import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_CACHE_CAP, type Notification } from '../contract/notification';
import { notificationKeys } from './keys';
import { broadcastNotification, subscribeNotificationBroadcast } from './broadcast';
import { flushNotificationIngest, ingestNotification, isNotificationPayload } from './ingest';

const stored = (id: number, read = false): Notification => ({
  id,
  type: 'ticket',
  title: null,
  message: `Notificação ${id}`,
  link: null,
  created_at: '2026-11-21T10:00:00.000Z',
  read_at: read ? '2026-11-21T10:30:00.000Z' : null,
  severity: 'info',
});
const live = (id: number, extra: Record<string, unknown> = {}) => ({
  __kind: 'notification',
  notification: {
    id,
    type: 'message',
    message: `Ao vivo ${id}`,
    created_at: '2026-11-21T11:00:00Z',
    ...extra,
  },
});

let queryClient: QueryClient;
/** Ingests one payload and applies it at once, as the end of the task would. */
const ingest = (client: QueryClient, payload: unknown) => {
  const accepted = ingestNotification(client, payload);
  flushNotificationIngest(client);
  return accepted;
};
const list = () => queryClient.getQueryData<Notification[]>(notificationKeys.list(25));
const count = () => queryClient.getQueryData<number>(notificationKeys.unreadCount());

beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData(notificationKeys.list(25), [stored(1), stored(2, true)]);
  queryClient.setQueryData(notificationKeys.unreadCount(), 1);
  vi.spyOn(console, 'debug').mockImplementation(() => {});
});
afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('ingestNotification', () => {
  it('accepts payloads tagged by type, __kind or kind', () => {
    expect(isNotificationPayload({ type: 'notification' })).toBe(true);
    expect(isNotificationPayload({ __kind: 'notification' })).toBe(true);
    expect(isNotificationPayload({ kind: 'notification' })).toBe(true);
    expect(isNotificationPayload({ type: 'ticket', id: 1, message: 'x' })).toBe(false);
    expect(isNotificationPayload(null)).toBe(false);
  });

  it('prepends a new unread notification and raises the unread count', () => {
    expect(ingest(queryClient, live(3))).toBe(true);
    expect(list()?.map((item) => item.id)).toEqual([3, 1, 2]);
    expect(list()?.[0]).toMatchObject({ message: 'Ao vivo 3', type: 'message', read_at: null });
    expect(count()).toBe(2);
  });

  it('accepts the flat and data-wrapped alternatives', () => {
    expect(ingest(queryClient, { type: 'notification', id: 4, text: 'plana' })).toBe(true);
    expect(ingest(queryClient, { kind: 'notification', data: { nid: '5', content: 'data' } })).toBe(true);
    expect(list()?.map((item) => item.id)).toEqual([5, 4, 1, 2]);
    expect(count()).toBe(3);
  });

  it('does not raise the count for a read notification', () => {
    ingest(queryClient, live(3, { is_read: true }));
    expect(list()?.[0]?.id).toBe(3);
    expect(count()).toBe(1);
  });

  it('de-duplicates by id without counting the repeat', () => {
    ingest(queryClient, live(3));
    ingest(queryClient, live(3, { message: 'repetida' }));
    ingest(queryClient, live(1));
    expect(list()?.map((item) => item.id)).toEqual([1, 3, 2]);
    expect(list()?.filter((item) => item.id === 3)).toHaveLength(1);
    expect(count()).toBe(2);
  });

  it('keeps a read mark when the same notification arrives again unread', () => {
    ingest(queryClient, live(2));
    expect(list()?.[0]).toMatchObject({ id: 2, read_at: '2026-11-21T10:30:00.000Z' });
    expect(count()).toBe(1);
  });

  it('drops invalid payloads silently', () => {
    for (const payload of [
      null,
      'notification',
      { __kind: 'notification' },
      { __kind: 'notification', notification: { id: 9 } },
      { id: 9, message: 'sem etiqueta' },
      { type: 'message', notification: { id: 9, message: 'outra etiqueta' } },
    ]) {
      expect(ingest(queryClient, payload)).toBe(false);
    }
    expect(list()?.map((item) => item.id)).toEqual([1, 2]);
    expect(count()).toBe(1);
  });

  it('updates every cached list and never seeds a list that was not fetched', () => {
    queryClient.setQueryData(notificationKeys.list(10), [stored(8)]);
    ingest(queryClient, live(3));
    expect(
      queryClient.getQueryData<Notification[]>(notificationKeys.list(10))?.map((item) => item.id),
    ).toEqual([3, 8]);

    const empty = new QueryClient();
    ingest(empty, live(3));
    expect(empty.getQueryData(notificationKeys.list(25))).toBeUndefined();
    expect(empty.getQueryData(notificationKeys.unreadCount())).toBeUndefined();
  });

  it('counts a repeat only once when no list is cached', () => {
    const countOnly = new QueryClient();
    countOnly.setQueryData(notificationKeys.unreadCount(), 0);
    ingest(countOnly, live(3));
    ingest(countOnly, live(3));
    ingest(countOnly, live(4));
    expect(countOnly.getQueryData(notificationKeys.unreadCount())).toBe(2);
  });

  it(`caps the list at ${NOTIFICATIONS_CACHE_CAP}`, () => {
    for (let id = 100; id < 200; id += 1) ingest(queryClient, live(id));
    expect(list()).toHaveLength(NOTIFICATIONS_CACHE_CAP);
    expect(list()?.[0]?.id).toBe(199);
    expect(count()).toBe(101);
  });

  it('keeps at most 50 unique ids for any sequence of payloads', () => {
    const payload = fc.oneof(
      fc.integer({ min: 1, max: 120 }).map((id) => live(id)),
      fc.integer({ min: 1, max: 120 }).map((id) => ({ type: 'notification', id, message: 'x', read: true })),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(fc.array(payload, { maxLength: 200 }), (payloads) => {
        const client = new QueryClient();
        client.setQueryData(notificationKeys.list(25), []);
        client.setQueryData(notificationKeys.unreadCount(), 0);
        for (const item of payloads) ingest(client, item);
        const ids = (client.getQueryData<Notification[]>(notificationKeys.list(25)) ?? []).map(
          (item) => item.id,
        );
        const unread = client.getQueryData<number>(notificationKeys.unreadCount()) ?? -1;
        return ids.length <= NOTIFICATIONS_CACHE_CAP && new Set(ids).size === ids.length && unread >= 0;
      }),
      { numRuns: 200 },
    );
  });
});

describe('a burst within one task', () => {
  it('lands in one write per list at the end of the task', async () => {
    let listWrites = 0;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[1] === 'list') listWrites += 1;
    });
    for (const id of [3, 4, 5]) ingestNotification(queryClient, live(id));
    expect(list()?.map((item) => item.id)).toEqual([1, 2]);
    await Promise.resolve();
    expect(list()?.map((item) => item.id)).toEqual([5, 4, 3, 1, 2]);
    expect(count()).toBe(4);
    expect(listWrites).toBe(1);
    unsubscribe();
  });

  it('ends as if each payload had been applied on its own', () => {
    const payload = fc.oneof(
      fc.integer({ min: 1, max: 40 }).map((id) => live(id)),
      fc.integer({ min: 1, max: 40 }).map((id) => live(id, { read: true, message: `lida ${id}` })),
    );
    const seeded = () => {
      const client = new QueryClient();
      client.setQueryData(notificationKeys.list(25), [stored(1), stored(2, true)]);
      client.setQueryData(notificationKeys.unreadCount(), 1);
      return client;
    };
    fc.assert(
      fc.property(fc.array(payload, { maxLength: 60 }), (payloads) => {
        const oneByOne = seeded();
        for (const item of payloads) ingest(oneByOne, item);
        const burst = seeded();
        for (const item of payloads) ingestNotification(burst, item);
        flushNotificationIngest(burst);
        const state = (client: QueryClient) => [
          client.getQueryData(notificationKeys.list(25)),
          client.getQueryData(notificationKeys.unreadCount()),
        ];
        expect(state(burst)).toEqual(state(oneByOne));
      }),
      { numRuns: 200 },
    );
  });
});

describe('app:notify broadcast', () => {
  it('ingests notifications posted by another tab and stops after unsubscribing', async () => {
    const unsubscribe = subscribeNotificationBroadcast(queryClient);
    expect(broadcastNotification(live(30))).toBe(true);
    await vi.waitFor(() => expect(list()?.[0]?.id).toBe(30));
    expect(count()).toBe(2);

    broadcastNotification({ id: 31, message: 'sem etiqueta' });
    broadcastNotification(live(32));
    await vi.waitFor(() => expect(list()?.[0]?.id).toBe(32));
    expect(list()?.some((item) => item.id === 31)).toBe(false);

    unsubscribe();
    broadcastNotification(live(33));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(list()?.[0]?.id).toBe(32);
  });

  it('is a no-op where BroadcastChannel does not exist', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      const unsubscribe = subscribeNotificationBroadcast(queryClient);
      expect(broadcastNotification(live(40))).toBe(false);
      expect(() => unsubscribe()).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
