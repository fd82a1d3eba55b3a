export {
  FIXTURE_NOW,
  FIXTURE_PASSWORD,
  conversationFixtures,
  fixtureTokens,
  fixtures,
  makeChatMessage,
  makeNotification,
  minutesAgo,
  notificationFixtures,
  userForToken,
} from './fixtures';
export type { FixtureUserName } from './fixtures';
export {
  authHandlers,
  createAuthHandlers,
  createHandlers,
  createMessagesHandlers,
  createNotificationHandlers,
  createProfileHandlers,
  errorResponse,
  flattenHandlers,
  handlers,
  messagesHandlers,
  notificationHandlers,
  profileHandlers,
} from './handlers';
export type {
  AuthMockOptions,
  HandlerGroups,
  MessagesMockOptions,
  NotificationMockOptions,
  ProfileMockOptions,
} from './handlers';
export { createMockStore, resetMockState } from './store';
export {
  makeTicket,
  makeNumberedTicket,
  makeTicketAttachment,
  makeTicketDetail,
  makeTicketMessage,
  ticketAttachmentUrl,
  ticketDueAt,
  ticketFixtures,
  toListTicket,
} from './ticket-fixtures';
export type { StoredTicketFile, TicketMockState } from './ticket-fixtures';
export { createTicketHandlers, ticketHandlers } from './ticket-handlers';
export type { TicketMockOptions } from './ticket-handlers';
export { userFromRequest } from './http';
export type { MockStore } from './store';
export { MockDataProviders, createMockApiClient, createMockQueryClient, seedMockSession } from './providers';
export type { MockApiClientOptions, MockDataProvidersProps } from './providers';
