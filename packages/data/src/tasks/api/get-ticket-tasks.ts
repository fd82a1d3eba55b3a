import type { TicketTasks } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { taskKeys } from '../keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from './get-board';
import { ticketTasksUrl } from './task-urls';

/** GET /api/tasks/for-ticket/:ticketId → a chamado's tasks, and whether every one is concluded. */
export function getTicketTasks(
  api: Pick<ApiClient, 'get'>,
  ticketId: number,
  signal?: AbortSignal,
): Promise<TicketTasks> {
  return api.get<TicketTasks>(ticketTasksUrl(ticketId), { signal });
}

export function ticketTasksQueryOptions(api: Pick<ApiClient, 'get'>, ticketId: number) {
  return queryOptions({
    queryKey: taskKeys.forTicket(ticketId),
    queryFn: ({ signal }) => getTicketTasks(api, ticketId, signal),
  });
}

export function useTicketTasks(ticketId: number) {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    ...ticketTasksQueryOptions(api, ticketId),
    enabled: status === 'authenticated',
    retry: retryUnlessRefused,
  });
}
