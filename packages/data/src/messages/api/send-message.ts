import { useApiClient, type ApiClient, type ChatMessage } from '@farol/data';
import { useRealtime, type RealtimeClient } from '@farol/data/realtime';
import { useCallback } from 'react';
import { conversationUrl } from './get-conversation-messages';

export interface OutgoingMessage {
  conversationId: number;
  text: string;
  /** Idempotency key: a retry with the same key never stores the message twice. */
  clientId: string;
}

/** POST /api/messages/conversations/:id {text, client_id} → the stored message. */
export function postMessage(api: Pick<ApiClient, 'post'>, message: OutgoingMessage): Promise<ChatMessage> {
  return api.post<ChatMessage>(conversationUrl(message.conversationId), {
    text: message.text,
    client_id: message.clientId,
  });
}

/**
 * Sends over the socket with an acknowledgement while it is connected, else over HTTP; both resolve to
 * the stored message and reject with a message ready to show.
 */
export function sendChatMessage(
  api: Pick<ApiClient, 'post'>,
  realtime: Pick<RealtimeClient, 'status' | 'sendMessage'>,
  message: OutgoingMessage,
): Promise<ChatMessage> {
  if (realtime.status === 'connected') {
    return realtime.sendMessage({
      conversationId: message.conversationId,
      text: message.text,
      clientId: message.clientId,
    });
  }
  return postMessage(api, message);
}

export function useSendChatMessage() {
  const api = useApiClient();
  const realtime = useRealtime();
  return useCallback((message: OutgoingMessage) => sendChatMessage(api, realtime, message), [api, realtime]);
}
