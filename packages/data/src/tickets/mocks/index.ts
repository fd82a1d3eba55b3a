// The tickets domain's MSW handlers, database and fixtures (gathered by @farol/data/mocks).
export {
  makeNumberedTicket,
  makeTicket,
  makeTicketAttachment,
  makeTicketDetail,
  makeTicketMessage,
  ticketAttachmentUrl,
  ticketDueAt,
  toListTicket,
} from './factories';
export { ticketFixtures } from './seed';
export { createTicketDatabase } from './database';
export type { StoredTicketFile, TicketDatabase, TicketMockState } from './database';
export { createTicketHandlers, createTicketMock, ticketHandlers } from './handlers';
export type { TicketMock, TicketMockOptions } from './handlers';
