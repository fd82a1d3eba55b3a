import type { InvalidationRule } from '../query/invalidation-rule';

/** The connections domain's query keys: every key starts with 'connections', so one write refreshes them all. */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (params: Record<string, unknown> = {}) => [...connectionKeys.all, 'list', params] as const,
  detail: (id: number | string) => [...connectionKeys.all, 'detail', String(id)] as const,
  options: () => [...connectionKeys.all, 'options'] as const,
  sessions: (params: Record<string, unknown> = {}) => [...connectionKeys.all, 'sessions', params] as const,
  session: (id: number) => [...connectionKeys.all, 'session', String(id)] as const,
  recording: (sessionId: number) => [...connectionKeys.all, 'recording', String(sessionId)] as const,
  recordingSearch: (params: Record<string, unknown>) =>
    [...connectionKeys.all, 'recording-search', params] as const,
};

/** Spec §7: a write under /api/connections refreshes every cached connections answer. */
export const connectionInvalidation: InvalidationRule = {
  path: /^\/api\/connections(\/|$)/,
  key: connectionKeys.all,
};
