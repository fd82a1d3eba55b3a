import type { Ticket, TicketDetail, TicketFormOptions, TicketPriority, TicketStatus } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { ticketKeys } from '../keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketUrl } from './ticket-urls';

/** The PATCH body (updateTicketSchema): at least one field. */
export interface TicketChanges {
  status?: TicketStatus;
  priority?: TicketPriority;
  assignee_id?: number | null;
  category?: string | null;
  /** A filial of the ticket's company, or null for none. */
  branch_id?: number | null;
}

/**
 * PATCH /api/tickets/:id {status?, priority?, assignee_id?, category?, branch_id?} → the ticket; 409 on a wrong
 * transition, 400 for a branch of another company.
 */
export function updateTicket(
  api: Pick<ApiClient, 'patch'>,
  ticketId: number,
  changes: TicketChanges,
): Promise<Ticket> {
  return api.patch<Ticket>(ticketUrl(ticketId), changes);
}

/** The detail as it will look once the server agrees (the assignee's name comes from the form options). */
function optimisticDetail(
  detail: TicketDetail,
  changes: TicketChanges,
  assignees: TicketFormOptions['assignees'] = [],
): TicketDetail {
  const next: TicketDetail = { ...detail };
  if (changes.status) next.status = changes.status;
  if (changes.priority) next.priority = changes.priority;
  if (changes.category !== undefined) next.category = changes.category;
  if (changes.branch_id !== undefined) next.branch_id = changes.branch_id;
  if (changes.assignee_id !== undefined) {
    next.assignee =
      changes.assignee_id === null
        ? null
        : (assignees.find((person) => person.id === changes.assignee_id) ?? detail.assignee);
  }
  return next;
}

/**
 * Status, priority, assignee, category and branch changes show at once and roll back if the server refuses
 * (e.g. a 409 for a transition that is not allowed); the API client then refreshes the ticket caches.
 */
export function useTicketChanges(ticketId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const detailKey = ticketKeys.detail(ticketId);
  return useMutation({
    mutationFn: (changes: TicketChanges) => updateTicket(api, ticketId, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      const previous = queryClient.getQueryData<TicketDetail>(detailKey);
      if (previous) {
        const options = queryClient.getQueryData<TicketFormOptions>(ticketKeys.options());
        queryClient.setQueryData(detailKey, optimisticDetail(previous, changes, options?.assignees));
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
    },
  });
}
