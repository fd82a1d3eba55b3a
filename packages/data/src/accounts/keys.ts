import type { InvalidationRule } from '../query/invalidation-rule';

/** The accounts domain's query keys (Gerenciar Usuários, issue 13). */
export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...accountKeys.lists(), params] as const,
  detail: (id: number | string) => [...accountKeys.all, 'detail', String(id)] as const,
  offboarding: (id: number | string) => [...accountKeys.detail(id), 'offboarding'] as const,
  invitation: (token: string) => [...accountKeys.all, 'invitation', token] as const,
  reset: (token: string) => [...accountKeys.all, 'reset', token] as const,
};

/** A write under /api/accounts makes every accounts query stale. */
export const accountInvalidation: InvalidationRule = {
  path: /^\/api\/accounts(\/|$)/,
  key: accountKeys.all,
};
