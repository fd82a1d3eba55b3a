import type { Migration } from '../../../db/migration';

/** The chamados' text search (subject and description, accents and case ignored) through a trigram index. */
export const migration009TicketSearch: Migration = {
  id: '009-ticket-search',
  sql: `
CREATE INDEX tickets_search_trgm_idx ON tickets
  USING gin (farol_fold(subject || ' ' || description) gin_trgm_ops);
`,
};
