import type { Migration } from '../../../db/migration';

/**
 * How many chamados hold each word of the vocabulary (issue 18), so a text search whose query lies inside one
 * word only (`q=impressora`) takes its total from one row instead of counting thousands of index entries
 * (≈ 1 ms of PGlite's WebAssembly for 2,500 matches). Kept by statement triggers on `ticket_words` itself, so
 * every path that writes it — the chamados' trigger, a bulk load, SQL by hand — keeps the counts. Deadlocks on
 * PostgreSQL: the chamados' trigger locks every existing word it will count (the old text's and the new's) in
 * one statement, in id order, before anything else touches them; the counting statements then only update
 * rows the transaction already holds, or words it has just inserted. So single-chamado writes never wait on
 * each other in a cycle (a statement writing many chamados' text at once still takes them one by one).
 */
export const migration041TicketWordCounts: Migration = {
  id: '041-ticket-word-counts',
  sql: /* sql */ `
ALTER TABLE search_words ADD COLUMN tickets integer NOT NULL DEFAULT 0;
-- Room on each page, so a count's update stays beside its row (HOT) and touches no index.
ALTER TABLE search_words SET (fillfactor = 80);
-- No pending list: PGlite has no autovacuum to merge it, and every search would read it through.
ALTER INDEX search_words_trgm_idx SET (fastupdate = off);
UPDATE search_words s SET tickets = c.n
  FROM (SELECT word_id, count(*)::integer AS n FROM ticket_words GROUP BY word_id) c
 WHERE s.id = c.word_id;
SELECT gin_clean_pending_list('search_words_trgm_idx'::regclass);

CREATE FUNCTION ticket_words_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words s SET tickets = s.tickets + d.n
    FROM (SELECT word_id, count(*)::integer AS n FROM added GROUP BY word_id) d
   WHERE s.id = d.word_id;
  RETURN NULL;
END
$$;

CREATE FUNCTION ticket_words_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words s SET tickets = s.tickets - d.n
    FROM (SELECT word_id, count(*)::integer AS n FROM removed GROUP BY word_id) d
   WHERE s.id = d.word_id;
  RETURN NULL;
END
$$;

CREATE FUNCTION ticket_words_count_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words SET tickets = 0 WHERE tickets <> 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER ticket_words_count_added AFTER INSERT ON ticket_words
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ticket_words_count_added();
CREATE TRIGGER ticket_words_count_removed AFTER DELETE ON ticket_words
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ticket_words_count_removed();
CREATE TRIGGER ticket_words_count_cleared AFTER TRUNCATE ON ticket_words
FOR EACH STATEMENT EXECUTE FUNCTION ticket_words_count_cleared();

-- Migration 013's trigger, with the words it will count locked first, in id order.
CREATE OR REPLACE FUNCTION ticket_words_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on INSERT and NEW on DELETE: each array is then empty.
  PERFORM 1 FROM search_words
    WHERE id = ANY (ARRAY(SELECT word_id FROM ticket_words WHERE ticket_id = OLD.id)
                    || ARRAY(SELECT s.id FROM search_words s
                              WHERE s.word = ANY (ARRAY(SELECT farol_words(NEW.search_text)))))
    ORDER BY id FOR UPDATE;
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
`,
};
