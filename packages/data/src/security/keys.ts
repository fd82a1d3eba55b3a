import type { InvalidationRule } from '../query/invalidation-rule';

export const securityKeys = {
  all: ['security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  history: (page = 1) => [...securityKeys.all, 'history', { page }] as const,
  settings: () => [...securityKeys.all, 'settings'] as const,
  user: (userId: number) => [...securityKeys.all, 'user', userId] as const,
  userSessions: (userId: number) => [...securityKeys.user(userId), 'sessions'] as const,
  userHistory: (userId: number, page = 1) => [...securityKeys.user(userId), 'history', { page }] as const,
};

/** Any write under /api/security refreshes what the security screens show. */
export const securityInvalidation: InvalidationRule = {
  path: /^\/api\/security(\/|$)/,
  key: securityKeys.all,
};
