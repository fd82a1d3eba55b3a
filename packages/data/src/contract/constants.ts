/**
 * The contract's plain constants, free of zod: runtime code (the main @farol/data entry) imports them
 * from here so a bundle does not pull the schemas and zod with them. The schema files re-export them.
 */

/**
 * The permission keys: spec §6's eight, in the sidebar's order, then the write keys of design.md §3 as their
 * modules arrive (each after its module's reading key).
 */
export const PERMISSION_KEYS = [
  'tickets.view',
  'tasks.view',
  'statistics.view',
  'connections.view',
  'passwords.view',
  'companies.view',
  'users.manage',
  'users.view',
  'companies.manage',
  'tasks.manage',
  'passwords.reveal',
  'passwords.manage',
  'connections.connect',
  'connections.manage',
  'connections.audit',
] as const;

/** Roles seen in the spec; other staff roles are allowed and rely on permission keys. */
export const KNOWN_ROLES = ['admin', 'cliente', 'client', 'gestor', 'tecnico'] as const;

export const NOTIFICATION_SEVERITIES = ['info', 'success', 'warning', 'error'] as const;

/** Icon families the kit knows; any other `type` string falls back to a bell. */
export const NOTIFICATION_TYPES = [
  'ticket',
  'message',
  'task',
  'connection',
  'password',
  'company',
  'user',
  'system',
] as const;

export const NOTIFICATIONS_PAGE_SIZE = 25;
export const NOTIFICATIONS_CACHE_CAP = 50;

/** Socket.io defaults of spec §7 and §9. */
export const REALTIME_PATH = '/socket.io';
export const REALTIME_DEFAULT_PORT = 3001;
export const REALTIME_PING_INTERVAL_MS = 25_000;
export const REALTIME_RECONNECT_DELAY_MS = 800;
export const REALTIME_RECONNECT_DELAY_MAX_MS = 5_000;
export const REALTIME_CONNECT_TIMEOUT_MS = 20_000;
export const REALTIME_AUTH_RETRY_MS = 2_000;

/**
 * Client → server events. The client emits each under both names (spec §7); the server treats a pair as
 * one event (idempotent joins, sends de-duplicated by `client_id`).
 */
export const CLIENT_EVENTS = {
  join: ['conv:join', 'conversation:join'],
  leave: ['conv:leave', 'conversation:leave'],
  send: ['message:send', 'msg:send'],
  typing: ['conv:typing', 'typing'],
  ping: ['ping'],
} as const;

/** Server → client events the client listens to (spec §7). The reference server emits the first name of each. */
export const SERVER_EVENTS = {
  messageNew: ['message:new', 'msg:new', 'message:created', 'conversation:message'],
  messageUpdate: ['message:update'],
  messageDelete: ['message:delete'],
  messagesBulkDelete: ['messages:bulk-delete'],
  notification: ['notification'],
  ticketCreated: ['ticket:created'],
  ticketUpdated: ['ticket:updated'],
  companyCreated: ['company:created'],
  companyUpdated: ['company:updated'],
  conversationUpdated: ['conversation:updated', 'conversation:update'],
  typing: ['typing', 'conv:typing'],
} as const;

/** How long a session token lives on the reference server. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'farol_session';

/** Machine-readable codes the reference server uses in `error`. */
export const API_ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'csrf_rejected',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  // 410: an invitation or reset link expired or used; 403: a suspended or deactivated account signing in.
  'link_expired',
  'account_inactive',
  // 507: the disk is full (writes refused, reads answered); 503: the database is being reopened.
  'insufficient_storage',
  'storage_unavailable',
  // The vault (issue 14): 403 until the person types their password again; 403 for an admin outside an
  // item's grants who has not asked for quebra-vidro; 503 while the vault's key is missing.
  'reconfirm_required',
  'break_glass_required',
  'vault_unavailable',
  // 403 on everything but enrolment while the 2FA requirement covers a person who has not enrolled (issue 13).
  'two_factor_setup_required',
  'internal_error',
] as const;

/** Picture upload limits (spec §2 hint 'Suporte: JPG, PNG, GIF até 5MB'; design.md §3 enforces it). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
