import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Conversation } from '../../contract/conversation';
import { api, errorResponse, serverError } from '../../mocks/http';
import { conversationFixtures } from './fixtures';

export interface MessagesMockOptions {
  unreadCount?: number;
  failing?: boolean;
  conversations?: () => Conversation[];
}

export function createMessagesHandlers({
  unreadCount = 3,
  failing = false,
  conversations = conversationFixtures.list,
}: MessagesMockOptions = {}): HttpHandler[] {
  return [
    http.get(api('/messages/unread-count'), () =>
      failing ? serverError() : HttpResponse.json({ count: unreadCount }),
    ),
    http.get(api('/messages'), () => {
      if (failing) return serverError();
      const items = conversations();
      return HttpResponse.json({ items, total: items.length });
    }),
    http.get(api('/messages/conversations/:id'), ({ params }) => {
      if (failing) return serverError();
      const page = conversationFixtures.page(Number(params.id));
      return page ? HttpResponse.json(page) : errorResponse(404, 'not_found', 'Conversa não encontrada');
    }),
  ];
}

export const messagesHandlers = {
  default: () => createMessagesHandlers(),
  unreadCount: (count: number) => createMessagesHandlers({ unreadCount: count }),
  failing: () => createMessagesHandlers({ failing: true }),
};
