import type { InvalidationRule } from '../query/invalidation-rule';

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...ticketKeys.lists(), params] as const,
  details: () => [...ticketKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...ticketKeys.details(), String(id)] as const,
  messages: (id: number | string) => [...ticketKeys.detail(id), 'messages'] as const,
  /** The dashboard's counts (GET /api/tickets/summary). */
  summary: () => [...ticketKeys.all, 'summary'] as const,
  /** What the forms offer (GET /api/tickets/options). */
  options: () => [...ticketKeys.all, 'options'] as const,
};

/** /api/tickets and its alias /api/support/tickets, with each ticket and its messages (spec §7). */
export const ticketInvalidation: InvalidationRule = {
  path: /^\/api\/(support\/)?tickets(\/|$)/,
  key: ticketKeys.all,
};
