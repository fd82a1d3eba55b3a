import type { InvalidationRule } from '../query/invalidation-rule';

// The tasks module's home in @farol/data. Its screens come with its own issue; the spec's cache rule for
// its endpoints (§7) holds already, so a write from any client refreshes what is cached.
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...taskKeys.lists(), params] as const,
  labels: () => [...taskKeys.all, 'labels'] as const,
  boards: () => [...taskKeys.all, 'boards'] as const,
  board: (id: number | string) => [...taskKeys.boards(), String(id)] as const,
};

/** /api/tasks, its labels and /api/tasks/boards/{id} (spec §7). */
export const taskInvalidation: InvalidationRule = { path: /^\/api\/tasks(\/|$)/, key: taskKeys.all };
