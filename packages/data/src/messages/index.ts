// @farol/data/messages: conversations and the header's unread counter. Query keys, one file per endpoint,
// the live-event handler. Its MSW handlers and fixtures are in @farol/data/mocks.
export { conversationKeys, conversationInvalidation } from './keys';
export { messagesLive } from './live';
export {
  MESSAGES_UNREAD_COUNT_URL,
  getMessagesUnreadCount,
  isMessagesPath,
  messagesUnreadCountQueryOptions,
  useMessagesUnreadCount,
} from './get-unread-count';
export type { UseMessagesUnreadCountOptions } from './get-unread-count';
export * from './api/get-conversations';
export * from './api/get-conversation-messages';
export * from './api/get-contacts';
export * from './api/start-conversation';
export * from './api/send-message';
export * from './api/mark-conversation-read';
