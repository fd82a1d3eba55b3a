import type { InvalidationRule } from '../query/invalidation-rule';

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...companyKeys.lists(), params] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...companyKeys.details(), String(id)] as const,
  branches: (id: number | string) => [...companyKeys.detail(id), 'branches'] as const,
  contacts: (id: number | string, params: { page?: number; q?: string } = {}) =>
    [...companyKeys.detail(id), 'contacts', { page: params.page ?? 1, q: params.q ?? '' }] as const,
  activity: (id: number | string, page = 1) => [...companyKeys.detail(id), 'activity', { page }] as const,
  /** What the forms offer (GET /api/companies/options). */
  options: () => [...companyKeys.all, 'options'] as const,
  /** A client's own company card (GET /api/companies/mine). */
  mine: () => [...companyKeys.all, 'mine'] as const,
  suggestions: (email: string) => [...companyKeys.all, 'suggest', email] as const,
};

/** /api/companies/{id}, its /branches, and /api/branches/{id} (spec §7). */
export const companyInvalidation: InvalidationRule = {
  path: /^\/api\/(companies|branches)(\/|$)/,
  key: companyKeys.all,
};
