export { registerConversationRoutes } from './conversation-routes';
export { seedConversations } from './conversation-seed';
export {
  conversationRoom,
  sendMessage,
  userRoom,
  type ConversationDeps,
  type MessageEmitter,
} from './conversation-service';
