import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE } from '../contract/constants';
import type { Notification } from '../contract/notification';
import type { ApiClient } from '../http/api-client';
import { useApiClient } from '../http/api-client-context';
import { notificationKeys } from './keys';
import { useSession } from '../session/session-provider';
import { parseNotificationList } from './normalize';
import { NOTIFICATIONS_URL, notificationPolling, reportNotificationError } from './shared';

/** GET /api/notifications?limit=25 → bare array or `{items}`, each row normalised (spec §7). */
export async function getNotifications(
  api: Pick<ApiClient, 'get'>,
  { limit = NOTIFICATIONS_PAGE_SIZE, signal }: { limit?: number; signal?: AbortSignal } = {},
): Promise<Notification[]> {
  try {
    return parseNotificationList(await api.get<unknown>(`${NOTIFICATIONS_URL}?limit=${limit}`, { signal }));
  } catch (error) {
    reportNotificationError(error);
    throw error;
  }
}

export function notificationsQueryOptions(
  api: Pick<ApiClient, 'get'>,
  { limit = NOTIFICATIONS_PAGE_SIZE }: { limit?: number } = {},
) {
  return queryOptions({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ signal }) => getNotifications(api, { limit, signal }),
    ...notificationPolling,
    // Live events rewrite this capped list one item at a time; a deep diff of a shifted list never finds
    // anything to share and was 80 % of the ingestion cost (bench/data-ingest.ts).
    structuralSharing: false,
  });
}

export interface UseNotificationsOptions {
  /** The list also needs a true flag (spec §9), e.g. only while the notification centre is open. */
  enabled?: boolean;
  limit?: number;
}

/** The latest notifications; only fetched and polled while signed in, enabled and the page is visible. */
export function useNotifications({
  enabled = true,
  limit = NOTIFICATIONS_PAGE_SIZE,
}: UseNotificationsOptions = {}) {
  const api = useApiClient();
  const { status, user } = useSession();
  return useQuery({
    ...notificationsQueryOptions(api, { limit }),
    enabled: enabled && status === 'authenticated' && user !== null,
  });
}
