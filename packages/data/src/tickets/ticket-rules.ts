import { listSearch, normalizeListParams } from '../lib/query-params';
import {
  TICKET_OPEN_STATUSES,
  type TicketSort,
  type TicketPriority,
  type TicketStatus,
} from '../contract/ticket-constants';

const OPEN = new Set<TicketStatus>(TICKET_OPEN_STATUSES);

/** Still needs work (aberto, em andamento, aguardando cliente). */
export const isTicketOpen = (status: TicketStatus): boolean => OPEN.has(status);

/** Open and past its due time: the dashboard's "atrasados" and the list's overdue mark. */
export const isTicketOverdue = (
  ticket: { status: TicketStatus; due_at: string },
  now: number = Date.now(),
): boolean => isTicketOpen(ticket.status) && Date.parse(ticket.due_at) < now;

/** The list filters as the app holds them (GET /api/tickets query, before the server's defaults). */
export interface TicketListParams {
  status?: TicketStatus;
  priority?: TicketPriority;
  assignee_id?: number | 'me' | 'none';
  company_id?: number;
  /** A filial of the company (GET /api/tickets?branch_id=). */
  branch_id?: number;
  q?: string;
  open?: boolean;
  overdue?: boolean;
  sort?: TicketSort;
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

const PARAM_ORDER = [
  'status',
  'priority',
  'assignee_id',
  'company_id',
  'branch_id',
  'q',
  'open',
  'overdue',
  'sort',
  'order',
  'page',
  'limit',
] as const satisfies readonly (keyof TicketListParams)[];

/** The params without empty values, in a fixed key order (one cache entry per set of filters). */
export function normalizeTicketListParams(params: TicketListParams): TicketListParams {
  return normalizeListParams(params, PARAM_ORDER);
}

/** `?status=aberto&page=2…` for GET /api/tickets ('' when there is nothing to send). */
export function ticketListSearch(params: TicketListParams): string {
  return listSearch(normalizeTicketListParams(params));
}
