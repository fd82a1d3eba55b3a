import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../http/api-client';
import { useApiClient } from '../http/api-client-context';
import {
  refetchNotifications,
  reportNotificationError,
  restoreNotifications,
  snapshotNotifications,
  type NotificationSnapshot,
} from './shared';

interface OptimisticNotificationMutation<TVariables> {
  name: string;
  request: (api: ApiClient, variables: TVariables) => Promise<unknown>;
  /** The cache as it should look if the server agrees; applied before the request is sent. */
  applyOptimistic: (queryClient: QueryClient, variables: TVariables) => void;
}

/**
 * The shape every notification write shares (spec §4, §7): snapshot and apply in onMutate, put the snapshot
 * back and report a 401 in onError, let the server have the last word in onSettled.
 */
export function useOptimisticNotificationMutation<TVariables>({
  name,
  request,
  applyOptimistic,
}: OptimisticNotificationMutation<TVariables>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, TVariables, NotificationSnapshot>({
    mutationKey: ['notifications', name],
    mutationFn: (variables) => request(api, variables),
    onMutate: async (variables) => {
      const snapshot = await snapshotNotifications(queryClient);
      applyOptimistic(queryClient, variables);
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      restoreNotifications(queryClient, snapshot);
      reportNotificationError(error);
    },
    onSettled: () => refetchNotifications(queryClient),
  });
}
