// Usuários directory budget (issue 13): with 20,000 people (the team and the users of 400 client companies),
// GET /api/users answers a search (accents and case ignored) or a filtered first page with p99 ≤ 30 ms on
// PGlite. The issue names no concurrency: each case runs at 1 connection (the latency one person sees) and at
// 10 (PGlite runs one statement at a time, so p99 there is about ten times the CPU a request costs); the
// budget is judged at 10 (docs/decisions.md, Usuários). The directory has no in-memory cache: every request asks the database (and the
// realtime connections for presence). Each case runs ~10 s with autocannon against the real server (from
// source with tsx, like companies-list.mjs) on a fresh PGlite folder, signed in as admin@farol.dev.
// Usage: node bench/users-directory.mjs [--postgres] [--seconds 10] [--connections 10] (the judged run; 1 is
// always measured too)
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
const USERS = 20_000;
const COMPANIES = 400;
const BENCH_EMAIL = 'admin@farol.dev';
const P99 = 30;
const SEED_CHUNK = 500;

if (role === 'child:server') {
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const server = await createBenchServer();
  const { db } = server;
  const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [BENCH_EMAIL]);
  const userId = /** @type {{ id: number } | undefined} */ (rows[0])?.id;
  if (!userId) throw new Error(`${BENCH_EMAIL} missing: seed the demo data (FAROL_DEMO=1) first`);
  const started = Date.now();
  await db.query(
    `INSERT INTO companies (name, legal_name) SELECT 'Cliente Carga ' || n, 'Cliente Carga ' || n || ' Ltda.'
       FROM generate_series(1, $1::int) AS n`,
    [COMPANIES],
  );
  // Brazilian names people search for (accented and not), e-mails on the company's domain, phones; one in five
  // on the team (técnicos, gestores), the rest client users spread over the companies. In statements of 500:
  // every person adds one to the same few kept counts (their role, 'com', 'br'…), and PostgreSQL walks a row's
  // versions made by its own transaction on each update, so one statement of 20,000 would take quadratic time.
  for (let from = 1; from <= USERS; from += SEED_CHUNK)
    await db.query(
      `WITH words AS (
       SELECT ARRAY['José', 'João', 'Maria', 'Ana', 'Antônio', 'Francisca', 'Luís', 'Márcia', 'Sérgio', 'Cláudia',
                    'Fábio', 'Patrícia', 'Vinícius', 'Letícia', 'Otávio', 'Beatriz', 'Caio', 'Débora', 'Ênio',
                    'Íris'] AS firsts,
              ARRAY['Silva', 'Santos', 'Oliveira', 'Souza', 'Conceição', 'Gonçalves', 'Araújo', 'Ribeiro',
                    'Simões', 'Magalhães', 'Assunção', 'Brandão', 'Peixoto', 'Cavalcanti', 'Guimarães', 'Lima',
                    'Falcão', 'Nóbrega', 'Teixeira', 'Prudêncio', 'Albuquerque', 'Sampaio', 'Aragão'] AS lasts),
     cs AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE name LIKE 'Cliente Carga %')
     INSERT INTO users (email, username, first_name, last_name, role, company_id, phone, password_hash)
     SELECT 'pessoa' || n || CASE WHEN n % 5 = 0 THEN '@farol.dev' ELSE '@cliente' || (n % $2::int) || '.com.br' END,
            'pessoa' || n,
            w.firsts[1 + n % 20],
            w.lasts[1 + (n / 20) % 23] || ' ' || w.lasts[1 + (n * 7) % 23],
            CASE WHEN n % 5 <> 0 THEN 'cliente' WHEN n % 15 = 0 THEN 'gestor' ELSE 'tecnico' END,
            CASE WHEN n % 5 <> 0 THEN cs.ids[1 + n % $2::int] ELSE NULL END,
            '(11) 9' || lpad((n * 37 % 100000000)::text, 8, '0'),
            'bench'
     FROM generate_series($3::int, $1::int) AS n, words w, cs`,
      [Math.min(USERS, from + SEED_CHUNK - 1), COMPANIES, from],
    );
  // One contact record each for one person in ten (client users: n ending in 1; their cargo, phone), as the
  // companies module keeps. (Chosen by id before, which picked nobody when the demo's count was a multiple of 5.)
  await db.query(
    `INSERT INTO company_contacts (company_id, name, job_title, phone, user_id)
     SELECT u.company_id, u.first_name || ' ' || u.last_name, 'Cargo ' || (u.id % 30), '(11) 3000-' || (u.id % 10000),
            u.id
     FROM users u WHERE u.company_id IS NOT NULL AND u.username ~ '^pessoa[0-9]*1$'`,
  );
  await db.query('VACUUM ANALYZE');
  const seedMs = Date.now() - started;
  const counts = await db.query(
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM company_contacts) AS contacts, (SELECT count(*)::int FROM companies) AS companies,
       (SELECT id FROM companies WHERE name = 'Cliente Carga 7') AS company`,
  );
  const { token } = await issueToken(db, userId);
  const url = await server.listen();
  serveParent({ url, token, kind: db.kind, seedMs, counts: counts.rows[0] }, () => server.close());
} else {
  const postgres = process.argv.includes('--postgres');
  const seconds = numberArg('seconds', 10);
  const connections = numberArg('connections', 10);
  if (postgres && !process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL (a scratch database: 20,000 users are added to it)');
    process.exit(2);
  }
  const startLoad = loadavg()[0]?.toFixed(1);
  const dataDir = postgres ? null : mkdtempSync(path.join(tmpdir(), 'farol-bench-users-'));
  /** @type {any} */
  const server = await startChild(self, 'child:server', {
    ...(postgres
      ? { BENCH_DATABASE_URL: String(process.env.DATABASE_URL) }
      : { BENCH_DATA_DIR: String(dataDir) }),
  });
  const headers = { authorization: `Bearer ${server.token}` };
  /** @param {string} url @param {number} duration @param {number} [at] connections */
  const run = (url, duration, at = connections) =>
    loadChild(server.child, { url, headers, duration, connections: at });
  const { counts } = server;

  /** @type {[label: string, query: string, budget: number | null][]} */
  const cases = [
    ['first page (name order)', '', P99],
    ['q=jose (José, accents ignored)', 'q=jose', P99],
    ['q=GONCALVES (a surname)', 'q=GONCALVES', P99],
    ['q=maria silva (two words)', `q=${encodeURIComponent('maria silva')}`, P99],
    ['q=pessoa1234 (e-mail or username)', 'q=pessoa1234', P99],
    ['q=nobody (no match)', 'q=ninguem-assim', P99],
    ['company_id (one company)', `company_id=${counts.company}`, P99],
    ['role=tecnico', 'role=tecnico', P99],
    ['status=offline&role=gestor', 'status=offline&role=gestor', P99],
    ['q=ana&company_id=none', 'q=ana&company_id=none', P99],
    ['page=200 (deep page, reported)', 'page=200', null],
  ];

  console.log(
    `\nGET /api/users (the directory, 25 a page) on ${server.kind}, no cache, ${counts.users} users, ${counts.companies} companies, ${counts.contacts} contacts (seeded in ${(server.seedMs / 1000).toFixed(1)} s), 1 then ${connections} connections, ${seconds} s per run`,
  );
  let pass = true;
  for (const [label, query, budget] of cases) {
    const url = `${server.url}/api/users${query ? `?${query}` : ''}`;
    const check = await fetch(url, { headers });
    const body = /** @type {{ items: unknown[], total: number }} */ (await check.json());
    const expectEmpty = query.includes('ninguem');
    if (check.status !== 200 || (body.items.length === 0) !== expectEmpty) {
      console.error(`FAIL: ${label} answered ${check.status} with ${body.items?.length} items`);
      pass = false;
      continue;
    }
    await run(url, 2); // warm: JIT, PGlite's caches
    const single = await run(url, seconds, 1);
    const result = await run(url, seconds);
    const errors = result.errors + result.non2xx + result.timeouts + single.errors + single.non2xx;
    const ok = budget === null || (result.latency.p99 <= budget && errors === 0);
    if (!ok) pass = false;
    console.log(
      `  ${label.padEnd(36)} 1 conn: p50 ${String(single.latency.p50).padStart(3)} p99 ${String(single.latency.p99).padStart(3)} ms   ${connections} conn: ${result.requests.average.toFixed(0).padStart(5)} req/s p50 ${String(result.latency.p50).padStart(3)} p99 ${String(result.latency.p99).padStart(4)} ms   ${result.cpuPerRequest.toFixed(2)} ms CPU/req   total ${String(body.total).padStart(5)}   ${budget === null ? 'reported' : `≤ ${budget} ms ${ok ? 'PASS' : 'FAIL'}`}${errors ? `   errors ${errors}` : ''}`,
    );
  }
  console.log(
    `  machine load   ${loadavg()[0]?.toFixed(1)} (1-min average, ${cpus().length} cores; ${startLoad} at the start)`,
  );
  console.log(
    `  budget         directory search and filtered first page p99 ≤ ${P99} ms at ${connections} connections → ${pass ? 'PASS' : 'FAIL'}`,
  );
  await stopChildren([server.child]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(pass ? 0 : 1);
}
