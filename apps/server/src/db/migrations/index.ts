import { migration001Core } from './001-core';
import { migration002Conversations } from './002-conversations';
import { migration003NotificationCounts } from './003-notification-counts';
import { migration004Tickets } from './004-tickets';
import { migration005TicketAttachments } from './005-ticket-attachments';
import { migration006TicketList } from './006-ticket-list';

export interface Migration {
  id: string;
  sql: string;
}

/** Applied in this order; an id, once released, never changes meaning. */
export const migrations: Migration[] = [
  migration001Core,
  migration002Conversations,
  migration003NotificationCounts,
  migration004Tickets,
  migration005TicketAttachments,
  migration006TicketList,
];
