import type { InvalidationRule } from '../query/invalidation-rule';

// The vault's home in @farol/data; its screens come with its own issue, the spec's cache rule (§7) holds now.
export const passwordKeys = {
  all: ['passwords'] as const,
  list: (params: Record<string, unknown> = {}) => [...passwordKeys.all, 'list', params] as const,
  detail: (id: number | string) => [...passwordKeys.all, 'detail', String(id)] as const,
};

export const passwordInvalidation: InvalidationRule = {
  path: /^\/api\/passwords(\/|$)/,
  key: passwordKeys.all,
};
