import type { QueryKey } from '@tanstack/react-query';

/**
 * What one domain's writes make stale (spec §7): after a successful POST, PUT, PATCH or DELETE whose path
 * matches `path`, every query under `key` refetches. Each domain declares its own beside its key factory.
 */
export interface InvalidationRule {
  path: RegExp;
  key: QueryKey;
}
