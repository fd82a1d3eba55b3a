// Sign-in with two-factor budget (issue 13): the password step (scrypt N=16384, r=8, p=1, 64-byte key) and
// the code step (an RFC 6238 check, its step recorded) together stay ≤ 150 ms of server time. A fresh server
// on PGlite (or PostgreSQL with --postgres) gets N people with 2FA enrolled through the API; each then signs
// in — POST /api/auth/login (answers the code step), POST /api/auth/login/2fa with the app's next code — one
// at a time, as a person does. Times are taken around each request on 127.0.0.1 (so they include the HTTP
// round trip), the CPU time the process spent per sign-in (the verdict: on a shared, overloaded machine wall time
// measures the queue), and the two checks alone (scrypt, TOTP).
// Usage: node bench/login-2fa.mjs [--postgres] [--people 30]
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import {
  createBenchServer,
  numberArg,
  serveParent,
  startChild,
  stopChildren,
} from './support/forked-server.mjs';

const self = fileURLToPath(import.meta.url);
const role = process.argv[2];
const BUDGET_MS = 150;

/** RFC 6238 as an authenticator app computes it. @param {string} secret @param {number} step */
const totp = (secret, step) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s+/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = /** @type {number} */ (mac[mac.length - 1]) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};

if (role === 'child:run') {
  const people = Number(process.env.BENCH_PEOPLE) || 30;
  const { hashPassword, verifyPassword } = await import('../apps/server/src/auth/password');
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const { matchTotp, newTotpSecret, totpCode, totpStep } =
    await import('../apps/server/src/modules/auth/totp');
  const { openSeed, sealSeed } = await import('../apps/server/src/modules/auth/two-factor');
  const server = await createBenchServer();
  const url = await server.listen();
  const { db } = server;
  const password = 'bench-duas-etapas-senha';
  const hash = await hashPassword(password);
  /** @param {string} path @param {unknown} body @param {string} [token] */
  const post = async (path, body, token) => {
    const started = performance.now();
    const answer = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = await answer.json();
    return { ms: performance.now() - started, status: answer.status, json };
  };

  // People with 2FA, enrolled as the app does it.
  const enrolled = [];
  for (let n = 0; n < people; n += 1) {
    const email = `bench-2fa-${Date.now()}-${n}@bench.farol.dev`;
    const { rows } = await db.query(
      `INSERT INTO users (email, first_name, last_name, role, permissions, password_hash)
       VALUES ($1, 'Bench', 'Dois Fatores', 'tecnico', '{}', $2) RETURNING id`,
      [email, hash],
    );
    const { token } = await issueToken(db, /** @type {{id: number}} */ (rows[0]).id);
    const setup = await post('/api/security/two-factor/setup', {}, token);
    const secret = setup.json.secret.replace(/\s+/g, '');
    const step = Math.floor(Date.now() / 30_000);
    const confirmed = await post('/api/security/two-factor/confirm', { code: totp(secret, step) }, token);
    if (confirmed.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(confirmed.json)}`);
    enrolled.push({ email, secret, step });
  }

  const passwordStep = [];
  const codeStep = [];
  const total = [];
  // The server's CPU time for the sign-ins (this process serves them; the requests' own cost is small).
  const cpuBefore = process.cpuUsage();
  for (const person of enrolled) {
    const first = await post('/api/auth/login', { login: person.email, email: person.email, password });
    if (!first.json.challenge) throw new Error(`no code step: ${JSON.stringify(first.json)}`);
    // The app's next code: newer than the enrolment's, at most one step ahead of the clock.
    const step = Math.max(Math.floor(Date.now() / 30_000), person.step + 1);
    const second = await post('/api/auth/login/2fa', {
      challenge: first.json.challenge,
      code: totp(person.secret, step),
    });
    if (second.status !== 200) throw new Error(`code step failed: ${JSON.stringify(second.json)}`);
    passwordStep.push(first.ms);
    codeStep.push(second.ms);
    total.push(first.ms + second.ms);
  }

  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerSignIn = (cpu.user + cpu.system) / 1000 / enrolled.length;

  // The two checks alone.
  const scrypt = [];
  for (let n = 0; n < 20; n += 1) {
    const started = performance.now();
    await verifyPassword(password, hash);
    scrypt.push(performance.now() - started);
  }
  const secret = newTotpSecret();
  const now = Date.now();
  const code = totpCode(secret, totpStep(now));
  const started = performance.now();
  for (let n = 0; n < 1000; n += 1) matchTotp(secret, code, now);
  const totpMs = (performance.now() - started) / 1000;
  // The seed is stored sealed (AES-256-GCM, the data key kept in memory once unwrapped): opening it, then the check.
  const sealed = await sealSeed(server.app.vault, enrolled.length, 'secret', secret);
  const openedAt = performance.now();
  for (let n = 0; n < 1000; n += 1)
    matchTotp(await openSeed(server.app.vault, enrolled.length, 'secret', sealed), code, now);
  const openTotpMs = (performance.now() - openedAt) / 1000;

  serveParent(
    {
      figures: {
        kind: db.kind,
        people,
        passwordStep,
        codeStep,
        total,
        scrypt,
        totpMs,
        openTotpMs,
        cpuPerSignIn,
      },
    },
    () => server.close(),
  );
} else {
  const postgres = process.argv.includes('--postgres');
  if (postgres && !process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL (a scratch database)');
    process.exit(2);
  }
  /** @type {any} */
  const child = await startChild(self, 'child:run', {
    BENCH_PEOPLE: String(numberArg('people', 30)),
    ...(postgres ? { BENCH_DATABASE_URL: String(process.env.DATABASE_URL) } : {}),
  });
  const result = child.figures;
  await stopChildren([child.child]);
  const fmt = (/** @type {number} */ ms) => `${ms.toFixed(1)} ms`;
  const p95 = quantile(result.total, 0.95);
  console.log(
    `login-2fa (${result.kind}, ${result.people} sign-ins, ${cpus().length} cores, load ${(loadavg()[0] ?? 0).toFixed(1)})`,
  );
  console.log(
    `  scrypt N=16384 r=8 p=1 (64-byte key), verify alone: p50 ${fmt(quantile(result.scrypt, 0.5))}, max ${fmt(Math.max(...result.scrypt))}`,
  );
  console.log(`  TOTP check alone (3 HMAC-SHA-1): ${(result.totpMs * 1000).toFixed(1)} µs`);
  console.log(
    `  the sealed seed opened (AES-256-GCM) and checked: ${(result.openTotpMs * 1000).toFixed(1)} µs`,
  );
  console.log(
    `  POST /api/auth/login (password → code step): p50 ${fmt(quantile(result.passwordStep, 0.5))}, p95 ${fmt(quantile(result.passwordStep, 0.95))}`,
  );
  console.log(
    `  POST /api/auth/login/2fa (code → session):   p50 ${fmt(quantile(result.codeStep, 0.5))}, p95 ${fmt(quantile(result.codeStep, 0.95))}`,
  );
  console.log(
    `  both steps: p50 ${fmt(quantile(result.total, 0.5))}, p95 ${fmt(p95)}, max ${fmt(Math.max(...result.total))} (budget ${BUDGET_MS} ms)`,
  );
  console.log(
    `  CPU time per sign-in (both steps, server and client in one process): ${fmt(result.cpuPerSignIn)} (budget ${BUDGET_MS} ms)`,
  );
  // Wall time on a machine shared by several busy processes measures the queue, not the work: the verdict
  // is the CPU the sign-in costs, and the wall figures are printed for the record.
  const pass = result.cpuPerSignIn <= BUDGET_MS;
  console.log(pass ? 'PASS' : 'FAIL');
  process.exitCode = pass ? 0 : 1;
}
