import type { InvalidationRule } from '../query/invalidation-rule';

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...conversationKeys.lists(), params] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...conversationKeys.details(), String(id)] as const,
  unreadCount: () => [...conversationKeys.all, 'unread-count'] as const,
};

/** /api/messages and /api/messages/conversations/{id} (spec §7). */
export const conversationInvalidation: InvalidationRule = {
  path: /^\/api\/messages(\/|$)/,
  key: conversationKeys.all,
};
