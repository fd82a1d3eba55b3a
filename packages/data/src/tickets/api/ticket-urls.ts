export const TICKETS_URL = '/api/tickets';

export const ticketUrl = (ticketId: number) => `${TICKETS_URL}/${encodeURIComponent(ticketId)}`;

export const ticketMessagesUrl = (ticketId: number) => `${ticketUrl(ticketId)}/messages`;
