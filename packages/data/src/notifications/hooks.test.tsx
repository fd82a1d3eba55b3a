// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../contract/notification';
import { AUTH_REFRESH_EVENT } from '../http/session-refresh';
import { createHandlers, flattenHandlers, notificationHandlers } from '../mocks';
import {
  MockDataProviders,
  createMockApiClient,
  createMockQueryClient,
  seedMockSession,
} from '../mocks/providers';
import { resetMockState } from '../mocks';
import { notificationKeys } from './keys';
import { useSession } from '../session/session-provider';
import { useNotifications } from './get-notifications';
import { useUnreadNotificationCount } from './get-unread-count';
import { useMarkAllNotificationsRead } from './mark-all-read';
import { useMarkNotificationRead } from './mark-read';
import { useRemoveNotification } from './remove-notification';
import { NOTIFICATIONS_POLL_MS, notificationPolling } from './shared';

const BASE = 'http://farol.test';
const server = setupServer(...flattenHandlers(createHandlers()));
let requests: string[] = [];
let authRefreshes = 0;
const countRefresh = () => (authRefreshes += 1);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests = [];
  authRefreshes = 0;
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  });
  window.addEventListener(AUTH_REFRESH_EVENT, countRefresh);
  seedMockSession('admin');
});
afterEach(() => {
  // Unmounts the providers (no vitest globals, so Testing Library cannot register this itself).
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  resetMockState();
  window.removeEventListener(AUTH_REFRESH_EVENT, countRefresh);
  localStorage.clear();
});
afterAll(() => server.close());

/** Requests other than reads of the list, the count and the profile: the write chains under test. */
const writes = () => requests.filter((line) => !line.startsWith('GET '));

function setup<T>(hook: () => T) {
  const queryClient = createMockQueryClient();
  const api = createMockApiClient({ baseUrl: BASE, queryClient });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockDataProviders queryClient={queryClient} api={api}>
      {children}
    </MockDataProviders>
  );
  const rendered = renderHook(() => ({ session: useSession(), hook: hook() }), { wrapper });
  return { ...rendered, queryClient };
}

const cachedList = (queryClient: QueryClient) =>
  queryClient.getQueryData<Notification[]>(notificationKeys.list(25));
const cachedCount = (queryClient: QueryClient) =>
  queryClient.getQueryData<number>(notificationKeys.unreadCount());

/** List and count loaded: six notifications (ids 1–6), 3 and 6 read, four unread. */
function setupCentre<T>(mutation: () => T) {
  const result = setup(() => ({
    list: useNotifications(),
    count: useUnreadNotificationCount(),
    mutation: mutation(),
  }));
  return result;
}

async function loaded(result: {
  current: { hook: { list: { data?: unknown }; count: { data?: unknown } } };
}) {
  await waitFor(() => {
    expect(result.current.hook.list.data).toHaveLength(6);
    expect(result.current.hook.count.data).toBe(4);
  });
}

describe('useNotifications', () => {
  it('fetches 25 when signed in and normalises the answer', async () => {
    const { result } = setup(() => useNotifications());
    await waitFor(() => expect(result.current.hook.isSuccess).toBe(true));
    expect(requests).toContain('GET /api/notifications?limit=25');
    expect(result.current.hook.data?.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.current.hook.data?.[0]).toMatchObject({ type: 'ticket', read_at: null });
  });

  it('accepts a bare array with alternative field names', async () => {
    server.use(
      http.get('*/api/notifications', () =>
        HttpResponse.json([{ nid: '9', text: 'Chamado reaberto', is_read: 1, level: 'warning' }, { id: 10 }]),
      ),
    );
    const { result } = setup(() => useNotifications());
    await waitFor(() => expect(result.current.hook.isSuccess).toBe(true));
    expect(result.current.hook.data).toEqual([
      expect.objectContaining({ id: 9, message: 'Chamado reaberto', severity: 'warning', type: 'system' }),
    ]);
    expect(result.current.hook.data?.[0]?.read_at).not.toBeNull();
  });

  it('asks nothing while not enabled', async () => {
    const { result } = setup(() => useNotifications({ enabled: false }));
    await waitFor(() => expect(result.current.session.status).toBe('authenticated'));
    await delay(20);
    expect(requests.filter((line) => line.includes('/notifications'))).toEqual([]);
    expect(result.current.hook.fetchStatus).toBe('idle');
  });

  it('asks nothing when nobody is signed in', async () => {
    seedMockSession(null);
    const { result } = setup(() => ({ list: useNotifications(), count: useUnreadNotificationCount() }));
    await waitFor(() => expect(result.current.session.status).toBe('anonymous'));
    await delay(20);
    expect(requests.filter((line) => line.includes('/notifications'))).toEqual([]);
  });

  it('polls every 60 s only while the page is visible, stale after 15 s', () => {
    expect(notificationPolling.staleTime).toBe(15_000);
    expect(notificationPolling.refetchIntervalInBackground).toBe(false);
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('visible');
    expect(notificationPolling.refetchInterval()).toBe(NOTIFICATIONS_POLL_MS);
    visibility.mockReturnValue('hidden');
    expect(notificationPolling.refetchInterval()).toBe(false);
    visibility.mockRestore();
  });

  it('requests a session refresh on 401 and does not retry', async () => {
    server.use(...notificationHandlers.unauthorized());
    const { result } = setup(() => useNotifications());
    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(requests.filter((line) => line.startsWith('GET /api/notifications?'))).toHaveLength(1);
    expect(authRefreshes).toBe(1);
  });

  it('retries a 500 once, then reports the error', async () => {
    server.use(...notificationHandlers.serverError());
    const { result } = setup(() => useNotifications());
    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(requests.filter((line) => line.startsWith('GET /api/notifications?'))).toHaveLength(2);
    expect(result.current.hook.error?.message).toBe('Erro interno do servidor');
    expect(authRefreshes).toBe(0);
  });
});

describe('useUnreadNotificationCount', () => {
  it('reads the count from the server', async () => {
    server.use(http.get('*/api/notifications/unread-count', () => HttpResponse.json(7)));
    const { result } = setup(() => useUnreadNotificationCount());
    await waitFor(() => expect(result.current.hook.data).toBe(7));
    expect(requests).toEqual(['GET /api/profile', 'GET /api/notifications/unread-count']);
  });

  it('counts the unread items of the list when the call fails', async () => {
    server.use(http.get('*/api/notifications/unread-count', () => new HttpResponse(null, { status: 404 })));
    const { result } = setup(() => useUnreadNotificationCount());
    await waitFor(() => expect(result.current.hook.data).toBe(4));
    expect(requests).toEqual([
      'GET /api/profile',
      'GET /api/notifications/unread-count',
      'GET /api/notifications?limit=25',
    ]);
  });

  it('counts the cached list when the answer carries no count', async () => {
    server.use(http.get('*/api/notifications/unread-count', () => HttpResponse.json({ total: 'muitas' })));
    const { result } = setup(() => ({ list: useNotifications(), count: useUnreadNotificationCount() }));
    await waitFor(() => expect(result.current.hook.count.data).toBe(4));
    expect(requests.filter((line) => line === 'GET /api/notifications?limit=25')).toHaveLength(1);
  });

  it('requests a session refresh on 401 without falling back to the list', async () => {
    server.use(...notificationHandlers.unauthorized());
    const { result } = setup(() => useUnreadNotificationCount());
    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(authRefreshes).toBe(1);
    // The second profile read is the session answering the refresh request.
    await waitFor(() =>
      expect(requests).toEqual([
        'GET /api/profile',
        'GET /api/notifications/unread-count',
        'GET /api/profile',
      ]),
    );
  });
});

describe('useMarkNotificationRead', () => {
  it('marks read optimistically, then persists through PUT /{id}/read', async () => {
    server.use(
      http.put('*/api/notifications/:id/read', async () => {
        await delay(60);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { result, queryClient } = setupCentre(useMarkNotificationRead);
    await loaded(result);
    requests = [];

    act(() => result.current.hook.mutation.mutate(1));
    await waitFor(() => expect(cachedList(queryClient)?.[0]?.read_at).not.toBeNull());
    expect(cachedCount(queryClient)).toBe(3);
    expect(result.current.hook.mutation.isPending).toBe(true);

    await waitFor(() => expect(result.current.hook.mutation.isSuccess).toBe(true));
    expect(writes()).toEqual(['PUT /api/notifications/1/read']);
    await waitFor(() => expect(requests).toContain('GET /api/notifications?limit=25'));
  });

  it('sends {read: true} and counts nothing for an item already read', async () => {
    let body: unknown;
    server.use(
      http.put('*/api/notifications/:id/read', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { result, queryClient } = setupCentre(useMarkNotificationRead);
    await loaded(result);
    act(() => result.current.hook.mutation.mutate(3));
    await waitFor(() => expect(result.current.hook.mutation.isSuccess).toBe(true));
    expect(body).toEqual({ read: true });
    expect(cachedCount(queryClient)).toBe(4);
  });

  it('falls back to POST /{id}/mark-read', async () => {
    server.use(...notificationHandlers.markReadFallsBackToMarkRead());
    const { result } = setupCentre(useMarkNotificationRead);
    await loaded(result);
    requests = [];
    act(() => result.current.hook.mutation.mutate(2));
    await waitFor(() => expect(result.current.hook.mutation.isSuccess).toBe(true));
    expect(writes()).toEqual(['PUT /api/notifications/2/read', 'POST /api/notifications/2/mark-read']);
    await waitFor(() => expect(result.current.hook.count.data).toBe(3));
  });

  it('falls back to PUT /{id} after both', async () => {
    server.use(...notificationHandlers.markReadFallsBackToPut());
    const { result } = setupCentre(useMarkNotificationRead);
    await loaded(result);
    requests = [];
    act(() => result.current.hook.mutation.mutate(2));
    await waitFor(() => expect(result.current.hook.mutation.isSuccess).toBe(true));
    expect(writes()).toEqual([
      'PUT /api/notifications/2/read',
      'POST /api/notifications/2/mark-read',
      'PUT /api/notifications/2',
    ]);
    await waitFor(() =>
      expect(result.current.hook.list.data?.find((item) => item.id === 2)?.read_at).toBeTruthy(),
    );
  });

  it('rolls back and refetches when every route fails', async () => {
    server.use(...notificationHandlers.markReadFailsEverywhere());
    const { result, queryClient } = setupCentre(useMarkNotificationRead);
    await loaded(result);
    requests = [];
    act(() => result.current.hook.mutation.mutate(1));
    await waitFor(() => expect(result.current.hook.mutation.isError).toBe(true));
    expect(writes()).toEqual([
      'PUT /api/notifications/1/read',
      'POST /api/notifications/1/mark-read',
      'PUT /api/notifications/1',
    ]);
    expect(cachedList(queryClient)?.[0]?.read_at).toBeNull();
    expect(cachedCount(queryClient)).toBe(4);
    await waitFor(() =>
      expect(requests).toEqual(
        expect.arrayContaining(['GET /api/notifications?limit=25', 'GET /api/notifications/unread-count']),
      ),
    );
    expect(authRefreshes).toBe(0);
  });

  it('stops the chain at a 401, rolls back and requests a session refresh', async () => {
    const { result, queryClient } = setupCentre(useMarkNotificationRead);
    await loaded(result);
    server.use(
      http.put('*/api/notifications/:id/read', () =>
        HttpResponse.json({ error: 'unauthorized' }, { status: 401 }),
      ),
    );
    requests = [];
    act(() => result.current.hook.mutation.mutate(1));
    await waitFor(() => expect(result.current.hook.mutation.isError).toBe(true));
    expect(writes()).toEqual(['PUT /api/notifications/1/read']);
    expect(cachedList(queryClient)?.[0]?.read_at).toBeNull();
    expect(authRefreshes).toBe(1);
  });
});

describe('useMarkAllNotificationsRead', () => {
  it('marks everything read optimistically with PUT /read-all', async () => {
    server.use(
      http.put('*/api/notifications/read-all', async () => {
        await delay(60);
        return HttpResponse.json({ updated: 4 });
      }),
    );
    const { result, queryClient } = setupCentre(useMarkAllNotificationsRead);
    await loaded(result);
    requests = [];
    act(() => result.current.hook.mutation.mutate());
    await waitFor(() => expect(cachedCount(queryClient)).toBe(0));
    expect(cachedList(queryClient)?.every((item) => item.read_at !== null)).toBe(true);
    await waitFor(() => expect(result.current.hook.mutation.isSuccess).toBe(true));
    expect(writes()).toEqual(['PUT /api/notifications/read-all']);
  });

  it('falls back to POST /mark-all-read', async () => {
    server.use(...notificationHandlers.readAllFallsBack());
    const { result } = setupCentre(useMarkAllNotificationsRead);
    await loaded(result);
    requests = [];
    act(() => result.current.hook.mutation.mutate());
    await waitFor(() => expect(result.current.hook.mutation.isSuccess).toBe(true));
    expect(writes()).toEqual(['PUT /api/notifications/read-all', 'POST /api/notifications/mark-all-read']);
    await waitFor(() => expect(result.current.hook.count.data).toBe(0));
  });

  it('rolls back and refetches when both fail', async () => {
    server.use(...notificationHandlers.readAllFails());
    const { result, queryClient } = setupCentre(useMarkAllNotificationsRead);
    await loaded(result);
    requests = [];
    act(() => result.current.hook.mutation.mutate());
    await waitFor(() => expect(result.current.hook.mutation.isError).toBe(true));
    expect(writes()).toEqual(['PUT /api/notifications/read-all', 'POST /api/notifications/mark-all-read']);
    expect(cachedCount(queryClient)).toBe(4);
    expect(cachedList(queryClient)?.filter((item) => item.read_at === null)).toHaveLength(4);
    await waitFor(() => expect(requests).toContain('GET /api/notifications?limit=25'));
  });
});

describe('useRemoveNotification', () => {
  it('removes optimistically and lowers the count for an unread item', async () => {
    const { result, queryClient } = setupCentre(useRemoveNotification);
    await loaded(result);
    requests = [];
    act(() => result.current.hook.mutation.mutate(1));
    await waitFor(() => expect(cachedList(queryClient)?.map((item) => item.id)).toEqual([2, 3, 4, 5, 6]));
    expect(cachedCount(queryClient)).toBe(3);
    await waitFor(() => expect(result.current.hook.mutation.isSuccess).toBe(true));
    expect(writes()).toEqual(['DELETE /api/notifications/1']);
    await waitFor(() => expect(result.current.hook.list.data).toHaveLength(5));
  });

  it('keeps the count when the removed item was read', async () => {
    const { result, queryClient } = setupCentre(useRemoveNotification);
    await loaded(result);
    act(() => result.current.hook.mutation.mutate(3));
    await waitFor(() => expect(result.current.hook.mutation.isSuccess).toBe(true));
    expect(cachedCount(queryClient)).toBe(4);
  });

  it('rolls back and refetches when the server refuses', async () => {
    server.use(...notificationHandlers.removeFails());
    const { result, queryClient } = setupCentre(useRemoveNotification);
    await loaded(result);
    requests = [];
    act(() => result.current.hook.mutation.mutate(2));
    await waitFor(() => expect(result.current.hook.mutation.isError).toBe(true));
    expect(cachedList(queryClient)?.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cachedCount(queryClient)).toBe(4);
    await waitFor(() => expect(requests).toContain('GET /api/notifications?limit=25'));
  });

  it('never lowers the count below 0', async () => {
    server.use(
      http.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
      http.delete('*/api/notifications/:id', async () => {
        await delay(80);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { result, queryClient } = setup(() => ({
      list: useNotifications(),
      count: useUnreadNotificationCount(),
      mutation: useRemoveNotification(),
    }));
    await waitFor(() => expect(result.current.hook.count.data).toBe(0));
    await waitFor(() => expect(result.current.hook.list.data).toHaveLength(6));
    act(() => result.current.hook.mutation.mutate(1));
    await waitFor(() => expect(cachedList(queryClient)).toHaveLength(5));
    expect(cachedCount(queryClient)).toBe(0);
  });
});
