import type { Migration } from '../../../db/migration';

/**
 * The directory's searches and totals without reading every match (issue 13's budget, bench/users-directory):
 * - `user_search_words`, every distinct word of the people's folded search text (runs of letters and digits,
 *   `farol_words`' split, as the chamados' vocabulary) under a trigram index, with how many people hold it
 *   (`people`); words are never deleted, so it is a superset;
 * - `user_directory_words`, who holds which word, keyed (word, name, person): for a word, its people in the
 *   directory's A→Z order straight from the index, so `q=jose` reads its 25 people and takes its total from one
 *   row instead of reading and sorting its 1,000 matches. A query made only of letters and digits lies inside
 *   the text exactly when it lies inside one of its words; when exactly one word in use contains it, that
 *   word's people are the matches.
 * - `user_directory_role_counts`, how many people per role key (any company), so the unfiltered and the role
 *   totals are one or a few rows instead of a sum over every (company, role) of `user_directory_counts`.
 * Kept from `user_directory` (migration 036), which the users' trigger keeps. Deadlocks on PostgreSQL: like the
 * chamados' (migration 041), the row trigger locks every existing word it will count, old and new, in id order
 * before anything else touches them.
 */
export const migration039UserDirectoryWords: Migration = {
  id: '039-user-directory-words',
  sql: /* sql */ `
CREATE TABLE user_search_words (
  id serial PRIMARY KEY,
  word text NOT NULL UNIQUE,
  people integer NOT NULL DEFAULT 0
) WITH (fillfactor = 80);
-- No pending list: PGlite has no autovacuum to merge it, and every search would read it through.
CREATE INDEX user_search_words_trgm_idx ON user_search_words USING gin (word gin_trgm_ops)
  WITH (fastupdate = off);

CREATE TABLE user_directory_words (
  word_id integer NOT NULL,
  name_key text NOT NULL,
  user_id integer NOT NULL,
  PRIMARY KEY (word_id, name_key, user_id)
);
CREATE INDEX user_directory_words_user_idx ON user_directory_words (user_id);

-- One person's words and the counts, kept from user_directory row by row. Every lookup goes through an index
-- (the words as an array, so no statement plans a join over the whole vocabulary per person): a bulk insert
-- of 20,000 people costs a few statements each, not a scan of the vocabulary each.
CREATE FUNCTION user_directory_words_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_ids integer[] := '{}';
  new_words text[] := '{}';
  new_ids integer[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text
     AND NEW.name_key IS NOT DISTINCT FROM OLD.name_key THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_ids := ARRAY(SELECT word_id FROM user_directory_words WHERE user_id = OLD.id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_words := ARRAY(SELECT farol_words(NEW.search_text));
    INSERT INTO user_search_words (word) SELECT w FROM unnest(new_words) AS w ORDER BY w
      ON CONFLICT (word) DO NOTHING;
    new_ids := ARRAY(SELECT id FROM user_search_words WHERE word = ANY (new_words));
  END IF;
  -- Every word this will count, old and new, locked in id order before any is updated.
  PERFORM 1 FROM user_search_words WHERE id = ANY (old_ids || new_ids) ORDER BY id FOR UPDATE;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM user_directory_words WHERE user_id = OLD.id;
    UPDATE user_search_words SET people = people - 1 WHERE id = ANY (old_ids);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO user_directory_words (word_id, name_key, user_id) SELECT unnest(new_ids), NEW.name_key, NEW.id;
    UPDATE user_search_words SET people = people + 1 WHERE id = ANY (new_ids);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER user_directory_words_apply
AFTER INSERT OR DELETE OR UPDATE OF name_key, search_text ON user_directory
FOR EACH ROW EXECUTE FUNCTION user_directory_words_apply();

-- TRUNCATE fires no row triggers (TRUNCATE users … CASCADE empties user_directory).
CREATE FUNCTION user_directory_words_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_directory_words;
  UPDATE user_search_words SET people = 0 WHERE people <> 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER user_directory_words_truncate AFTER TRUNCATE ON user_directory
FOR EACH STATEMENT EXECUTE FUNCTION user_directory_words_clear();

INSERT INTO user_search_words (word)
  SELECT DISTINCT w FROM user_directory d, farol_words(d.search_text) AS w ORDER BY w;
INSERT INTO user_directory_words (word_id, name_key, user_id)
  SELECT s.id, d.name_key, d.id FROM user_directory d, farol_words(d.search_text) AS w
    JOIN user_search_words s ON s.word = w;
UPDATE user_search_words s SET people = c.n
  FROM (SELECT word_id, count(*)::integer AS n FROM user_directory_words GROUP BY word_id) c
 WHERE s.id = c.word_id;

CREATE TABLE user_directory_role_counts (
  role text PRIMARY KEY,
  n integer NOT NULL
) WITH (fillfactor = 80);

-- Migration 018's counting, with the role totals beside the (company, role) ones.
CREATE OR REPLACE FUNCTION user_directory_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id IS NOT DISTINCT FROM NEW.company_id
     AND user_directory_role(OLD.role) = user_directory_role(NEW.role) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE user_directory_counts SET n = n - 1
     WHERE coalesce(company_id, 0) = coalesce(OLD.company_id, 0) AND role = user_directory_role(OLD.role);
    UPDATE user_directory_role_counts SET n = n - 1 WHERE role = user_directory_role(OLD.role);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO user_directory_counts (company_id, role, n) VALUES (NEW.company_id, user_directory_role(NEW.role), 1)
    ON CONFLICT ((coalesce(company_id, 0)), role) DO UPDATE SET n = user_directory_counts.n + 1;
    INSERT INTO user_directory_role_counts (role, n) VALUES (user_directory_role(NEW.role), 1)
    ON CONFLICT (role) DO UPDATE SET n = user_directory_role_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION user_directory_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_directory_counts;
  DELETE FROM user_directory_role_counts;
  RETURN NULL;
END
$$;

INSERT INTO user_directory_role_counts (role, n)
SELECT user_directory_role(role), count(*)::int FROM users GROUP BY 1;
`,
};
