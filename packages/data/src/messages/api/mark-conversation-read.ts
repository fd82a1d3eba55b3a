import type { Conversation } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useMutation } from '@tanstack/react-query';
import { conversationUrl } from './get-conversation-messages';

/** PUT /api/messages/conversations/:id/read {message_id?} → moves the read marker forward. */
export function markConversationRead(
  api: Pick<ApiClient, 'put'>,
  conversationId: number,
  messageId?: number,
): Promise<Conversation> {
  return api.put<Conversation>(
    `${conversationUrl(conversationId)}/read`,
    messageId === undefined ? { read: true } : { message_id: messageId },
  );
}

export function useMarkConversationRead() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ conversationId, messageId }: { conversationId: number; messageId?: number }) =>
      markConversationRead(api, conversationId, messageId),
  });
}
