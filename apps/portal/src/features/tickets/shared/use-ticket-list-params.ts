import type { TicketPriority, TicketSort } from '@farol/data';
import { TICKET_PRIORITIES, TICKET_SORTS, type TicketListParams } from '@farol/data/tickets';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { parseTicketStatus, ticketStatusSlug } from './ticket-labels';

/** Staff lists live at /support[/:status]; a client's at /portal/tickets?status=. */
export type TicketListArea = 'staff' | 'client';

/** What the URL can say about a list: every filter but the page size, which the page fixes. */
export type TicketListUrlParams = Omit<TicketListParams, 'limit'>;

export interface TicketListUrlState {
  params: TicketListUrlParams;
  /** The status the URL named when it is not one we know (shown as a notice; the list shows all). */
  unknownStatus: string | null;
}

export const TICKET_LIST_DEFAULT_SORT: TicketSort = 'updated_at';
export const TICKET_LIST_DEFAULT_ORDER = 'desc';

const listBase = (area: TicketListArea) => (area === 'staff' ? '/support' : '/portal/tickets');

// 'media' for 'média': people type URLs without the accent.
const plain = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function parsePriority(value: string | null): TicketPriority | undefined {
  if (!value) return undefined;
  return TICKET_PRIORITIES.find((priority) => plain(priority) === plain(value));
}

function parsePositiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

function parseAssignee(value: string | null): TicketListParams['assignee_id'] {
  if (value === 'me' || value === 'none') return value;
  return parsePositiveInt(value);
}

/**
 * The list filters a URL holds. Unknown or malformed values are dropped (the list then shows what it would
 * without them); an unknown status is reported so the page can say so.
 */
export function readTicketListUrl(
  area: TicketListArea,
  statusSegment: string | undefined,
  search: URLSearchParams,
): TicketListUrlState {
  const rawStatus = (area === 'staff' ? statusSegment : search.get('status')) ?? '';
  const status = rawStatus ? parseTicketStatus(rawStatus) : null;
  const sort = TICKET_SORTS.find((value) => value === search.get('sort'));
  const order = search.get('order');
  const page = parsePositiveInt(search.get('page'));
  const params: TicketListUrlParams = {
    status: status ?? undefined,
    priority: parsePriority(search.get('priority')),
    assignee_id: area === 'staff' ? parseAssignee(search.get('assignee')) : undefined,
    company_id: area === 'staff' ? parsePositiveInt(search.get('company')) : undefined,
    branch_id: area === 'staff' ? parsePositiveInt(search.get('branch')) : undefined,
    q: search.get('q')?.trim() || undefined,
    open: search.get('open') === 'true' || undefined,
    overdue: search.get('overdue') === 'true' || undefined,
    sort: sort && sort !== TICKET_LIST_DEFAULT_SORT ? sort : undefined,
    order: order === 'asc' ? 'asc' : undefined,
    page: page && page > 1 ? page : undefined,
  };
  return { params: dropEmpty(params), unknownStatus: rawStatus && !status ? rawStatus : null };
}

function dropEmpty(params: TicketListUrlParams): TicketListUrlParams {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== '' && value !== false),
  ) as TicketListUrlParams;
}

/** The URL of a list: the status as a path segment (staff) or `?status=` (client), the rest as search. */
export function ticketListHref(area: TicketListArea, params: TicketListUrlParams): string {
  const search = new URLSearchParams();
  const status = params.status ? ticketStatusSlug(params.status) : null;
  if (status && area === 'client') search.set('status', status);
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.priority) search.set('priority', params.priority);
  if (area === 'staff' && params.assignee_id !== undefined)
    search.set('assignee', String(params.assignee_id));
  if (area === 'staff' && params.company_id !== undefined) search.set('company', String(params.company_id));
  if (area === 'staff' && params.branch_id !== undefined) search.set('branch', String(params.branch_id));
  if (params.open) search.set('open', 'true');
  if (params.overdue) search.set('overdue', 'true');
  if (params.sort && params.sort !== TICKET_LIST_DEFAULT_SORT) search.set('sort', params.sort);
  if (params.order === 'asc') search.set('order', 'asc');
  if (params.page && params.page > 1) search.set('page', String(params.page));
  const path = status && area === 'staff' ? `${listBase(area)}/${status}` : listBase(area);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Anything that narrows the list (a status, open, search, priority, assignee, company, branch, overdue). */
export function isTicketListFiltered(params: TicketListUrlParams): boolean {
  return Boolean(
    params.status ||
    params.open ||
    params.q ||
    params.priority ||
    params.assignee_id !== undefined ||
    params.company_id !== undefined ||
    params.branch_id !== undefined ||
    params.overdue,
  );
}

/** The same list with the filters changed: a new filter starts again at page 1 unless a page is given. */
export function withTicketListChanges(
  params: TicketListUrlParams,
  changes: Partial<TicketListUrlParams>,
): TicketListUrlParams {
  const next: TicketListUrlParams = { ...params, ...changes };
  if (!('page' in changes)) delete next.page;
  return dropEmpty(next);
}

/** Only the order of the list: "Limpar filtros" keeps how the person sorted it. */
export function clearedTicketListParams({ sort, order }: TicketListUrlParams): TicketListUrlParams {
  return dropEmpty({ sort, order });
}

export interface UpdateTicketListOptions {
  /** Replace the history entry (typing in the search box) instead of adding one. */
  replace?: boolean;
}

/** The list state of /support[/:status] or /portal/tickets, read from and written to the URL. */
export function useTicketListParams(area: TicketListArea) {
  const { status: statusSegment } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(
    () => readTicketListUrl(area, statusSegment, searchParams),
    [area, statusSegment, searchParams],
  );
  const { params } = state;

  const update = useCallback(
    (changes: Partial<TicketListUrlParams>, { replace = false }: UpdateTicketListOptions = {}) =>
      void navigate(ticketListHref(area, withTicketListChanges(params, changes)), { replace }),
    [area, navigate, params],
  );
  const clear = useCallback(
    () => void navigate(ticketListHref(area, clearedTicketListParams(params))),
    [area, navigate, params],
  );
  /** Where another set of filters lives (status tabs, dashboard links), from the current list. */
  const hrefWith = useCallback(
    (changes: Partial<TicketListUrlParams>) => ticketListHref(area, withTicketListChanges(params, changes)),
    [area, params],
  );

  return { ...state, filtered: isTicketListFiltered(params), update, clear, hrefWith };
}
