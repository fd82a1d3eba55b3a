import type { ChatMessage } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useRealtime } from '../../realtime/realtime-provider';
import type { RealtimeClient } from '../../realtime/types';
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
