// Tickets list budget (issue 6): with 50,000 tickets, the first filtered page of GET /api/tickets answers with
// p99 ≤ 30 ms at 10 connections on PGlite. Each case runs ~10 s with autocannon against the real server
// (from source with tsx, like server-http.mjs) on a fresh PGlite folder, signed in as admin@farol.dev.
// `q=impressora` is a text search (accents and case ignored) served by the word index of migration 013 (the
// trigram index of migration 009 for queries with spaces or punctuation), held to the same budget (issue 18).
// On PGlite the server keeps list pages in memory (dropped on every ticket write, 5 s at most), and a bench
// repeating one URL mostly reads that cache: the cases run twice, with the cache off (every request asks
// the database) and on (the server's default). PostgreSQL (never cached) runs too when DATABASE_URL names a
// scratch database, so both engines print in one run; every verdict counts for the exit code.
// Usage: node bench/tickets-list.mjs [--postgres | --pglite] [--seconds 10] [--connections 10] [--uncached-only]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createBenchServer,
  loadChild,
  numberArg,
  serveParent,
  startChild,
  stopChildren,
} from './support/forked-server.mjs';

const self = fileURLToPath(import.meta.url);
const role = process.argv[2];
const TICKETS = 50_000;
const COMPANIES = 40;
const EXTRA_STAFF = 12;
const BENCH_EMAIL = 'admin@farol.dev';
const MAX_P99 = 30;

if (role === 'child:server') {
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const server = await createBenchServer({ ticketListCache: process.env.BENCH_TICKET_CACHE === '1' });
  const { db } = server;
  const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [BENCH_EMAIL]);
  const userId = /** @type {{ id: number } | undefined} */ (rows[0])?.id;
  if (!userId) throw new Error(`${BENCH_EMAIL} missing: seed the demo data (FAROL_DEMO=1) first`);
  const started = Date.now();
  // More companies and staff than the demo has, so company and assignee filters select a realistic share.
  await db.query(
    `INSERT INTO companies (name) SELECT 'Empresa de carga ' || n FROM generate_series(1, $1::int) AS n
     ON CONFLICT DO NOTHING`,
    [COMPANIES],
  );
  await db.query(
    `INSERT INTO users (email, first_name, last_name, role, permissions, password_hash)
     SELECT 'carga' || n || '@farol.dev', 'Técnico', 'Carga ' || n, 'tecnico', ARRAY['tickets.view'], 'x'
     FROM generate_series(1, $1::int) AS n ON CONFLICT DO NOTHING`,
    [EXTRA_STAFF],
  );
  await db.query('TRUNCATE tickets, ticket_messages, ticket_history, ticket_attachments CASCADE');
  // Loaded in bulk, the words of the text search are built in two statements afterwards (as migration 013
  // does) rather than by the per-row trigger, which would take minutes on PGlite; the result is the same.
  await db.query('ALTER TABLE tickets DISABLE TRIGGER tickets_words');
  // One statement: statuses, priorities, companies and assignees spread by n; one in 20 about a printer.
  await db.query(
    `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies),
          s AS (SELECT array_agg(id ORDER BY id) AS ids FROM users
                WHERE lower(role) NOT IN ('cliente', 'client'))
     INSERT INTO tickets (subject, description, status, priority, category, company_id, requester_id,
                          assignee_id, created_at, updated_at, due_at)
     SELECT CASE WHEN n % 20 = 0 THEN 'Impressora sem toner ' || n ELSE 'Chamado de carga ' || n END,
            'Descrição do chamado de carga número ' || n,
            (ARRAY['aberto', 'aberto', 'em andamento', 'aguardando cliente', 'resolvido', 'fechado', 'fechado',
                   'fechado'])[1 + n % 8],
            (ARRAY['baixa', 'média', 'média', 'alta', 'urgente'])[1 + (n / 7) % 5],
            'Hardware',
            c.ids[1 + n % cardinality(c.ids)],
            s.ids[1 + (n / 3) % cardinality(s.ids)],
            CASE WHEN n % 4 = 0 THEN NULL ELSE s.ids[1 + (n / 5) % cardinality(s.ids)] END,
            now() - n * interval '1 minute',
            now() - n * interval '1 minute' + (n % 97) * interval '1 second',
            now() - n * interval '1 minute' + interval '24 hours'
     FROM generate_series(1, $1::int) AS n, c, s`,
    [TICKETS],
  );
  await db.query('ALTER TABLE tickets ENABLE TRIGGER tickets_words');
  await db.query(
    `INSERT INTO search_words (word)
     SELECT DISTINCT w FROM tickets t, farol_words(t.search_text) AS w ORDER BY w ON CONFLICT (word) DO NOTHING`,
  );
  await db.query(
    `INSERT INTO ticket_words (word_id, ticket_id)
     SELECT s.id, t.id FROM tickets t, farol_words(t.search_text) AS w JOIN search_words s ON s.word = w`,
  );
  // One bulk load leaves the kept counts (ticket_counts, the companies' open chamados: updated by a trigger per
  // row) with a dead version per row, tens of thousands of them in one transaction, grown into hundreds of pages
  // that a count then scans; a database written row by row prunes them as it goes and stays a few pages. So
  // those two are rewritten compact, and everything vacuumed: index-only reads (the word index) need the
  // visibility map a vacuum sets.
  await db.query('VACUUM FULL ticket_counts, companies');
  await db.query('VACUUM ANALYZE');
  const seedMs = Date.now() - started;
  const company = await db.query(
    `SELECT c.id, count(*)::int AS n FROM tickets t JOIN companies c ON c.id = t.company_id
     WHERE c.name = 'Acme' GROUP BY c.id`,
  );
  const { token } = await issueToken(db, userId);
  const url = await server.listen();
  serveParent({ url, token, kind: db.kind, seedMs, company: company.rows[0] }, () => server.close());
} else {
  const seconds = numberArg('seconds', 10);
  const connections = numberArg('connections', 10);
  const databaseUrl = process.env.DATABASE_URL;
  if (process.argv.includes('--postgres') && !databaseUrl) {
    console.error('--postgres needs DATABASE_URL (a scratch database: every ticket in it is replaced)');
    process.exit(2);
  }
  /** @type {{ postgres: boolean, cache: boolean }[]} */
  const passes = [];
  if (!process.argv.includes('--postgres')) {
    passes.push({ postgres: false, cache: false });
    if (!process.argv.includes('--uncached-only')) passes.push({ postgres: false, cache: true });
  }
  // PostgreSQL never caches (several processes may write), so one pass says it all there.
  if (databaseUrl && !process.argv.includes('--pglite')) passes.push({ postgres: true, cache: false });

  /** One server (fresh data folder, seeded), every case measured against it, then stopped. @param {{ postgres: boolean, cache: boolean }} pass */
  const measure = async ({ postgres, cache }) => {
    const dataDir = postgres ? null : mkdtempSync(path.join(tmpdir(), 'farol-bench-tickets-'));
    /** @type {any} */
    const server = await startChild(self, 'child:server', {
      BENCH_TICKET_CACHE: cache ? '1' : '0',
      ...(postgres ? { BENCH_DATABASE_URL: String(databaseUrl) } : { BENCH_DATA_DIR: String(dataDir) }),
    });
    const headers = { authorization: `Bearer ${server.token}` };
    /** @param {string} url @param {number} duration */
    const run = (url, duration) => loadChild(server.child, { url, headers, duration, connections });

    /** @type {[label: string, query: string, budgeted: boolean][]} */
    const cases = [
      ['status=aberto', 'status=aberto', true],
      ['open=true&sort=priority', 'open=true&sort=priority', true],
      ['assignee_id=me', 'assignee_id=me', true],
      [`company_id=N (${server.company.n} tickets)`, `company_id=${server.company.id}`, true],
      ['q=impressora (text search)', 'q=impressora', true],
    ];

    console.log(
      `\nGET /api/tickets first page (25) on ${server.kind}, list cache ${cache ? 'ON (default on PGlite)' : 'OFF'}, ${TICKETS} tickets (seeded in ${(server.seedMs / 1000).toFixed(1)} s), ${connections} connections, ${seconds} s per case`,
    );
    let pass = true;
    for (const [label, query, budgeted] of cases) {
      const url = `${server.url}/api/tickets?${query}`;
      const check = await fetch(url, { headers });
      const body = /** @type {{ items: unknown[], total: number }} */ (await check.json());
      if (check.status !== 200 || body.items.length === 0) {
        console.error(`FAIL: ${label} answered ${check.status} with ${body.items?.length} items`);
        pass = false;
        continue;
      }
      await run(url, 2); // warm: JIT, PGlite's caches
      const result = await run(url, seconds);
      const errors = result.errors + result.non2xx + result.timeouts;
      const ok = result.latency.p99 <= MAX_P99 && errors === 0;
      if (budgeted && !ok) pass = false;
      console.log(
        `  ${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${result.cpuPerRequest.toFixed(2)} ms CPU/req   total ${body.total}   ${budgeted ? (ok ? 'PASS' : 'FAIL') : 'reported'}${errors ? `   errors ${errors}` : ''}`,
      );
    }
    console.log(`  machine load   ${loadavg()[0]?.toFixed(1)} (1-min average, ${cpus().length} cores)`);
    console.log(
      `  budget         first filtered page p99 ≤ ${MAX_P99} ms at ${connections} connections, cache ${cache ? 'on' : 'off'} → ${pass ? 'PASS' : 'FAIL'}`,
    );

    await stopChildren([server.child]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    return pass;
  };

  const verdicts = [];
  for (const pass of passes) verdicts.push(await measure(pass));
  if (!databaseUrl)
    console.log('\nPostgreSQL not measured: set DATABASE_URL to a scratch database to include it.');
  // The budget holds without the cache, on both engines: every pass must pass.
  process.exit(verdicts.every(Boolean) ? 0 : 1);
}
