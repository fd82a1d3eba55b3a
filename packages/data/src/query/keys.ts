/**
 * One query-key factory per domain. Every key starts with its domain, so invalidating `xKeys.all`
 * refreshes everything of that domain.
 */

export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (limit: number = 25) => [...notificationKeys.all, 'list', { limit }] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...conversationKeys.lists(), params] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...conversationKeys.details(), String(id)] as const,
  unreadCount: () => [...conversationKeys.all, 'unread-count'] as const,
};

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

export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...taskKeys.lists(), params] as const,
  labels: () => [...taskKeys.all, 'labels'] as const,
  boards: () => [...taskKeys.all, 'boards'] as const,
  board: (id: number | string) => [...taskKeys.boards(), String(id)] as const,
};

export const passwordKeys = {
  all: ['passwords'] as const,
  list: (params: Record<string, unknown> = {}) => [...passwordKeys.all, 'list', params] as const,
  detail: (id: number | string) => [...passwordKeys.all, 'detail', String(id)] as const,
};

export const connectionKeys = {
  all: ['connections'] as const,
  list: (params: Record<string, unknown> = {}) => [...connectionKeys.all, 'list', params] as const,
  detail: (id: number | string) => [...connectionKeys.all, 'detail', String(id)] as const,
};

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...companyKeys.lists(), params] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...companyKeys.details(), String(id)] as const,
  branches: (id: number | string) => [...companyKeys.detail(id), 'branches'] as const,
};

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...userKeys.details(), String(id)] as const,
};

export const statisticsKeys = {
  all: ['statistics'] as const,
};
