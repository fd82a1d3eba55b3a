import type { Migration } from '../migration';

/**
 * Text search that ignores accents and case, through an index (design.md §7): `unaccent` and `pg_trgm` (both
 * contrib, both loaded into PGlite, both trusted extensions on PostgreSQL), and `farol_fold(text)` — lower case
 * without accents — declared IMMUTABLE so indexes can be built on it ('São Paulo' and 'sao paulo' fold alike).
 * Every module's search uses `farol_fold(column) LIKE '%' || farol_fold($q) || '%'` over a trigram index.
 */
export const migration008TextSearch: Migration = {
  id: '008-text-search',
  sql: `
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE OR REPLACE FUNCTION farol_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));
`,
};
