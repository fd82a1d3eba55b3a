export {
  MESSAGES_UNREAD_COUNT_URL,
  getMessagesUnreadCount,
  isMessagesPath,
  messagesUnreadCountQueryOptions,
  useMessagesUnreadCount,
} from './get-unread-count';
export type { UseMessagesUnreadCountOptions } from './get-unread-count';
