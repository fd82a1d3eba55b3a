/**
 * The directory's plain constants (issue 13), free of zod so the realtime entry and the app share them without
 * the schemas; user-directory.ts re-exports them.
 */

/**
 * A person's presence, from their realtime connections: online (a connection in use), ausente (connected, but
 * every tab idle or hidden for PRESENCE_IDLE_MS), offline (no connection).
 */
export const USER_PRESENCE_STATUSES = ['online', 'ausente', 'offline'] as const;
export type UserPresenceStatus = (typeof USER_PRESENCE_STATUSES)[number];

export const USER_PRESENCE_LABELS: Record<UserPresenceStatus, string> = {
  online: 'Online',
  ausente: 'Ausente',
  offline: 'Offline',
};

/** What one connection reports: in use, or idle (no input, or the tab hidden) for PRESENCE_IDLE_MS. */
export const PRESENCE_STATES = ['active', 'idle'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** How long without a key, pointer or touch, or with the tab hidden, before a connection counts as idle. */
export const PRESENCE_IDLE_MS = 5 * 60_000;

/** The directory's socket events: the client reports its state, the server tells staff who changed. */
export const USER_CLIENT_EVENTS = { presenceSet: 'presence:set' } as const;
export const USER_SERVER_EVENTS = { presence: 'user:presence' } as const;

/** user:presence (server → staff who may read the directory): one person's presence changed. */
export interface UserPresenceEvent {
  userId: number;
  status: UserPresenceStatus;
}

/** The directory's page size. */
export const USER_DIRECTORY_PAGE_SIZE = 24;

/** The role filter's built-in values, as people read them (custom roles show as they are written). */
export const USER_ROLE_LABELS: Record<string, string> = {
  admin: 'Administrador',
  gestor: 'Gestor',
  tecnico: 'Técnico',
  cliente: 'Cliente',
};
