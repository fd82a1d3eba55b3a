// Vault reveal budget (issue 14): POST /api/passwords/:id/reveal — the access check in SQL, the data key from
// memory, one AES-256-GCM open and the audit row written — answers with p99 ≤ 20 ms at 20 concurrent callers on
// PGlite. 200 items in 4 companies are created through the API (so their secrets are really sealed); the
// callers reveal them in turn, signed in as admin@farol.dev, for ~10 s with autocannon. CPU per reveal (the server
// process's own CPU time over the run) is the figure that holds on a shared machine; p99 is the queue.
// --profile <file>: a CPU profile of the server during the measured run, and where its time went, by stage.
// Usage: node bench/passwords-reveal.mjs [--postgres] [--seconds 10] [--connections 20] [--profile <file>]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cpuOf,
  createBenchServer,
  numberArg,
  serveParent,
  startChild,
  stopChildren,
} from './support/forked-server.mjs';

/** @type {(options: Record<string, unknown>) => Promise<any>} */
const autocannon = createRequire(import.meta.url)('autocannon');
const self = fileURLToPath(import.meta.url);
const role = process.argv[2];
const ITEMS = 200;
const P99 = 20;

if (role === 'child:server') {
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const server = await createBenchServer({
    vaultKey: Buffer.alloc(32, 3).toString('base64'),
    vaultRevealsPerMinute: 10_000_000,
    vaultRotationSweep: false,
  });
  const { db } = server;
  const { rows } = await db.query("SELECT id FROM users WHERE email = 'admin@farol.dev'");
  const userId = /** @type {{ id: number }} */ (rows[0]).id;
  const { token } = await issueToken(db, userId);
  const url = await server.listen();
  const companies = [];
  for (let c = 0; c < 4; c += 1) {
    const created = await db.query('INSERT INTO companies (name) VALUES ($1) RETURNING id', [
      `Cofre bench ${Date.now()}-${c}`,
    ]);
    companies.push(/** @type {{ id: number }} */ (created.rows[0]).id);
  }
  const ids = [];
  for (let n = 0; n < ITEMS; n += 1) {
    const answer = await fetch(`${url}/api/passwords`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        kind: 'login',
        name: `Servidor ${n}`,
        username: 'root',
        company_id: companies[n % companies.length],
        secrets: { password: `senha-${n}-${'x'.repeat(24)}` },
      }),
    });
    ids.push(/** @type {{ id: number }} */ (await answer.json()).id);
  }
  // --profile: the parent asks for a CPU profile of the measured run only (node:inspector in this process).
  /** @type {import('node:inspector').Session | null} */
  let profiler = null;
  process.on('message', async (/** @type {{ type: string, file?: string }} */ message) => {
    if (message.type === 'profile:start') {
      const { Session } = await import('node:inspector');
      profiler = new Session();
      profiler.connect();
      profiler.post('Profiler.enable', () =>
        profiler?.post('Profiler.start', () => process.send?.({ type: 'profile:started' })),
      );
    }
    if (message.type === 'profile:stop' && profiler) {
      profiler.post('Profiler.stop', async (error, result) => {
        const { writeFileSync } = await import('node:fs');
        if (!error) writeFileSync(String(message.file), JSON.stringify(result.profile));
        process.send?.({ type: 'profile:stopped' });
      });
    }
  });
  serveParent({ url, token, kind: db.kind, ids }, () => server.close());
} else {
  const loadAtStart = loadavg()[0]?.toFixed(1);
  const postgres = process.argv.includes('--postgres');
  const seconds = numberArg('seconds', 10);
  const connections = numberArg('connections', 20);
  if (postgres && !process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL (a scratch database)');
    process.exit(2);
  }
  const dataDir = postgres ? null : mkdtempSync(path.join(tmpdir(), 'farol-bench-vault-'));
  /** @type {any} */
  const server = await startChild(self, 'child:server', {
    ...(postgres
      ? { BENCH_DATABASE_URL: String(process.env.DATABASE_URL) }
      : { BENCH_DATA_DIR: String(dataDir) }),
  });
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  /** @type {number[]} */
  const ids = server.ids;
  const check = await fetch(`${server.url}/api/passwords/${ids[0]}/reveal`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ field: 'password' }),
  });
  const checked = /** @type {{ value?: string }} */ (await check.json());
  if (check.status !== 200 || !checked.value?.startsWith('senha-0-')) {
    console.error(`FAIL: the reveal answered ${check.status}`);
    await stopChildren([server.child]);
    process.exit(1);
  }
  let next = 0;
  const requests = [
    {
      method: 'POST',
      setupRequest: (/** @type {Record<string, unknown>} */ request) => ({
        ...request,
        path: `/api/passwords/${ids[next++ % ids.length]}/reveal`,
        body: JSON.stringify({ field: 'password', purpose: 'copy' }),
      }),
    },
  ];
  const cpu = () => /** @type {Promise<number>} */ (cpuOf(server.child));
  /** @param {number} duration */
  const run = async (duration) => {
    const before = await cpu();
    const result = await autocannon({
      url: server.url,
      connections,
      duration,
      headers,
      requests,
      pipelining: 1,
    });
    return { ...result, cpuPerRequest: ((await cpu()) - before) / Math.max(1, result.requests.total) };
  };
  /**
   * A CPU profile's samples by stage of a request (by the frames on each sample's stack), largest first.
   * @param {string} file @returns {[string, string][]}
   */
  const stagesOf = (file) => {
    /** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string }, children?: number[] }[], samples: number[], timeDeltas: number[] }} */
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    /** @type {Map<number, number>} */
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    /** @param {{ functionName: string, url: string }[]} stack */
    const stageOf = (stack) => {
      const has = (/** @type {(frame: { functionName: string, url: string }) => boolean} */ test) =>
        stack.some(test);
      const top = stack[0]?.functionName ?? '';
      if (['(idle)', '(program)', '(garbage collector)'].includes(top)) return `${top}`;
      if (has((f) => f.url.includes('node:inspector') || f.url.endsWith('passwords-reveal.mjs')))
        return 'the profiler and the bench';
      if (has((f) => f.url.includes('@electric-sql/pglite') || f.url.startsWith('wasm')))
        return 'PGlite (the statements, their protocol and results)';
      if (has((f) => f.functionName === 'statfs')) return 'free-space check (storage guard, statfs)';
      if (has((f) => ['writev', 'writeBuffer', 'writeUtf8String'].includes(f.functionName)))
        return 'socket writes (the answer)';
      if (has((f) => f.url.includes('/src/vault/'))) return 'vault: data key and AES-256-GCM';
      if (has((f) => f.url.includes('/modules/passwords/'))) return 'the vault module (checks, batching)';
      if (has((f) => f.url.includes('/apps/server/src/')))
        return 'the server (session, access, validation, hooks)';
      if (has((f) => f.url.includes('node_modules/'))) return 'fastify and other libraries';
      return 'node (http, streams, timers)';
    };
    /** @type {Map<string, number>} */
    const stages = new Map();
    let total = 0;
    profile.samples.forEach((id, index) => {
      const stack = [];
      for (let node = id; node !== undefined; node = /** @type {number} */ (parent.get(node)))
        stack.push(/** @type {any} */ (byId.get(node)).callFrame);
      const delta = profile.timeDeltas[index] ?? 0;
      total += delta;
      const stage = stageOf(stack);
      stages.set(stage, (stages.get(stage) ?? 0) + delta);
    });
    return [...stages]
      .sort((a, b) => b[1] - a[1])
      .map(([stage, time]) => [stage, ((time / Math.max(1, total)) * 100).toFixed(1)]);
  };
  /** Asks the child something and waits for its answer. @param {Record<string, unknown>} message @param {string} answer */
  const ask = (message, answer) =>
    new Promise((resolve) => {
      const onMessage = (/** @type {{ type: string }} */ reply) => {
        if (reply.type !== answer) return;
        server.child.off('message', onMessage);
        resolve(undefined);
      };
      server.child.on('message', onMessage);
      server.child.send(message);
    });
  const profileIndex = process.argv.indexOf('--profile');
  const profileFile = profileIndex === -1 ? null : path.resolve(String(process.argv[profileIndex + 1]));
  await run(2); // warm: JIT, PGlite's caches, the data keys
  if (profileFile) await ask({ type: 'profile:start' }, 'profile:started');
  const result = await run(seconds);
  if (profileFile) await ask({ type: 'profile:stop', file: profileFile }, 'profile:stopped');
  const errors = result.errors + result.non2xx + result.timeouts;
  const pass = result.latency.p99 <= P99 && errors === 0;
  console.log(
    `\nPOST /api/passwords/:id/reveal on ${server.kind} (${ids.length} items, 4 companies, audit row per reveal), ${connections} connections, ${seconds} s`,
  );
  console.log(
    `  reveal   ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${result.cpuPerRequest.toFixed(2)} ms CPU/req   ${result.requests.total} reveals${errors ? `   errors ${errors}` : ''}`,
  );
  console.log(
    `  machine load   ${loadAtStart} at start, ${loadavg()[0]?.toFixed(1)} at end (1-min average, ${cpus().length} cores)`,
  );
  if (profileFile) {
    console.log(`  where the server's thread went (sampled; ${profileFile}):`);
    for (const [stage, share] of stagesOf(profileFile)) console.log(`    ${share.padStart(5)} %  ${stage}`);
  }
  console.log(`  budget         p99 ≤ ${P99} ms at ${connections} callers → ${pass ? 'PASS' : 'FAIL'}`);
  await stopChildren([server.child]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(pass ? 0 : 1);
}
