// Tickets for apps: the contract's plain constants and rules (no zod), the helpers the screens share, and
// the live-update cache writes.
export * from '../contract/ticket-constants';
export * from './ticket-rules';
export { applyTicketToCaches, createTicketListRefresher } from './ticket-cache';
export type { ApplyTicketOptions, TicketListRefresher, TicketListRefresherOptions } from './ticket-cache';
