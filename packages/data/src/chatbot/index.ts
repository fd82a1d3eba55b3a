export {
  CHATBOT_REPLIES,
  CHATBOT_REPLIES_WITHOUT_MODULE,
  chatbotReply,
  chatbotTopic,
  foldText,
} from './chatbot-reply';
export type { ChatbotReplyOptions, ChatbotTopic } from './chatbot-reply';
export {
  CHATBOT_FAILURE_REPLY,
  CHATBOT_REPLY_DELAY_MS,
  useChatbotConversation,
} from './use-chatbot-conversation';
export type {
  ChatBubble,
  ChatbotConversation,
  ChatbotResponder,
  UseChatbotConversationOptions,
} from './use-chatbot-conversation';
