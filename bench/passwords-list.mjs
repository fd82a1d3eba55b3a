// Vault list budget (issue 14): with 10,000 items (and folder and item grants), GET /api/passwords answers a
// filtered, searched first page with p99 ≤ 30 ms at 10 connections on PGlite. The access level of every item
// is computed in SQL on each request (no cache). Usage: node bench/passwords-list.mjs [--postgres] [--seconds 10]
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
const ITEMS = 10_000;
const P99 = 30;

if (role === 'child:server') {
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const server = await createBenchServer({
    vaultKey: Buffer.alloc(32, 4).toString('base64'),
    vaultRotationSweep: false,
  });
  const { db } = server;
  const { rows } = await db.query("SELECT id FROM users WHERE email = 'gestor@farol.dev'");
  const userId = /** @type {{ id: number }} */ (rows[0]).id;
  const started = Date.now();
  await db.query(
    `INSERT INTO companies (name) SELECT 'Cofre carga ' || n FROM generate_series(1, 40) AS n
     ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO vault_folders (company_id, name, rotate_every_days)
     SELECT c.id, 'Infra ' || c.name, CASE WHEN c.id % 3 = 0 THEN 90 END FROM companies c WHERE c.name LIKE 'Cofre carga %'`,
  );
  await db.query(
    `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE name LIKE 'Cofre carga %'),
          words AS (SELECT ARRAY['Firewall', 'Roteador', 'Servidor', 'Wi-Fi', 'Banco', 'Câmera', 'Switch', 'VPN',
                                 'E-mail', 'ERP', 'Impressora', 'Nobreak'] AS names,
                           ARRAY['São Paulo', 'Ribeirão', 'Goiânia', 'Belém', 'Niterói', 'Curitiba'] AS places,
                           ARRAY['login', 'nota', 'chave_ssh', 'api', 'wifi', 'banco'] AS kinds)
     INSERT INTO vault_items (company_id, folder_id, kind, name, url, username, tags, password_changed_at,
                              rotate_every_days)
     SELECT c.ids[1 + n % cardinality(c.ids)],
            CASE WHEN n % 2 = 0 THEN (SELECT f.id FROM vault_folders f WHERE f.company_id = c.ids[1 + n % cardinality(c.ids)] LIMIT 1) END,
            w.kinds[1 + n % 6],
            w.names[1 + n % 12] || ' ' || w.places[1 + (n / 12) % 6] || ' ' || n,
            'https://host' || n || '.exemplo.com.br', 'usuario' || (n % 50),
            ARRAY['rede', 'tag' || (n % 25)], now() - (n % 200) * interval '1 day',
            CASE WHEN n % 7 = 0 THEN 60 END
     FROM generate_series(1, $1::int) AS n, c, words w`,
    [ITEMS],
  );
  // Grants the rule must read: a third of the folders are restricted to the gestor role or to someone else.
  await db.query(
    `INSERT INTO vault_grants (folder_id, role, level)
     SELECT f.id, CASE WHEN f.id % 2 = 0 THEN 'gestor' ELSE 'tecnico' END, 'ver'
       FROM vault_folders f WHERE f.name LIKE 'Infra Cofre carga %' AND f.id % 3 = 1`,
  );
  await db.query('VACUUM ANALYZE');
  const seedMs = Date.now() - started;
  const { token } = await issueToken(db, userId);
  const url = await server.listen();
  serveParent({ url, token, kind: db.kind, seedMs }, () => server.close());
} else {
  const postgres = process.argv.includes('--postgres');
  const seconds = numberArg('seconds', 10);
  const connections = numberArg('connections', 10);
  if (postgres && !process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL (a scratch database: 10,000 items are added to it)');
    process.exit(2);
  }
  const dataDir = postgres ? null : mkdtempSync(path.join(tmpdir(), 'farol-bench-vault-list-'));
  /** @type {any} */
  const server = await startChild(self, 'child:server', {
    ...(postgres
      ? { BENCH_DATABASE_URL: String(process.env.DATABASE_URL) }
      : { BENCH_DATA_DIR: String(dataDir) }),
  });
  const headers = { authorization: `Bearer ${server.token}` };
  /** @type {[label: string, query: string][]} */
  const cases = [
    ['first page (name order)', ''],
    ['kind=wifi', 'kind=wifi'],
    ['tag=tag7', 'tag=tag7'],
    ['rotation=overdue', 'rotation=overdue'],
    ['q=roteador sao paulo (search)', `q=${encodeURIComponent('roteador sao paulo')}`],
    ['q=CAMERA&kind=banco', 'q=CAMERA&kind=banco'],
  ];
  console.log(
    `\nGET /api/passwords first page (25) on ${server.kind}, ${ITEMS} items in 40 companies, grants on a third of the folders (seeded in ${(server.seedMs / 1000).toFixed(1)} s), signed in as the gestor, ${connections} connections, ${seconds} s per case`,
  );
  let pass = true;
  for (const [label, query] of cases) {
    const url = `${server.url}/api/passwords${query ? `?${query}` : ''}`;
    const check = await fetch(url, { headers });
    const body = /** @type {{ items: unknown[], total: number }} */ (await check.json());
    if (check.status !== 200 || body.items.length === 0) {
      console.error(`FAIL: ${label} answered ${check.status} with ${body.items?.length} items`);
      pass = false;
      continue;
    }
    await loadChild(server.child, { url, headers, duration: 2, connections });
    const result = await loadChild(server.child, { url, headers, duration: seconds, connections });
    const errors = result.errors + result.non2xx + result.timeouts;
    const ok = result.latency.p99 <= P99 && errors === 0;
    if (!ok) pass = false;
    console.log(
      `  ${label.padEnd(32)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${result.cpuPerRequest.toFixed(2)} ms CPU/req   total ${String(body.total).padStart(5)}   ≤ ${P99} ms ${ok ? 'PASS' : 'FAIL'}${errors ? `   errors ${errors}` : ''}`,
    );
  }
  console.log(`  machine load   ${loadavg()[0]?.toFixed(1)} (1-min average, ${cpus().length} cores)`);
  console.log(
    `  budget         filtered page p99 ≤ ${P99} ms at ${connections} connections → ${pass ? 'PASS' : 'FAIL'}`,
  );
  await stopChildren([server.child]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(pass ? 0 : 1);
}
