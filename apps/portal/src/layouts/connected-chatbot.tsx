import { isChatbotHiddenOn } from '@farol/data';
import { useChatbotConversation } from '@farol/data/chatbot';
import { Chatbot } from '@farol/ui';

/**
 * The kit's Chatbot on the canned responder of @farol/data. Only reached through React.lazy, so the
 * drag, motion and reply code form their own chunk.
 */
export function ConnectedChatbot({ pathname }: { pathname: string }) {
  const conversation = useChatbotConversation();
  return (
    <Chatbot
      hidden={isChatbotHiddenOn(pathname)}
      messages={conversation.messages}
      isReplying={conversation.isReplying}
      onSend={(text) => void conversation.send(text)}
    />
  );
}
