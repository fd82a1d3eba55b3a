import type { Migration } from '../../../db/migration';
import { migration004Tickets } from './004-tickets';
import { migration005TicketAttachments } from './005-ticket-attachments';
import { migration006TicketList } from './006-ticket-list';
import { migration009TicketSearch } from './009-ticket-search';
import { migration012AttachmentChunks } from './012-attachment-chunks';
import { migration013TicketWords } from './013-ticket-words';
import { migration041TicketWordCounts } from './041-ticket-word-counts';
import { migration042TicketSla } from './042-ticket-sla';

export const ticketMigrations: Migration[] = [
  migration004Tickets,
  migration005TicketAttachments,
  migration006TicketList,
  migration009TicketSearch,
  migration012AttachmentChunks,
  migration013TicketWords,
  migration041TicketWordCounts,
  migration042TicketSla,
];
