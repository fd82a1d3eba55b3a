import type { Ticket, TicketPriority } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useMutation } from '@tanstack/react-query';
import { ticketRequestBody } from './ticket-form-data';
import { TICKETS_URL } from './ticket-urls';

/** The create body (createTicketSchema) as the forms hold it, with the files to attach. */
export interface NewTicket {
  subject: string;
  description: string;
  priority?: TicketPriority;
  category?: string;
  /** Staff only: the company the ticket is opened for (a client's is always their own). */
  company_id?: number;
  branch_id?: number;
  files?: readonly File[];
}

/** POST /api/tickets → the new ticket (a client's goes to their own company; staff name the company). */
export function createTicket(api: Pick<ApiClient, 'post'>, { files, ...fields }: NewTicket): Promise<Ticket> {
  return api.post<Ticket>(TICKETS_URL, ticketRequestBody(fields, files));
}

/** The API client refreshes every cached ticket list after the POST. */
export function useCreateTicket() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: NewTicket) => createTicket(api, input) });
}
