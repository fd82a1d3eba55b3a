import type { Migration } from '../../db/migration';

/**
 * One audit trail for every module. No foreign keys on purpose: history keeps the ids it recorded when a
 * user, company or chamado is later deleted, and recording never blocks a delete. Each read of the trail —
 * a company's, a record's, a person's, everything — is one index range, newest first.
 */
const migration007AuditEvents: Migration = {
  id: '007-audit-events',
  sql: /* sql */ `
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer,
  actor_kind text NOT NULL CHECK (actor_kind IN ('staff', 'client', 'anonymous', 'system')),
  company_id integer,
  module text NOT NULL CHECK (length(module) BETWEEN 1 AND 100),
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  target_type text,
  target_id text,
  reason text,
  ticket_id integer,
  ip text,
  user_agent text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_events_at_idx ON audit_events (at DESC, id DESC);
CREATE INDEX audit_events_company_at_idx ON audit_events (company_id, at DESC, id DESC);
CREATE INDEX audit_events_target_at_idx ON audit_events (target_type, target_id, at DESC, id DESC);
CREATE INDEX audit_events_actor_at_idx ON audit_events (actor_id, at DESC, id DESC);
CREATE INDEX audit_events_ticket_idx ON audit_events (ticket_id, at DESC, id DESC) WHERE ticket_id IS NOT NULL;
`,
};

export const auditMigrations: Migration[] = [migration007AuditEvents];
