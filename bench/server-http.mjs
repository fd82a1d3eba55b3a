// HTTP budget (design.md §7, issue 4): GET /api/notifications?limit=25 with a bearer token, 5,000 notifications
// for the user, 10 connections, ~10 s → PGlite ≥ 1,500 req/s and p99 ≤ 25 ms; PostgreSQL (--postgres, with
// DATABASE_URL pointing at a scratch database) ≥ 3,500 req/s, and (issue 18) ≤ 0.12 ms of the server's CPU per
// request and ≥ 20 % of the hello route's throughput. A plain fastify hello route is measured in the same run, in
// its own process like the server, to report the framework ratio.
// Usage: node bench/server-http.mjs [--postgres] [--seconds 10] [--connections 10]
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
const NOTIFICATIONS = 5000;
const BENCH_EMAIL = 'admin@farol.dev';

if (role === 'child:server') {
  // The Farol server on the chosen storage, with NOTIFICATIONS rows for the bench user and a live token.
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const server = await createBenchServer();
  const { rows } = await server.db.query('SELECT id FROM users WHERE email = $1', [BENCH_EMAIL]);
  const userId = /** @type {{ id: number } | undefined} */ (rows[0])?.id;
  if (!userId) throw new Error(`${BENCH_EMAIL} missing: seed the demo data (FAROL_DEMO=1) first`);
  await server.db.query('DELETE FROM notifications WHERE user_id = $1', [userId]);
  await server.db.query(
    `INSERT INTO notifications (user_id, type, title, message, link, severity, created_at, read_at)
     SELECT $1, 'ticket', 'Chamado #' || n, 'Notificação de carga número ' || n, '/tickets/' || n, 'info',
            now() - n * interval '1 minute', CASE WHEN n % 3 = 0 THEN now() ELSE NULL END
       FROM generate_series(1, $2::int) AS n`,
    [userId, NOTIFICATIONS],
  );
  await server.db.query('ANALYZE notifications');
  const { token } = await issueToken(server.db, userId);
  const url = await server.listen();
  serveParent({ url, token, kind: server.db.kind }, () => server.close());
} else if (role === 'child:hello') {
  // The framework's own floor: a fastify hello route, same process model, no database.
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/api/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = /** @type {import('node:net').AddressInfo} */ (app.server.address());
  serveParent({ url: `http://127.0.0.1:${address.port}` }, () => app.close());
} else {
  const postgres = process.argv.includes('--postgres');
  const seconds = numberArg('seconds', 10);
  const connections = numberArg('connections', 10);
  const minRps = postgres ? 3500 : 1500;
  const maxP99 = 25;
  // Issue 18, PostgreSQL: what the list costs the server itself, and its share of the framework's floor.
  const maxCpuMs = 0.12;
  const minRatio = 0.2;
  if (postgres && !process.env.DATABASE_URL) {
    console.error(
      '--postgres needs DATABASE_URL (a scratch database: the bench user’s notifications are replaced)',
    );
    process.exit(2);
  }
  const dataDir = postgres ? null : mkdtempSync(path.join(tmpdir(), 'farol-bench-'));

  /** @param {import('node:child_process').ChildProcess} child @param {string} url @param {Record<string, string>} headers @param {number} duration */
  const run = (child, url, headers, duration) => loadChild(child, { url, headers, duration, connections });

  /** @type {any} */
  const server = await startChild(
    self,
    'child:server',
    postgres ? { BENCH_DATABASE_URL: String(process.env.DATABASE_URL) } : { BENCH_DATA_DIR: String(dataDir) },
  );
  /** @type {any} */
  const hello = await startChild(self, 'child:hello', {});
  const listUrl = `${server.url}/api/notifications?limit=25`;
  const auth = { authorization: `Bearer ${server.token}` };

  const check = await fetch(listUrl, { headers: auth });
  const body = /** @type {{ items: unknown[], total: number }} */ (await check.json());
  if (check.status !== 200 || body.items.length !== 25 || body.total !== NOTIFICATIONS) {
    console.error(
      `FAIL: the list answered ${check.status} with ${body.items?.length} items of ${body.total}`,
    );
    process.exit(1);
  }

  // Warm both (JIT, PGlite caches) before measuring.
  await run(server.child, listUrl, auth, 2);
  await run(hello.child, `${hello.url}/api/hello`, {}, 1);
  const list = await run(server.child, listUrl, auth, seconds);
  const floor = await run(hello.child, `${hello.url}/api/hello`, {}, seconds);

  const rps = list.requests.average;
  const p99 = list.latency.p99;
  const errors = list.errors + list.non2xx + list.timeouts;
  const ratio = rps / floor.requests.average;
  const throughputPass = rps >= minRps && p99 <= maxP99 && errors === 0;
  const costPass = list.cpuPerRequest <= maxCpuMs && ratio >= minRatio && errors === 0;
  const pass = throughputPass && (!postgres || costPass);
  console.log(
    `\nGET /api/notifications?limit=25 on ${server.kind}, ${NOTIFICATIONS} rows, ${connections} connections, ${seconds} s`,
  );
  console.log(
    `  notifications  ${rps.toFixed(0).padStart(7)} req/s   p50 ${list.latency.p50} ms   p99 ${p99} ms   errors ${errors}`,
  );
  console.log(
    `  fastify hello  ${floor.requests.average.toFixed(0).padStart(7)} req/s   p50 ${floor.latency.p50} ms   p99 ${floor.latency.p99} ms`,
  );
  console.log(`  ratio          ${(ratio * 100).toFixed(1)} % of the framework's hello route`);
  console.log(
    `  server CPU     ${list.cpuPerRequest.toFixed(3)} ms per request (hello ${floor.cpuPerRequest.toFixed(3)} ms) → one core would serve ≈ ${(1000 / list.cpuPerRequest).toFixed(0)} req/s`,
  );
  console.log(`  machine load   ${loadavg()[0]?.toFixed(1)} (1-min average, ${cpus().length} cores)`);
  console.log(
    `  budget         ≥ ${minRps} req/s and p99 ≤ ${maxP99} ms → ${throughputPass ? 'PASS' : 'FAIL'}`,
  );
  if (postgres) {
    console.log(
      `  budget         ≤ ${maxCpuMs} ms server CPU per request and ≥ ${minRatio * 100} % of hello (issue 18) → ${costPass ? 'PASS' : 'FAIL'}`,
    );
  }

  await stopChildren([server.child, hello.child]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(pass ? 0 : 1);
}
