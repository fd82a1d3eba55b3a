/**
 * The tickets contract's plain constants and rules, free of zod so the app can import them (through
 * `@farol/data/tickets`) without the schemas. ticket.ts re-exports them.
 */

export const TICKET_STATUSES = [
  'aberto',
  'em andamento',
  'aguardando cliente',
  'resolvido',
  'fechado',
] as const;
export const TICKET_PRIORITIES = ['baixa', 'média', 'alta', 'urgente'] as const;
export const TICKET_SORTS = ['created_at', 'updated_at', 'priority', 'status', 'number'] as const;
/** Statuses that still need work: the "open" filter, the dashboard and the portal home count these. */
export const TICKET_OPEN_STATUSES = ['aberto', 'em andamento', 'aguardando cliente'] as const;
/** Suggestions for the free-text category field. */
export const TICKET_CATEGORIES = [
  'Acesso',
  'E-mail',
  'Hardware',
  'Impressora',
  'Rede',
  'Software',
  'Outros',
] as const;

/** Attachments: images and PDF, checked by their bytes on the server. */
export const TICKET_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_FILES = 5;
/** The multipart field that carries files on POST /api/tickets and POST /api/tickets/:id/messages. */
export const TICKET_ATTACHMENT_FIELD = 'files';

export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketSort = (typeof TICKET_SORTS)[number];

/** Hours from creation to the due time, by priority. */
export const TICKET_DUE_HOURS: Record<TicketPriority, number> = { urgente: 4, alta: 8, média: 24, baixa: 72 };

/** Allowed status changes; the same status is a no-op and anything else is a 409. */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  aberto: ['em andamento', 'aguardando cliente', 'resolvido'],
  'em andamento': ['aguardando cliente', 'resolvido', 'aberto'],
  'aguardando cliente': ['em andamento', 'resolvido'],
  resolvido: ['fechado', 'em andamento'],
  fechado: ['em andamento'],
};

export const canTransitionTicket = (from: TicketStatus, to: TicketStatus) =>
  from === to || TICKET_TRANSITIONS[from].includes(to);
