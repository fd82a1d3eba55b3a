/**
 * The reveal's two statements, shared by the reveals that arrive together (issue 14's budget: 20 concurrent
 * callers). Embedded PostgreSQL (PGlite) runs in the server's own thread, one statement at a time, and each call
 * into it costs about as much as the work of a small statement: so the reveals whose requests reached the
 * handler in the same turn of the event loop go as ONE statement — one read of every item, level and
 * confirmation — and, once each has passed its checks and been decrypted, as ONE INSERT of every audit row (a
 * group commit). Nothing is weakened: every reveal gets its own row and its own checks (the same SQL rules as
 * `loadSecretRow`: scope, grants, role, archived, confirmation; then `admitSecret`), and a reveal answers only
 * after the INSERT holding its audit row has committed, as when it wrote its row alone. A batch whose INSERT
 * fails is retried row by row, so one row PostgreSQL refuses (a NUL in a reason) fails only its own reveal. A
 * reveal alone (a quiet server) waits only for the end of the current turn of the event loop: no timer.
 */
import type { Database } from '../../db/database';
import { preparedText } from '../../db/sql';
import type { Audit, AuditEntry } from '../../shared/audit';
import { VAULT_ACCESS_LEVELS } from '@farol/data/contract';
import { rankFromGrants, type SecretRow } from './repository';
import type { VaultViewer } from './access';

/** At most this many reveals in one statement (a JSON argument of a few kB). */
const BATCH_MAX = 64;

/**
 * Runs `work` for the inputs queued since the last turn of the event loop: the first input of a batch waits for
 * the end of the current I/O phase (setImmediate), so every request whose data arrived in the same phase joins
 * it; at most `inFlight` batches run at once, the rest wait for one to end. `work` answers one result (or
 * error) per input, in order.
 */
export const createBatcher = <I, O>(work: (inputs: I[]) => Promise<(O | Error)[]>, inFlight: number) => {
  const queue: { input: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;

  const drain = () => {
    scheduled = false;
    while (running < inFlight && queue.length > 0) {
      const batch = queue.splice(0, BATCH_MAX);
      running += 1;
      work(batch.map((entry) => entry.input))
        .then(
          (results) =>
            batch.forEach((entry, index) => {
              const result = results[index];
              if (result instanceof Error) entry.reject(result);
              else entry.resolve(result as O);
            }),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          running -= 1;
          schedule();
        });
    }
  };

  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(drain);
  };

  return (input: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
};

const LEVELS_SQL = `ARRAY[${VAULT_ACCESS_LEVELS.map((level) => `'${level}'`).join(', ')}]`;

/**
 * `loadSecretRow` for many (viewer, item) pairs in one statement: each request is a row of the JSON argument
 * with its viewer's id and company scope (kind 0: every company; 1: one company, `company`; 2: staff limited to
 * `allow` — null: every company — minus `deny`, internal items included), and answers under its `n`.
 */
const SECRETS_SQL = `SELECT r.n, i.*
       FROM jsonb_to_recordset($1::text::jsonb)
              AS r(n int, item int, user_id int, kind int, company int, allow int[], deny int[])
       -- LATERAL (kept apart by its LIMIT): each request finds its item through the primary key, never a hash of the table.
       CROSS JOIN LATERAL (
         SELECT i.id, i.name, i.company_id, i.version, i.secrets, i.sensitive,
                coalesce(f.require_reason, false) AS require_reason,
                coalesce((SELECT c.confirmed_at > now() - make_interval(secs => $2::double precision / 1000)
                            FROM vault_confirmations c WHERE c.user_id = r.user_id), false) AS confirmed,
                g.granted, g.mine
           FROM vault_items i
           LEFT JOIN vault_folders f ON f.id = i.folder_id
           CROSS JOIN LATERAL (
             SELECT count(*) > 0 AS granted,
                    max(array_position(${LEVELS_SQL}, g.level) - 1)
                      FILTER (WHERE g.user_id = r.user_id OR lower(g.role) = (SELECT lower(u.role) FROM users u WHERE u.id = r.user_id)) AS mine
               FROM vault_grants g
              WHERE g.item_id = i.id OR (g.item_id IS NULL AND g.folder_id = i.folder_id)) g
          WHERE i.id = r.item
            -- Archived first, inside the CASE: a bare "archived_at IS NULL" lets the planner pick the partial name
            -- index (and walk all of it) over the primary key while the table is small when the plan is made.
            AND CASE WHEN i.archived_at IS NOT NULL THEN false
                  WHEN r.kind = 0 THEN true
                  WHEN r.kind = 1 THEN i.company_id = r.company
                  WHEN r.kind = 2 THEN i.company_id IS NULL
                              OR ((r.allow IS NULL OR i.company_id = ANY (r.allow)) AND i.company_id <> ALL (r.deny))
                  ELSE false END
          LIMIT 1) i`;

/** A viewer's company scope as a row of SECRETS_SQL's argument. */
const scopeArgs = (scope: VaultViewer['scope']) => {
  if (scope.kind === 'all') return { kind: 0, company: null, allow: null, deny: [] };
  if (scope.kind === 'company') return { kind: 1, company: scope.companyId ?? -1, allow: null, deny: [] };
  return { kind: 2, company: null, allow: scope.allow, deny: scope.deny };
};

type SecretRequest = { viewer: VaultViewer; id: number };

export interface RevealBatch {
  /** `loadSecretRow(db, viewer, id, reconfirmMs)`, read together with the reveals queued beside it. */
  loadSecret(viewer: VaultViewer, id: number): Promise<SecretRow | null>;
  /** `audit(entry)` (no transaction), written in one INSERT with the rows queued beside it; resolves once committed. */
  audit(entry: AuditEntry): Promise<void>;
}

/** `reconfirmMs`: how long a confirmation of the password lets sensível items reveal (VAULT_RECONFIRM_MS). */
/** `writeAuditRows`: the audit trail's many-row write (`app.audit.many`). */
export const createRevealBatch = (
  db: Database,
  reconfirmMs: number,
  writeAuditRows: Audit['many'],
): RevealBatch => {
  // PGlite: one batch at a time (its statements run one by one anyway, and the queue is what batches);
  // PostgreSQL: a few at once, as its pool would.
  const inFlight = db.kind === 'pglite' ? 1 : 4;

  type Row = Omit<SecretRow, 'rank' | 'break_glass'> & { n: number; granted: boolean; mine: number | null };

  const loadSecrets = createBatcher<SecretRequest, SecretRow | null>(async (requests) => {
    const args = requests.map(({ viewer, id }, n) => ({
      n,
      item: id,
      user_id: viewer.id,
      ...scopeArgs(viewer.scope),
    }));
    const { rows } = await db.prepared<Row>('vault_secret_batch', SECRETS_SQL, [
      preparedText(JSON.stringify(args)),
      Math.trunc(reconfirmMs),
    ]);
    const byRequest = new Map(rows.map((row) => [row.n, row]));
    return requests.map(({ viewer }, n) => {
      const row = byRequest.get(n);
      if (!row) return null;
      const { n: _n, granted, mine, ...item } = row;
      const access = rankFromGrants(viewer, granted, mine);
      return access.rank < 0 ? null : { ...item, ...access };
    });
  }, inFlight);

  const audit = createBatcher<AuditEntry, undefined>(async (entries) => {
    try {
      await writeAuditRows(entries);
      return entries.map(() => undefined);
    } catch (error) {
      if (entries.length === 1) throw error;
      // One row may be what failed: each alone, so only that reveal fails — one after another, so the trail
      // keeps the order the reveals arrived in (on PostgreSQL a pool would otherwise race them).
      const outcomes: (Error | undefined)[] = [];
      for (const entry of entries) {
        try {
          await writeAuditRows([entry]);
          outcomes.push(undefined);
        } catch (failure) {
          outcomes.push(failure instanceof Error ? failure : new Error(String(failure)));
        }
      }
      return outcomes;
    }
  }, inFlight);

  return {
    loadSecret: (viewer, id) => loadSecrets({ viewer, id }),
    audit,
  };
};
