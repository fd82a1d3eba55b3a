import type { InvalidationRule } from '../query/invalidation-rule';

// The companies module's home in @farol/data; its screens come with its own issue, the spec's cache rule
// (§7) holds now.
export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...companyKeys.lists(), params] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...companyKeys.details(), String(id)] as const,
  branches: (id: number | string) => [...companyKeys.detail(id), 'branches'] as const,
};

/** /api/companies/{id}, its /branches, and /api/branches/{id} (spec §7). */
export const companyInvalidation: InvalidationRule = {
  path: /^\/api\/(companies|branches)(\/|$)/,
  key: companyKeys.all,
};
