import type { InvalidationRule } from '../query/invalidation-rule';

export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
};

/** A profile write (theme, name, picture) refreshes the session's profile. */
export const sessionInvalidation: InvalidationRule = { path: /^\/api\/profile(\/|$)/, key: sessionKeys.all };
