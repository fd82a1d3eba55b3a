import { isChatbotHiddenOn } from '@farol/data';
import { chatbotReply, useChatbotConversation } from '@farol/data/chatbot';
import { Chatbot, useIsMobile, type ChatbotInsets } from '@farol/ui';
import { useCallback, useMemo } from 'react';
import { useModules } from '../lib/module-registry';

/**
 * The kit's Chatbot on the canned responder of @farol/data, which points only at the screens this portal
 * has. Only reached through React.lazy, so the drag, motion and reply code form their own chunk.
 */
/** The staff shell's chrome the assistant keeps clear of: the 64 px header, and the 88 px rail on desktop. */
const DESKTOP_INSETS: ChatbotInsets = { top: 64, left: 88 };
const PHONE_INSETS: ChatbotInsets = { top: 64 };

export function ConnectedChatbot({ pathname }: { pathname: string }) {
  const phone = useIsMobile();
  const modules = useModules();
  const screens = useMemo(
    () => new Set(modules.flatMap((module) => module.routes.map((route) => route.path))),
    [modules],
  );
  const reply = useCallback(
    (text: string) => chatbotReply(text, { hasScreen: (path) => screens.has(path) }),
    [screens],
  );
  const conversation = useChatbotConversation({ reply });
  return (
    <Chatbot
      hidden={isChatbotHiddenOn(pathname)}
      insets={phone ? PHONE_INSETS : DESKTOP_INSETS}
      messages={conversation.messages}
      isReplying={conversation.isReplying}
      onSend={(text) => void conversation.send(text)}
    />
  );
}
