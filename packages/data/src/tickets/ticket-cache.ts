import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Ticket, TicketDetail, TicketList } from '../contract/ticket';
import {
  createCoalescedRefresher,
  type CoalescedRefresher,
  type CoalescedRefreshOptions,
} from '../lib/coalesced-refresh';
import { isRecord } from '../lib/values';
import { ticketKeys } from './keys';

const isTicketList = (value: unknown): value is TicketList => isRecord(value) && Array.isArray(value.items);
const isInfiniteTicketList = (value: unknown): value is InfiniteData<TicketList> =>
  isRecord(value) && Array.isArray(value.pages) && value.pages.every(isTicketList);

/** An older copy never overwrites a newer one (events and refetches can cross). */
const isNotOlder = (incoming: Ticket, cached: Ticket) =>
  Date.parse(incoming.updated_at) >= Date.parse(cached.updated_at);

/** The page with the ticket's row replaced, or the same page when it does not hold it (or holds newer). */
function patchPage(page: TicketList, ticket: Ticket): TicketList {
  const index = page.items.findIndex((item) => item.id === ticket.id);
  if (index < 0 || !isNotOlder(ticket, page.items[index]!)) return page;
  return { ...page, items: page.items.map((item, at) => (at === index ? ticket : item)) };
}

function patchListData(data: unknown, ticket: Ticket): unknown {
  if (isTicketList(data)) return patchPage(data, ticket);
  if (isInfiniteTicketList(data)) {
    const pages = data.pages.map((page) => patchPage(page, ticket));
    return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
  }
  return data;
}

export interface ApplyTicketOptions {
  /** Put a detail in the cache when none is there (a new ticket): marked stale, so a view fetches it whole. */
  seedDetail?: boolean;
}

/**
 * Writes a live Ticket into the cache without refetching lists: its cached detail (history and attachments
 * kept, then marked stale so the open detail and its thread refetch once in the background) and its row in
 * every cached list page. Untouched rows and pages keep their identity, so memoised rows do not re-render.
 * Whether the ticket now belongs in a list, or moved in its order, is the list refresher's job.
 */
export function applyTicketToCaches(
  queryClient: QueryClient,
  ticket: Ticket,
  { seedDetail = false }: ApplyTicketOptions = {},
): void {
  const detailKey = ticketKeys.detail(ticket.id);
  const detail = queryClient.getQueryData<TicketDetail>(detailKey);
  if (detail && isNotOlder(ticket, detail)) {
    queryClient.setQueryData<TicketDetail>(detailKey, { ...detail, ...ticket });
  } else if (!detail && seedDetail) {
    queryClient.setQueryData<TicketDetail>(detailKey, { ...ticket, history: [], attachments: [] });
  }
  // The detail and its thread (`ticketKeys.messages` sits under it): a reply also arrives as ticket:updated.
  void queryClient.invalidateQueries({ queryKey: detailKey });

  for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: ticketKeys.lists() })) {
    const patched = patchListData(data, ticket);
    if (patched !== data) queryClient.setQueryData(queryKey, patched);
  }
}

export type TicketListRefresherOptions = CoalescedRefreshOptions;
export type TicketListRefresher = CoalescedRefresher;

/**
 * Coalesces "the ticket lists may have changed" (a new ticket, a row that may have left a filter or moved in
 * the order) into at most one invalidation of ticketKeys.lists() and ticketKeys.summary() per window (400 ms
 * of quiet, 2 s at most), so a burst of 10 updates a second costs one refetch per list instead of ten.
 */
export function createTicketListRefresher(
  queryClient: QueryClient,
  options?: TicketListRefresherOptions,
): TicketListRefresher {
  return createCoalescedRefresher(queryClient, [ticketKeys.lists(), ticketKeys.summary()], options);
}
