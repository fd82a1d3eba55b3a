// The messages domain's MSW handlers and fixtures (gathered by @farol/data/mocks).
export { conversationFixtures, makeChatMessage } from './fixtures';
export { createMessagesHandlers, messagesHandlers } from './handlers';
export type { MessagesMockOptions } from './handlers';
