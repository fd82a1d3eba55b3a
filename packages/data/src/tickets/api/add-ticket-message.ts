import type { TicketMessage } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useMutation } from '@tanstack/react-query';
import { ticketRequestBody } from './ticket-form-data';
import { ticketMessagesUrl } from './ticket-urls';

export interface NewTicketMessage {
  body: string;
  /** An internal note: staff only, never shown to the client. */
  internal?: boolean;
  files?: readonly File[];
}

/** POST /api/tickets/:id/messages → the stored reply or note. */
export function addTicketMessage(
  api: Pick<ApiClient, 'post'>,
  ticketId: number,
  { body, internal = false, files }: NewTicketMessage,
): Promise<TicketMessage> {
  return api.post<TicketMessage>(ticketMessagesUrl(ticketId), ticketRequestBody({ body, internal }, files));
}

/** The API client refreshes the ticket, its thread and the lists after the POST. */
export function useAddTicketMessage(ticketId: number) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: NewTicketMessage) => addTicketMessage(api, ticketId, input) });
}
