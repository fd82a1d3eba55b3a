export { registerTicketRoutes, TICKET_PREFIXES } from './ticket-routes';
export { seedTickets } from './ticket-seed';
