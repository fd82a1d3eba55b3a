export { ticketMigrations } from './migrations';
export { ticketsPlugin } from './plugin';
export { seedTickets } from './seed';
