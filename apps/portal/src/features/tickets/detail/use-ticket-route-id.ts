import { useParams } from 'react-router-dom';

/** A route's ticket id: a positive integer, else null (the page then answers "not found"). */
export function parseTicketId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The `:id` of /support/ticket/:id and /portal/tickets/:id. */
export function useTicketRouteId(): number | null {
  return parseTicketId(useParams().id);
}
