import type { Conversation, StartConversation } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useMutation } from '@tanstack/react-query';
import { CONVERSATIONS_URL } from './get-conversations';

/** POST /api/messages → the new conversation (or the existing one between the same two people). */
export function startConversation(
  api: Pick<ApiClient, 'post'>,
  input: StartConversation,
): Promise<Conversation> {
  return api.post<Conversation>(CONVERSATIONS_URL, input);
}

export function useStartConversation() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: StartConversation) => startConversation(api, input) });
}
