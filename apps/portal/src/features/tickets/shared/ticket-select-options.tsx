import type { TicketStatus } from '@farol/data';
import { TICKET_PRIORITIES } from '@farol/data/tickets';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from './ticket-labels';

/** The `<option>`s of a priority select, in rank order (the filter, the form and the staff control). */
export function TicketPriorityOptions() {
  return TICKET_PRIORITIES.map((priority) => (
    <option key={priority} value={priority}>
      {TICKET_PRIORITY_LABELS[priority]}
    </option>
  ));
}

/** The `<option>`s of a status select, for the statuses given. */
export function TicketStatusOptions({ statuses }: { statuses: readonly TicketStatus[] }) {
  return statuses.map((status) => (
    <option key={status} value={status}>
      {TICKET_STATUS_LABELS[status]}
    </option>
  ));
}
