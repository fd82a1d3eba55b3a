export { conversationMigrations } from './migrations';
export { conversationsPlugin } from './plugin';
export { seedConversations } from './seed';
export { conversationSocket, type ConversationSocketOptions } from './socket';
