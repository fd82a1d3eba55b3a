import type { Migration } from '../../../db/migration';

/**
 * What keeps the tickets list fast at tens of thousands of rows:
 * - `ticket_counts`, kept by triggers, holds how many tickets share each (company, status, priority, assignee);
 *   the list's `total` for filters on those columns is a sum over a few hundred rows instead of a count over
 *   the tickets (text search and `overdue`, which depends on the clock, still count the rows). Both sides of
 *   an update are applied in key order so two concurrent moves on PostgreSQL cannot deadlock on them.
 * - `priority_rank` and `status_rank`, stored columns with their indexes, so sorting by priority or status
 *   reads a first page off an index instead of sorting every matching row.
 * - the open tickets' due times, for the overdue count.
 */
export const migration006TicketList: Migration = {
  id: '006-ticket-list',
  sql: /* sql */ `
CREATE TABLE ticket_counts (
  company_id integer NOT NULL,
  status text NOT NULL,
  priority text NOT NULL,
  -- 0 stands for "no assignee", so the key has no NULL in it.
  assignee_id integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (company_id, status, priority, assignee_id)
);
-- The key's first column serves the company filter (and a client's scope); these serve the others.
CREATE INDEX ticket_counts_status_idx ON ticket_counts (status);
CREATE INDEX ticket_counts_assignee_idx ON ticket_counts (assignee_id);

CREATE FUNCTION ticket_counts_add(c integer, s text, p text, a integer, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ticket_counts AS k (company_id, status, priority, assignee_id, n) VALUES (c, s, p, a, delta)
  ON CONFLICT (company_id, status, priority, assignee_id) DO UPDATE SET n = k.n + EXCLUDED.n;
$$;

CREATE FUNCTION ticket_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ticket_counts_add(NEW.company_id, NEW.status, NEW.priority, COALESCE(NEW.assignee_id, 0), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ticket_counts_add(OLD.company_id, OLD.status, OLD.priority, COALESCE(OLD.assignee_id, 0), -1);
  ELSIF (OLD.company_id, OLD.status, OLD.priority, COALESCE(OLD.assignee_id, 0))
      < (NEW.company_id, NEW.status, NEW.priority, COALESCE(NEW.assignee_id, 0)) THEN
    PERFORM ticket_counts_add(OLD.company_id, OLD.status, OLD.priority, COALESCE(OLD.assignee_id, 0), -1);
    PERFORM ticket_counts_add(NEW.company_id, NEW.status, NEW.priority, COALESCE(NEW.assignee_id, 0), 1);
  ELSIF (OLD.company_id, OLD.status, OLD.priority, COALESCE(OLD.assignee_id, 0))
      > (NEW.company_id, NEW.status, NEW.priority, COALESCE(NEW.assignee_id, 0)) THEN
    PERFORM ticket_counts_add(NEW.company_id, NEW.status, NEW.priority, COALESCE(NEW.assignee_id, 0), 1);
    PERFORM ticket_counts_add(OLD.company_id, OLD.status, OLD.priority, COALESCE(OLD.assignee_id, 0), -1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_counts
AFTER INSERT OR DELETE OR UPDATE OF company_id, status, priority, assignee_id ON tickets
FOR EACH ROW EXECUTE FUNCTION ticket_counts_apply();

-- TRUNCATE fires no row triggers.
CREATE FUNCTION ticket_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_counts_truncate AFTER TRUNCATE ON tickets
FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_clear();

INSERT INTO ticket_counts (company_id, status, priority, assignee_id, n)
SELECT company_id, status, priority, COALESCE(assignee_id, 0), count(*) FROM tickets GROUP BY 1, 2, 3, 4;

ALTER TABLE tickets
  ADD COLUMN priority_rank smallint GENERATED ALWAYS AS (
    CASE priority WHEN 'baixa' THEN 0 WHEN 'média' THEN 1 WHEN 'alta' THEN 2 WHEN 'urgente' THEN 3 END
  ) STORED,
  ADD COLUMN status_rank smallint GENERATED ALWAYS AS (
    CASE status WHEN 'aberto' THEN 0 WHEN 'em andamento' THEN 1 WHEN 'aguardando cliente' THEN 2
      WHEN 'resolvido' THEN 3 WHEN 'fechado' THEN 4 END
  ) STORED;
CREATE INDEX tickets_priority_rank_idx ON tickets (priority_rank, id);
-- Open tickets by due time: the overdue count and filter read only the late ones.
CREATE INDEX tickets_open_due_idx ON tickets (due_at)
  WHERE status IN ('aberto', 'em andamento', 'aguardando cliente');
CREATE INDEX tickets_status_rank_idx ON tickets (status_rank, id);
`,
};
