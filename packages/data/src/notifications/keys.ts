import type { InvalidationRule } from '../query/invalidation-rule';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (limit: number = 25) => [...notificationKeys.all, 'list', { limit }] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

export const notificationInvalidation: InvalidationRule = {
  path: /^\/api\/notifications(\/|$)/,
  key: notificationKeys.all,
};
