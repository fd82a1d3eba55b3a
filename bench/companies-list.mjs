// Companies list budget (issue 12): with 20,000 companies (40,000 branches, 100,000 contacts, 20,000 chamados),
// GET /api/companies answers a filtered first page with p99 ≤ 30 ms and an accent-insensitive text search with
// p99 ≤ 60 ms, at 10 connections on PGlite. The list has no in-memory cache: every request asks the database.
// Each case runs ~10 s with autocannon against the real server (from source with tsx, like tickets-list.mjs)
// on a fresh PGlite folder, signed in as admin@farol.dev.
// Usage: node bench/companies-list.mjs [--postgres] [--seconds 10] [--connections 10]
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
const COMPANIES = 20_000;
const CONTACTS_PER_COMPANY = 5;
const TICKETS = 20_000;
const BENCH_EMAIL = 'admin@farol.dev';
const PAGE_P99 = 30;
const SEARCH_P99 = 60;

if (role === 'child:server') {
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const server = await createBenchServer();
  const { db } = server;
  const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [BENCH_EMAIL]);
  const userId = /** @type {{ id: number } | undefined} */ (rows[0])?.id;
  if (!userId) throw new Error(`${BENCH_EMAIL} missing: seed the demo data (FAROL_DEMO=1) first`);
  const started = Date.now();
  // Names people search for: a trade, a city (accented or not) and a number; CNPJs with their check digits.
  await db.query(
    `WITH words AS (
       SELECT ARRAY['Padaria', 'Comércio', 'Indústria', 'Clínica', 'Construtora', 'Transportes', 'Farmácia',
                    'Escola', 'Auto Peças', 'Mercado', 'Contabilidade', 'Ótica'] AS trades,
              ARRAY['São Paulo', 'Ribeirão Preto', 'Florianópolis', 'Goiânia', 'Belém', 'Maceió', 'João Pessoa',
                    'Niterói', 'Curitiba', 'Porto Alegre', 'Vitória', 'Cuiabá', 'Londrina', 'Santos',
                    'Uberlândia', 'Jundiaí'] AS cities,
              ARRAY['cliente', 'cliente', 'cliente', 'cliente', 'cliente', 'prospect', 'fornecedor', 'parceiro',
                    'interna'] AS kinds)
     INSERT INTO companies (name, legal_name, cnpj, kind, status, email_domains, account_manager_id, segment,
                            created_at, updated_at, archived_at)
     SELECT w.trades[1 + n % 12] || ' ' || w.cities[1 + (n / 12) % 16] || ' ' || n,
            w.trades[1 + n % 12] || ' ' || w.cities[1 + (n / 12) % 16] || ' ' || n || ' Ltda.',
            r.root || '0001' || farol_cnpj_check_digits(r.root || '0001'),
            w.kinds[1 + n % 9],
            CASE WHEN n % 11 = 0 THEN 'inativo' ELSE 'ativo' END,
            ARRAY['empresa' || n || '.com.br'],
            CASE WHEN n % 10 = 0 THEN $2::int ELSE NULL END,
            'Segmento ' || (n % 40),
            now() - n * interval '1 hour', now() - n * interval '1 minute',
            CASE WHEN n % 50 = 0 THEN now() ELSE NULL END
     FROM generate_series(1, $1::int) AS n, words w,
          LATERAL (SELECT lpad((30000000 + n * 37)::text, 8, '0') AS root) r`,
    [COMPANIES, userId],
  );
  const bench = `SELECT id, cnpj FROM companies WHERE email_domains[1] LIKE 'empresa%.com.br'`;
  // Two branches each, in UFs spread by id; five contacts each.
  await db.query(
    `WITH ufs AS (SELECT ARRAY['SP', 'SP', 'SP', 'RJ', 'MG', 'PR', 'SC', 'RS', 'BA', 'PE', 'CE', 'GO', 'DF', 'ES',
                              'PA', 'AM'] AS list)
     INSERT INTO branches (company_id, name, cnpj, cep, city, uf, head_office)
     SELECT c.id, CASE WHEN o = 1 THEN 'Matriz' ELSE 'Filial ' || o END,
            substr(c.cnpj, 1, 8) || lpad(o::text, 4, '0') || farol_cnpj_check_digits(substr(c.cnpj, 1, 8) || lpad(o::text, 4, '0')),
            lpad((1000000 + c.id * 13 % 8999999)::text, 8, '0'), 'Cidade ' || (c.id % 300),
            u.list[1 + (c.id * o) % 16], o = 1
     FROM (${bench}) c, generate_series(1, 2) AS o, ufs u`,
  );
  await db.query(
    `INSERT INTO company_contacts (company_id, name, email, phone, is_primary)
     SELECT c.id, 'Contato ' || k || ' da empresa ' || c.id, 'contato' || k || '@empresa' || c.id || '.com.br',
            '+55113' || lpad(((c.id * 5 + k) % 10000000)::text, 7, '0'), k = 1
     FROM (${bench}) c, generate_series(1, $1::int) AS k`,
    [CONTACTS_PER_COMPANY],
  );
  await db.query(
    `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM (${bench}) b)
     INSERT INTO tickets (subject, description, status, priority, company_id, requester_id, due_at)
     SELECT 'Chamado de carga ' || n, 'Descrição ' || n,
            (ARRAY['aberto', 'em andamento', 'aguardando cliente', 'resolvido', 'fechado'])[1 + n % 5], 'média',
            c.ids[1 + (n * 7) % cardinality(c.ids)], $2, now() + interval '1 day'
     FROM generate_series(1, $1::int) AS n, c`,
    [TICKETS, userId],
  );
  // One bulk load leaves the kept counts (updated by a trigger per row) with a dead version per row until a
  // vacuum; a database written row by row prunes them as it goes.
  await db.query('VACUUM ANALYZE');
  const seedMs = Date.now() - started;
  const counts = await db.query(
    `SELECT (SELECT count(*)::int FROM companies) AS companies, (SELECT count(*)::int FROM branches) AS branches,
       (SELECT count(*)::int FROM company_contacts) AS contacts, (SELECT count(*)::int FROM tickets) AS tickets`,
  );
  const { token } = await issueToken(db, userId);
  const url = await server.listen();
  serveParent({ url, token, kind: db.kind, seedMs, counts: counts.rows[0] }, () => server.close());
} else {
  const postgres = process.argv.includes('--postgres');
  const seconds = numberArg('seconds', 10);
  const connections = numberArg('connections', 10);
  if (postgres && !process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL (a scratch database: 20,000 companies are added to it)');
    process.exit(2);
  }
  const dataDir = postgres ? null : mkdtempSync(path.join(tmpdir(), 'farol-bench-companies-'));
  /** @type {any} */
  const server = await startChild(self, 'child:server', {
    ...(postgres
      ? { BENCH_DATABASE_URL: String(process.env.DATABASE_URL) }
      : { BENCH_DATA_DIR: String(dataDir) }),
  });
  const headers = { authorization: `Bearer ${server.token}` };
  /** @param {string} url @param {number} duration */
  const run = (url, duration) => loadChild(server.child, { url, headers, duration, connections });

  /** @type {[label: string, query: string, budget: number | null][]} */
  const cases = [
    ['first page (name order)', '', PAGE_P99],
    ['kind=fornecedor', 'kind=fornecedor', PAGE_P99],
    ['status=inativo&sort=updated_at', 'status=inativo&sort=updated_at', PAGE_P99],
    ['manager_id=me', 'manager_id=me', PAGE_P99],
    ['uf=BA (a branch in the UF)', 'uf=BA', PAGE_P99],
    ['sort=open_tickets', 'sort=open_tickets', PAGE_P99],
    ['q=padaria sao paulo (search)', `q=${encodeURIComponent('padaria sao paulo')}`, SEARCH_P99],
    ['q=GOIANIA (search)', 'q=GOIANIA', SEARCH_P99],
    ['q=empresa1234 (a domain)', 'q=empresa1234', SEARCH_P99],
  ];

  const { counts } = server;
  console.log(
    `\nGET /api/companies first page (25) on ${server.kind}, no list cache, ${counts.companies} companies, ${counts.branches} branches, ${counts.contacts} contacts, ${counts.tickets} chamados (seeded in ${(server.seedMs / 1000).toFixed(1)} s), ${connections} connections, ${seconds} s per case`,
  );
  let pass = true;
  for (const [label, query, budget] of cases) {
    const url = `${server.url}/api/companies${query ? `?${query}` : ''}`;
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
    const ok = budget === null || (result.latency.p99 <= budget && errors === 0);
    if (!ok) pass = false;
    console.log(
      `  ${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${result.cpuPerRequest.toFixed(2)} ms CPU/req   total ${String(body.total).padStart(5)}   ${budget === null ? 'reported' : `≤ ${budget} ms ${ok ? 'PASS' : 'FAIL'}`}${errors ? `   errors ${errors}` : ''}`,
    );
  }
  console.log(`  machine load   ${loadavg()[0]?.toFixed(1)} (1-min average, ${cpus().length} cores)`);
  console.log(
    `  budget         filtered page p99 ≤ ${PAGE_P99} ms, text search p99 ≤ ${SEARCH_P99} ms at ${connections} connections → ${pass ? 'PASS' : 'FAIL'}`,
  );
  await stopChildren([server.child]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(pass ? 0 : 1);
}
