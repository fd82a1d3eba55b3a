// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers, flattenHandlers, messagesHandlers } from '../mocks';
import { makeChatMessage } from '../mocks';
import {
  MockDataProviders,
  createMockApiClient,
  createMockQueryClient,
  seedMockSession,
} from '../mocks/providers';
import { createFakeRealtime, type FakeRealtime } from '../realtime/fake-realtime';
import { useSession } from '../session/session-provider';
import {
  isMessagesPath,
  useMessagesUnreadCount,
  type UseMessagesUnreadCountOptions,
} from './get-unread-count';

const server = setupServer(...flattenHandlers(createHandlers()));
let requests: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests = [];
  server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname));
  seedMockSession('admin');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
});
afterAll(() => server.close());

function setup(initial: UseMessagesUnreadCountOptions, realtime: FakeRealtime = createFakeRealtime()) {
  const queryClient = createMockQueryClient();
  const api = createMockApiClient({ baseUrl: 'http://farol.test', queryClient });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockDataProviders queryClient={queryClient} api={api} realtime={realtime}>
      {children}
    </MockDataProviders>
  );
  const rendered = renderHook(
    (props: UseMessagesUnreadCountOptions) => ({
      session: useSession(),
      count: useMessagesUnreadCount(props),
      second: useMessagesUnreadCount(props),
    }),
    { wrapper, initialProps: initial },
  );
  return { ...rendered, realtime, queryClient };
}

const newMessage = (conversationId: number, id: number, senderId = 10) => ({
  conversationId,
  message: makeChatMessage({ id, conversation_id: conversationId, sender_id: senderId }),
});

describe('isMessagesPath', () => {
  it('covers the staff and portal messages pages only', () => {
    expect(isMessagesPath('/messages')).toBe(true);
    expect(isMessagesPath('/messages/4')).toBe(true);
    expect(isMessagesPath('/portal/messages/4')).toBe(true);
    expect(isMessagesPath('/messagesx')).toBe(false);
    expect(isMessagesPath('/dashboard')).toBe(false);
  });
});

describe('useMessagesUnreadCount', () => {
  it.each([
    ['{count}', { count: 3 }],
    ['a bare number', 3],
    ['{unread}', { unread: 3 }],
    ['{unread_count}', { unread_count: 3 }],
  ])('starts from the server value given as %s', async (_label, body) => {
    server.use(http.get('*/api/messages/unread-count', () => HttpResponse.json(body)));
    const { result } = setup({ pathname: '/dashboard' });
    await waitFor(() => expect(result.current.count).toBe(3));
    expect(requests).toContain('/api/messages/unread-count');
  });

  it('adds one per new message, once however many badges listen', async () => {
    server.use(...messagesHandlers.unreadCount(2));
    const { result, realtime } = setup({ pathname: '/dashboard' });
    await waitFor(() => expect(result.current.count).toBe(2));
    await waitFor(() => expect(realtime.status).toBe('connected'));
    await act(async () => {
      realtime.emitServerEvent('message:new', newMessage(1, 50));
      realtime.emitServerEvent('msg:new', { conversationId: 2, text: 'só texto' });
    });
    await waitFor(() => expect(result.current.count).toBe(4));
    await waitFor(() => expect(result.current.second).toBe(4));
  });

  it('does not count messages of the open conversation nor the user’s own', async () => {
    server.use(...messagesHandlers.unreadCount(1));
    const { result, realtime } = setup({ pathname: '/dashboard', openConversationId: '7' });
    await waitFor(() => expect(result.current.count).toBe(1));
    await waitFor(() => expect(realtime.status).toBe('connected'));
    await act(async () => {
      realtime.emitServerEvent('message:new', newMessage(7, 51));
      realtime.emitServerEvent('message:new', newMessage(8, 52, 1)); // sent by the admin herself
      realtime.emitServerEvent('message:new', newMessage(8, 53));
    });
    await waitFor(() => expect(result.current.count).toBe(2));
  });

  it('is 0 on a messages page, and stays 0 after leaving it', async () => {
    server.use(...messagesHandlers.unreadCount(5));
    const { result, realtime, rerender } = setup({ pathname: '/dashboard' });
    await waitFor(() => expect(result.current.count).toBe(5));
    rerender({ pathname: '/portal/messages/3' });
    await waitFor(() => expect(result.current.count).toBe(0));
    await act(async () => {
      realtime.emitServerEvent('message:new', newMessage(9, 54));
    });
    await waitFor(() => expect(result.current.count).toBe(0));
    rerender({ pathname: '/dashboard' });
    await waitFor(() => expect(result.current.count).toBe(0));
    await act(async () => {
      realtime.emitServerEvent('message:new', newMessage(9, 55));
    });
    await waitFor(() => expect(result.current.count).toBe(1));
  });

  it('keeps the counter unchanged when the server fails or answers garbage', async () => {
    server.use(...messagesHandlers.failing());
    const { result, realtime, queryClient } = setup({ pathname: '/dashboard' });
    await waitFor(() => expect(result.current.session.status).toBe('authenticated'));
    await waitFor(() => expect(realtime.status).toBe('connected'));
    await act(async () => {
      realtime.emitServerEvent('message:new', newMessage(1, 56));
    });
    await waitFor(() =>
      expect(requests.filter((path) => path === '/api/messages/unread-count')).toHaveLength(2),
    );
    await waitFor(() => expect(result.current.count).toBe(1));

    server.use(http.get('*/api/messages/unread-count', () => HttpResponse.json({ nada: true })));
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(result.current.count).toBe(1));
  });

  it('asks nothing and counts nothing when nobody is signed in', async () => {
    seedMockSession(null);
    const { result, realtime } = setup({ pathname: '/dashboard' });
    await waitFor(() => expect(result.current.session.status).toBe('anonymous'));
    expect(realtime.emitServerEvent('message:new', newMessage(1, 57))).toBe(false);
    expect(requests).not.toContain('/api/messages/unread-count');
    await waitFor(() => expect(result.current.count).toBe(0));
  });
});
