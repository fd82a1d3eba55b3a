import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../http/api-client';
import { useApiClient } from '../http/api-client-context';
import { notificationKeys } from './keys';
import { useSession } from '../session/session-provider';
import { notificationsQueryOptions } from './get-notifications';
import { readCount } from '../lib/values';
import { countUnread } from './normalize';
import { NOTIFICATIONS_URL, isUnauthorized, notificationPolling, reportNotificationError } from './shared';

export const NOTIFICATIONS_UNREAD_COUNT_URL = `${NOTIFICATIONS_URL}/unread-count`;

/**
 * GET /api/notifications/unread-count → number, `{unread}` or `{count}`. When the call fails or answers
 * no count, the unread items of the list are counted instead (spec §7), fetching the list if needed.
 */
export async function getUnreadNotificationCount(
  api: Pick<ApiClient, 'get'>,
  queryClient: QueryClient,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  let failure: unknown = null;
  try {
    const count = readCount(await api.get<unknown>(NOTIFICATIONS_UNREAD_COUNT_URL, { signal }), [
      'unread',
      'count',
      'unread_count',
    ]);
    if (count !== null) return count;
  } catch (error) {
    reportNotificationError(error);
    // Signed out: the list would answer 401 too.
    if (isUnauthorized(error) || signal?.aborted) throw error;
    failure = error;
  }
  try {
    return countUnread(await queryClient.ensureQueryData(notificationsQueryOptions(api)));
  } catch (listError) {
    throw failure ?? listError;
  }
}

export function unreadNotificationCountQueryOptions(api: Pick<ApiClient, 'get'>, queryClient: QueryClient) {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadNotificationCount(api, queryClient, { signal }),
    ...notificationPolling,
  });
}

/** The unread notification count; only while signed in, polled while the page is visible. */
export function useUnreadNotificationCount() {
  const api = useApiClient();
  const { status, user } = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    ...unreadNotificationCountQueryOptions(api, queryClient),
    enabled: status === 'authenticated' && user !== null,
  });
}
