export { invalidationsFor, pathOf } from './invalidations';
export { QUERY_STALE_TIME_MS, createQueryClient } from './query-client';
export * from './keys';
