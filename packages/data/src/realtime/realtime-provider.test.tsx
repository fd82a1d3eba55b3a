// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../contract/notification';
import { createHandlers, flattenHandlers } from '../mocks';
import {
  MockDataProviders,
  createMockApiClient,
  createMockQueryClient,
  seedMockSession,
} from '../mocks/providers';
import { resetMockState } from '../mocks';
import { useNotifications } from '../notifications/get-notifications';
import { useUnreadNotificationCount } from '../notifications/get-unread-count';
import { notificationKeys } from '../notifications/keys';
import { useSession } from '../session/session-provider';
import { createFakeRealtime, type FakeRealtime } from './fake-realtime';
import { useRealtime, useRealtimeEvent, useRealtimeStatus } from './realtime-provider';
import type { LiveMessageEvent } from './types';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => seedMockSession('admin'));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockState();
  localStorage.clear();
});
afterAll(() => server.close());

function setup<T>(hook: () => T, realtime: FakeRealtime = createFakeRealtime()) {
  const queryClient = createMockQueryClient();
  const api = createMockApiClient({ baseUrl: 'http://farol.test', queryClient });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockDataProviders queryClient={queryClient} api={api} realtime={realtime}>
      {children}
    </MockDataProviders>
  );
  const rendered = renderHook(() => ({ session: useSession(), status: useRealtimeStatus(), hook: hook() }), {
    wrapper,
  });
  return { ...rendered, realtime, queryClient };
}

describe('RealtimeProvider', () => {
  it('connects while a user is signed in and disconnects on logout', async () => {
    const { result, realtime } = setup(() => null);
    await waitFor(() => expect(result.current.session.status).toBe('authenticated'));
    await waitFor(() => expect(result.current.status).toBe('connected'));
    expect(realtime.connectCount).toBe(1);

    await act(() => result.current.session.logout());
    await waitFor(() => expect(result.current.status).toBe('disconnected'));
    expect(realtime.disconnectCount).toBe(1);
  });

  it('stays offline for a visitor and connects after login', async () => {
    seedMockSession(null);
    const { result, realtime } = setup(() => null);
    await waitFor(() => expect(result.current.session.status).toBe('anonymous'));
    expect(realtime.connectCount).toBe(0);

    await act(async () => {
      await result.current.session.login('carla.mendes', 'farol123');
    });
    await waitFor(() => expect(result.current.status).toBe('connected'));
    expect(realtime.connectCount).toBe(1);
  });

  it('routes a live notification into the list and the unread count', async () => {
    const { result, realtime } = setup(() => ({
      list: useNotifications(),
      count: useUnreadNotificationCount(),
    }));
    await waitFor(() => expect(result.current.hook.count.data).toBe(4));
    await waitFor(() => expect(result.current.hook.list.data).toHaveLength(6));
    // The live handlers load with their own chunk: the event must come once they listen.
    await vi.dynamicImportSettled();
    act(() => {
      realtime.emitServerEvent('notification', {
        __kind: 'notification',
        notification: {
          id: 77,
          type: 'ticket',
          message: 'Chamado #2001 aberto',
          created_at: '2026-11-21T11:59:00Z',
        },
      });
    });
    await waitFor(() => expect(result.current.hook.count.data).toBe(5));
    expect(result.current.hook.list.data?.[0]).toMatchObject({ id: 77, message: 'Chamado #2001 aberto' });
  });

  it('ingests notifications another tab posts on app:notify', async () => {
    const { result, queryClient } = setup(() => ({
      list: useNotifications(),
      count: useUnreadNotificationCount(),
    }));
    await waitFor(() => expect(result.current.hook.count.data).toBe(4));
    await waitFor(() => expect(result.current.hook.list.data).toHaveLength(6));
    const otherTab = new BroadcastChannel('app:notify');
    otherTab.postMessage({ type: 'notification', id: 78, text: 'Backup concluído', level: 'success' });
    otherTab.close();
    await waitFor(() => expect(result.current.hook.count.data).toBe(5));
    expect(queryClient.getQueryData<Notification[]>(notificationKeys.list(25))?.[0]).toMatchObject({
      id: 78,
      severity: 'success',
    });
  });
});

describe('useRealtime and useRealtimeEvent', () => {
  it('throw outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useRealtime())).toThrow(
      'useRealtime must be used inside <RealtimeProvider',
    );
    vi.restoreAllMocks();
  });

  it('hand each event to the latest handler until unmounted', async () => {
    const seen: string[] = [];
    const { result, realtime, unmount } = setup(() => {
      const [prefix, setPrefix] = useState('a');
      useRealtimeEvent('message:new', (event: LiveMessageEvent) => seen.push(`${prefix}:${event.text}`));
      return setPrefix;
    });
    await waitFor(() => expect(result.current.status).toBe('connected'));
    act(() => {
      realtime.emitServerEvent('message:new', { conversationId: 1, text: 'um' });
    });
    act(() => result.current.hook('b'));
    act(() => {
      realtime.emitServerEvent('conversation:message', { conversationId: 1, message: 'dois' });
    });
    unmount();
    realtime.connect();
    realtime.emitServerEvent('message:new', { conversationId: 1, text: 'três' });
    expect(seen).toEqual(['a:um', 'b:dois']);
  });
});

describe('createFakeRealtime', () => {
  it('logs client emits under both names and answers sends', async () => {
    const realtime = createFakeRealtime();
    realtime.joinConversation(3);
    expect(realtime.emits).toEqual([]);
    realtime.connect();
    realtime.setTyping(3, false);
    const sent = await realtime.sendMessage({ conversationId: 3, text: 'Olá', clientId: 'k1' });
    expect(sent).toMatchObject({ conversation_id: 3, text: 'Olá', client_id: 'k1' });
    expect(realtime.emits.map((item) => item.event)).toEqual([
      'conv:join',
      'conversation:join',
      'conv:typing',
      'typing',
      'message:send',
      'msg:send',
    ]);
    await expect(realtime.sendMessage({ conversationId: 3, text: ' ' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });

  it('drops invalid server payloads with a log and hears nothing while offline', () => {
    const logger = { warn: vi.fn() };
    const realtime = createFakeRealtime({ logger });
    expect(realtime.emitServerEvent('ticket:updated', { id: 1 })).toBe(false);
    realtime.connect();
    expect(realtime.emitServerEvent('ticket:updated', { id: 'x' })).toBe(false);
    expect(realtime.emitServerEvent('desconhecido', {})).toBe(false);
    expect(realtime.emitServerEvent('ticket:created', { id: 9, subject: 'VPN' })).toBe(true);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});
