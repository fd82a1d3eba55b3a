import type { InvalidationRule } from '../query/invalidation-rule';

// The users module's home in @farol/data; its screens come with its own issue, the spec's cache rule (§7)
// holds now.
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...userKeys.details(), String(id)] as const,
};

export const userInvalidation: InvalidationRule = { path: /^\/api\/users(\/|$)/, key: userKeys.all };
