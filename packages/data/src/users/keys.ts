import type { InvalidationRule } from '../query/invalidation-rule';

/** The users domain's query keys (issue 13: the directory, a person's page, its filters and audit). */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...userKeys.details(), String(id)] as const,
  audit: (id: number | string, page = 1) => [...userKeys.detail(id), 'audit', { page }] as const,
  /** What the directory's filters offer (GET /api/users/options). */
  options: () => [...userKeys.all, 'options'] as const,
};

/** Spec §7: a write under /api/users (and /api/users/{id}) makes every users query stale. */
export const userInvalidation: InvalidationRule = { path: /^\/api\/users(\/|$)/, key: userKeys.all };
