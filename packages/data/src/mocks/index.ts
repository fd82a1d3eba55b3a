// @farol/data/mocks: every domain's MSW handlers and fixtures, for Storybook and tests (never in a
// production bundle). Each domain keeps its own under `src/<domain>/mocks/`; this entry gathers them.
export { FIXTURE_NOW, FIXTURE_PASSWORD, fixtureTokens, fixtures, minutesAgo, userForToken } from './fixtures';
export type { FixtureUserName } from './fixtures';
export { createHandlers, errorResponse, flattenHandlers, handlers } from './handlers';
export type { HandlerGroups } from './handlers';
export {
  authHandlers,
  createAuthHandlers,
  createProfileHandlers,
  profileHandlers,
} from '../session/mocks/handlers';
export type { AuthMockOptions, ProfileMockOptions } from '../session/mocks/handlers';
export { makeNotification, notificationFixtures } from '../notifications/mocks/fixtures';
export { createNotificationHandlers, notificationHandlers } from '../notifications/mocks/handlers';
export type { NotificationMockOptions } from '../notifications/mocks/handlers';
export { conversationFixtures, makeChatMessage } from '../messages/mocks/fixtures';
export { createMessagesHandlers, messagesHandlers } from '../messages/mocks/handlers';
export type { MessagesMockOptions } from '../messages/mocks/handlers';
export { createMockStore, resetMockState } from './store';
export {
  makeNumberedTicket,
  makeTicket,
  makeTicketAttachment,
  makeTicketDetail,
  makeTicketMessage,
  ticketAttachmentUrl,
  ticketDueAt,
  toListTicket,
} from '../tickets/mocks/factories';
export { ticketFixtures } from '../tickets/mocks/seed';
export { createTicketDatabase } from '../tickets/mocks/database';
export type { StoredTicketFile, TicketDatabase, TicketMockState } from '../tickets/mocks/database';
export { createTicketHandlers, createTicketMock, ticketHandlers } from '../tickets/mocks/handlers';
export type { TicketMock, TicketMockOptions } from '../tickets/mocks/handlers';
export { userFromRequest } from './http';
export type { MockStore } from './store';
export { MockDataProviders, createMockApiClient, createMockQueryClient, seedMockSession } from './providers';
export type { MockApiClientOptions, MockDataProvidersProps } from './providers';
