import type { Migration } from '../../../db/migration';

/**
 * The chamados' text search counted off an index (issue 18). The trigram index of migration 009 finds the
 * candidates, but LIKE over trigrams is always rechecked on the row, and the answer's `total` counts every
 * match: with 2,500 of 50,000 chamados matching, that visited nearly every page of the table (≈ 60–100 ms on
 * PGlite). So the folded text is also kept as words:
 * - `search_words`, every distinct word ever seen (a run of letters and digits of the folded text: anything
 *   but ASCII punctuation, spaces and controls), with a trigram index — words are never deleted, so it is a
 *   superset of the words in use;
 * - `ticket_words`, which chamado holds which word, keyed (word, chamado) for counting by index alone and
 *   (chamado, word) for the per-row check and for replacing a chamado's words.
 * A query made only of letters and digits is a substring of the text exactly when it is a substring of one of
 * its words, so matching becomes: the words containing it (trigram index on the small vocabulary), then their
 * chamados (index only). Kept by a trigger on the subject and description; words are inserted in order, so
 * two chamados adding the same new words on PostgreSQL cannot deadlock.
 */
export const migration013TicketWords: Migration = {
  id: '013-ticket-words',
  sql: /* sql */ `
CREATE TABLE search_words (
  id serial PRIMARY KEY,
  word text NOT NULL UNIQUE
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

CREATE TABLE ticket_words (
  word_id integer NOT NULL,
  ticket_id integer NOT NULL,
  PRIMARY KEY (word_id, ticket_id)
);
CREATE INDEX ticket_words_ticket_idx ON ticket_words (ticket_id, word_id);

-- The distinct words of folded text; the same split the list's query assumes (repository.ts, SIMPLE_QUERY).
CREATE FUNCTION farol_words(value text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(value, '[^a-z0-9\\u0080-\\uffff]+') AS w WHERE w <> ''
$$;

CREATE FUNCTION ticket_words_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM ticket_words WHERE ticket_id = OLD.id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO search_words (word) SELECT w FROM farol_words(NEW.search_text) AS w ORDER BY w
      ON CONFLICT (word) DO NOTHING;
    INSERT INTO ticket_words (word_id, ticket_id)
      SELECT s.id, NEW.id FROM search_words s WHERE s.word IN (SELECT farol_words(NEW.search_text));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_words
AFTER INSERT OR DELETE OR UPDATE OF subject, description ON tickets
FOR EACH ROW EXECUTE FUNCTION ticket_words_apply();

-- TRUNCATE fires no row triggers.
CREATE FUNCTION ticket_words_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_words;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_words_truncate AFTER TRUNCATE ON tickets
FOR EACH STATEMENT EXECUTE FUNCTION ticket_words_clear();

INSERT INTO search_words (word)
  SELECT DISTINCT w FROM tickets t, farol_words(t.search_text) AS w ORDER BY w;
INSERT INTO ticket_words (word_id, ticket_id)
  SELECT s.id, t.id FROM tickets t, farol_words(t.search_text) AS w JOIN search_words s ON s.word = w;
`,
};
