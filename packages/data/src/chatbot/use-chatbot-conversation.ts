import { useCallback, useEffect, useRef, useState } from 'react';
import { chatbotReply } from './chatbot-reply';

export const CHATBOT_REPLY_DELAY_MS = 1000;
export const CHATBOT_FAILURE_REPLY = 'Desculpe, ocorreu um erro. Tente novamente em alguns instantes.';

/** A chat bubble (spec §3), local only. */
export interface ChatBubble {
  id: string;
  text: string;
  sender: 'user' | 'bot';
  /** Epoch milliseconds. */
  timestamp: number;
}

export type ChatbotResponder = (text: string) => string | Promise<string>;

export interface UseChatbotConversationOptions {
  reply?: ChatbotResponder;
}

export interface ChatbotConversation {
  messages: ChatBubble[];
  /** True from a send until the bot's bubble appears; the input stays disabled meanwhile. */
  isReplying: boolean;
  /** Returns false (and does nothing) for blank text or while the bot is replying. */
  send(text: string): boolean;
}

export function useChatbotConversation({
  reply = chatbotReply,
}: UseChatbotConversationOptions = {}): ChatbotConversation {
  const [messages, setMessages] = useState<ChatBubble[]>([]);
  const [isReplying, setIsReplying] = useState(false);
  // Refs, not state: two sends in the same tick must see each other.
  const replying = useRef(false);
  const nextId = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  const replyRef = useRef(reply);
  useEffect(() => {
    replyRef.current = reply;
  }, [reply]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, []);

  const bubble = useCallback((sender: ChatBubble['sender'], text: string): ChatBubble => {
    nextId.current += 1;
    return { id: `${sender}-${nextId.current}`, text, sender, timestamp: Date.now() };
  }, []);

  const send = useCallback(
    (text: string): boolean => {
      const trimmed = text.trim();
      if (!trimmed || replying.current) return false;
      replying.current = true;
      setIsReplying(true);
      setMessages((list) => [...list, bubble('user', trimmed)]);

      const finish = (answer: unknown) => {
        if (!mounted.current) return;
        const textOut = typeof answer === 'string' && answer.trim() ? answer : CHATBOT_FAILURE_REPLY;
        replying.current = false;
        setMessages((list) => [...list, bubble('bot', textOut)]);
        setIsReplying(false);
      };

      timer.current = setTimeout(() => {
        timer.current = null;
        try {
          const answer = replyRef.current(trimmed);
          if (answer instanceof Promise) answer.then(finish, () => finish(null));
          else finish(answer);
        } catch {
          finish(null);
        }
      }, CHATBOT_REPLY_DELAY_MS);
      return true;
    },
    [bubble],
  );

  return { messages, isReplying, send };
}
