import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, MessagePage } from '../contract/conversation';
import type { LiveHandler } from '../realtime/live-handler';
import { conversationKeys } from './keys';

function isMessagePage(value: unknown): value is MessagePage {
  return typeof value === 'object' && value !== null && Array.isArray((value as MessagePage).items);
}

/**
 * Edits the cached page of one conversation in place when it is a plain message page; anything else
 * (not cached, paged differently) is refetched instead. Lists are always refreshed: their last message
 * and unread counts changed.
 */
function updateConversation(
  queryClient: QueryClient,
  conversationId: number,
  edit: ((items: ChatMessage[]) => ChatMessage[]) | null,
): void {
  const key = conversationKeys.detail(conversationId);
  const cached = queryClient.getQueryData(key);
  if (edit && isMessagePage(cached)) {
    queryClient.setQueryData<MessagePage>(key, { ...cached, items: edit(cached.items) });
  } else if (cached !== undefined) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
  void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
}

function appendMessage(items: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (items.some((item) => item.id === message.id)) return items;
  // The sender's optimistic bubble carries the same client_id: replace it rather than show it twice.
  const pending = message.client_id ? items.findIndex((item) => item.client_id === message.client_id) : -1;
  if (pending >= 0) return items.map((item, index) => (index === pending ? message : item));
  return [...items, message];
}

/** Messages and conversations change under the open page (spec §7's message and conversation events). */
export const messagesLive: LiveHandler = ({ realtime, queryClient }) => {
  const subscriptions = [
    realtime.on('message:new', ({ conversationId, message }) => {
      updateConversation(
        queryClient,
        conversationId,
        message ? (items) => appendMessage(items, message) : null,
      );
    }),
    realtime.on('message:update', ({ conversationId, message }) => {
      updateConversation(queryClient, conversationId, (items) =>
        items.map((item) => (item.id === message.id ? message : item)),
      );
    }),
    realtime.on('message:delete', ({ conversationId, messageId }) => {
      updateConversation(queryClient, conversationId, (items) =>
        items.filter((item) => item.id !== messageId),
      );
    }),
    realtime.on('messages:bulk-delete', ({ conversationId, messageIds }) => {
      const gone = new Set(messageIds);
      updateConversation(queryClient, conversationId, (items) => items.filter((item) => !gone.has(item.id)));
    }),
    realtime.on(
      'conversation:updated',
      () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
    ),
  ];
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
};
