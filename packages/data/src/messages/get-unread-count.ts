import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isPathWithin } from '../access/paths';
import { ApiError } from '../http/api-error';
import type { ApiClient } from '../http/api-client';
import { useApiClient } from '../http/api-client-context';
import { readCount } from '../lib/values';
import { conversationKeys } from './keys';
import { useRealtimeEvent } from '../realtime/realtime-provider';
import type { LiveMessageEvent } from '../realtime/types';
import { useSession } from '../session/session-provider';

export const MESSAGES_UNREAD_COUNT_URL = '/api/messages/unread-count';

/** GET /api/messages/unread-count → a number or `{count}`, `{unread}`, `{unread_count}` (spec §7). */
export async function getMessagesUnreadCount(
  api: Pick<ApiClient, 'get'>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  const raw = await api.get<unknown>(MESSAGES_UNREAD_COUNT_URL, { signal });
  const count = readCount(raw, ['count', 'unread', 'unread_count']);
  // Thrown, so the query keeps the value it had: a garbage answer leaves the counter unchanged.
  if (count === null) throw new ApiError(200, 'Contagem de mensagens inválida', raw);
  return count;
}

export function messagesUnreadCountQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({
    queryKey: conversationKeys.unreadCount(),
    queryFn: ({ signal }) => getMessagesUnreadCount(api, { signal }),
  });
}

/** The messages pages of staff and clients (spec §4 resets the counter there). */
export function isMessagesPath(pathname: string): boolean {
  return isPathWithin(pathname, '/messages') || isPathWithin(pathname, '/portal/messages');
}

/** Live events already counted per cache, so several badges on screen do not count one message twice. */
const countedEvents = new WeakMap<QueryClient, WeakSet<LiveMessageEvent>>();

function firstCount(queryClient: QueryClient, event: LiveMessageEvent): boolean {
  let counted = countedEvents.get(queryClient);
  if (!counted) {
    counted = new WeakSet();
    countedEvents.set(queryClient, counted);
  }
  if (counted.has(event)) return false;
  counted.add(event);
  return true;
}

export interface UseMessagesUnreadCountOptions {
  /** The current route's path. */
  pathname: string;
  /** The conversation on screen, whose new messages are read as they arrive. */
  openConversationId?: number | string | null;
}

/**
 * Unread messages for the header badge (spec §4): the server's count, +1 per new message that is not in
 * the open conversation nor written by the user, and 0 while on a messages page. A failed read leaves
 * the counter as it was.
 */
export function useMessagesUnreadCount({
  pathname,
  openConversationId = null,
}: UseMessagesUnreadCountOptions): number {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const signedIn = status === 'authenticated' && user !== null;
  const onMessages = isMessagesPath(pathname);
  const { data, dataUpdatedAt } = useQuery({ ...messagesUnreadCountQueryOptions(api), enabled: signedIn });

  useEffect(() => {
    // Also after each fetch while there: leaving the page must not resurrect a count the person just saw.
    if (onMessages && signedIn) queryClient.setQueryData(conversationKeys.unreadCount(), 0);
  }, [onMessages, signedIn, queryClient, dataUpdatedAt]);

  useRealtimeEvent('message:new', (event) => {
    if (!signedIn || onMessages || !firstCount(queryClient, event)) return;
    if (openConversationId !== null && String(openConversationId) === String(event.conversationId)) return;
    if (event.message && String(event.message.sender_id) === String(user.id)) return;
    queryClient.setQueryData<number>(conversationKeys.unreadCount(), (count) => (count ?? 0) + 1);
  });

  return onMessages ? 0 : (data ?? 0);
}
