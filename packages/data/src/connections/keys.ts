import type { InvalidationRule } from '../query/invalidation-rule';

// The connections module's home in @farol/data; its screens come with its own issue, the spec's cache rule
// (§7) holds now.
export const connectionKeys = {
  all: ['connections'] as const,
  list: (params: Record<string, unknown> = {}) => [...connectionKeys.all, 'list', params] as const,
  detail: (id: number | string) => [...connectionKeys.all, 'detail', String(id)] as const,
};

export const connectionInvalidation: InvalidationRule = {
  path: /^\/api\/connections(\/|$)/,
  key: connectionKeys.all,
};
