export { INVALIDATION_RULES, invalidationsFor, pathOf } from './invalidations';
export type { InvalidationRule } from './invalidation-rule';
export { QUERY_STALE_TIME_MS, createQueryClient } from './query-client';
