// @farol/data/tickets: the tickets domain. The contract's plain constants and rules (no zod), the helpers
// the screens share, its query keys, one file per endpoint (fetcher, queryOptions, hook), the live-event
// handler and the cache writes it makes. Its MSW handlers and fixtures are in @farol/data/mocks.
export * from '../contract/ticket-constants';
export * from '../contract/business-hours';
export * from '../contract/brazil-state-holidays';
export * from './ticket-rules';
export { ticketKeys, ticketInvalidation } from './keys';
export { ticketsLive } from './live';
export { applyTicketToCaches, createTicketListRefresher } from './ticket-cache';
export type { ApplyTicketOptions, TicketListRefresher, TicketListRefresherOptions } from './ticket-cache';
export * from './api/ticket-urls';
export * from './api/ticket-form-data';
export * from './api/get-tickets';
export * from './api/get-ticket';
export * from './api/get-ticket-messages';
export * from './api/get-ticket-attachment';
export * from './api/get-ticket-summary';
export * from './api/get-ticket-options';
export * from './api/create-ticket';
export * from './api/add-ticket-message';
export * from './api/update-ticket';
