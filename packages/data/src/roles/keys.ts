import type { InvalidationRule } from '../query/invalidation-rule';

/** The roles domain's query keys (issue 13: roles, a person's access, "por que ele vê isso?"). */
export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  access: (userId: number | string) => [...roleKeys.all, 'access', String(userId)] as const,
  why: (params: Record<string, unknown>) => [...roleKeys.all, 'why', params] as const,
};

/** Spec §7: a write under /api/roles (a role, a person's access) makes every roles query stale. */
export const roleInvalidation: InvalidationRule = { path: /^\/api\/roles(\/|$)/, key: roleKeys.all };
