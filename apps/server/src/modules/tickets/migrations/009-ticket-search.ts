import type { Migration } from '../../../db/migration';

/**
 * The chamados' text search (subject and description, accents and case ignored): the folded text kept in a
 * stored generated column, so matching compares stored text instead of folding every candidate row again,
 * and a trigram index over it.
 */
export const migration009TicketSearch: Migration = {
  id: '009-ticket-search',
  sql: `
ALTER TABLE tickets ADD COLUMN search_text text
  GENERATED ALWAYS AS (farol_fold(subject || ' ' || description)) STORED;
CREATE INDEX tickets_search_trgm_idx ON tickets USING gin (search_text gin_trgm_ops);
`,
};
