import type { ChatMessage, MessagePage } from '@farol/data';
import { conversationKeys, useSendChatMessage } from '@farol/data/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

export interface OutboxItem {
  clientId: string;
  text: string;
  createdAt: string;
  status: 'pending' | 'failed';
  error?: string;
}

function newClientId(): string {
  // randomUUID needs a secure context; a LAN address over plain http is not one.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Messages on their way: shown at once as pending bubbles, replaced by the stored message when the
 * server acknowledges, kept as failed (with a retry) when it does not. Held outside the query cache so
 * a refetch of the page never drops a bubble that has not arrived yet.
 */
export function useOutbox(conversationId: number) {
  const queryClient = useQueryClient();
  const send = useSendChatMessage();
  const [items, setItems] = useState<OutboxItem[]>([]);

  const deliver = useCallback(
    (clientId: string, text: string) => {
      send({ conversationId, text, clientId }).then(
        (message: ChatMessage) => {
          queryClient.setQueryData<MessagePage>(conversationKeys.detail(conversationId), (page) =>
            page && !page.items.some((item) => item.id === message.id)
              ? { ...page, items: [...page.items, message] }
              : page,
          );
          setItems((current) => current.filter((item) => item.clientId !== clientId));
          void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
        },
        (error: unknown) => {
          const reason = error instanceof Error && error.message ? error.message : 'Falha ao enviar';
          setItems((current) =>
            current.map((item) =>
              item.clientId === clientId ? { ...item, status: 'failed', error: reason } : item,
            ),
          );
        },
      );
    },
    [send, conversationId, queryClient],
  );

  const enqueue = useCallback(
    (text: string) => {
      const clientId = newClientId();
      setItems((current) => [
        ...current,
        { clientId, text, createdAt: new Date().toISOString(), status: 'pending' },
      ]);
      deliver(clientId, text);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = items.find((current) => current.clientId === clientId);
      if (!item) return;
      setItems((current) =>
        current.map((entry) => (entry.clientId === clientId ? { ...entry, status: 'pending' } : entry)),
      );
      // The same client id: if the first try was in fact stored, the server answers that message.
      deliver(clientId, item.text);
    },
    [items, deliver],
  );

  const discard = useCallback((clientId: string) => {
    setItems((current) => current.filter((item) => item.clientId !== clientId));
  }, []);

  return { items, enqueue, retry, discard };
}
