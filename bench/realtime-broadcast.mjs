// Realtime budget (design.md §7, issue 4): 1,000 authenticated websocket clients on loopback, 10 broadcasts
// per second for 10 s → 100 % delivered and latency p99 ≤ 100 ms; the server's memory is reported.
// The server runs in a child process (tsx, TypeScript sources); the clients run here.
// Usage: node bench/realtime-broadcast.mjs [--clients 1000] [--rate 10] [--seconds 10]
import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const CLIENTS = arg('clients', 1000);
const RATE = arg('rate', 10);
const SECONDS = arg('seconds', 10);
const P99_BUDGET_MS = 100;
const CONNECT_BATCH = 100;
const WATCHDOG_MS = 120_000;

/** @typedef {{ type: string, [key: string]: any }} Message */

const child = fork(path.join(here, 'realtime-server.mjs'), [], {
  execArgv: ['--import', 'tsx', '--conditions=@farol/source'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});

/** @type {import('socket.io-client').Socket[]} */
const clients = [];
const shutdown = (/** @type {number} */ code) => {
  for (const client of clients) client.close();
  if (child.connected) child.send({ type: 'stop' });
  setTimeout(() => {
    child.kill();
    process.exit(code);
  }, 500).unref();
  child.once('exit', () => process.exit(code));
};
const watchdog = setTimeout(() => {
  console.error(`FAIL: did not finish within ${WATCHDOG_MS / 1000} s`);
  shutdown(1);
}, WATCHDOG_MS);
child.once('exit', (code) => {
  if (code !== 0) {
    console.error(`FAIL: server process exited with ${code}`);
    process.exit(1);
  }
});

/** The next message of `type` from the server process. @returns {Promise<Message>} */
const next = (/** @type {string} */ type) =>
  new Promise((resolve) => {
    const listener = (/** @type {Message} */ message) => {
      if (message.type !== type) return;
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
  });
/** @returns {Promise<Message>} */
const ask = (/** @type {Message} */ message, /** @type {string} */ answer) => {
  const pending = next(answer);
  child.send(message);
  return pending;
};

const mb = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (/** @type {number[]} */ sorted, /** @type {number} */ p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const loadBefore = loadavg()[0]?.toFixed(1);
const ready = await next('ready');
const url = `http://127.0.0.1:${ready.port}`;
const { tokens } = await ask({ type: 'issue', count: CLIENTS }, 'tokens');

/** @type {number[]} */
const latencies = [];
let received = 0;
const connectStart = performance.now();
for (let offset = 0; offset < CLIENTS; offset += CONNECT_BATCH) {
  const batch = tokens.slice(offset, offset + CONNECT_BATCH).map(
    (/** @type {string} */ token) =>
      new Promise((resolve, reject) => {
        const socket = io(url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
          forceNew: true,
          timeout: 20_000,
        });
        clients.push(socket);
        socket.on('bench', (/** @type {{ sentAt: number }} */ payload) => {
          received += 1;
          latencies.push(Date.now() - payload.sentAt);
        });
        socket.once('connect', () => resolve(undefined));
        socket.once('connect_error', (error) => reject(error));
      }),
  );
  try {
    await Promise.all(batch);
  } catch (error) {
    console.error(`FAIL: a client could not connect: ${error instanceof Error ? error.message : error}`);
    shutdown(1);
    await new Promise(() => {});
  }
}
const connectMs = performance.now() - connectStart;
const afterConnect = await ask({ type: 'memory' }, 'memory');

const { sent } = await ask({ type: 'broadcast', rate: RATE, seconds: SECONDS }, 'broadcast-done');
const expected = sent * CLIENTS;
const drainUntil = Date.now() + 3_000;
while (received < expected && Date.now() < drainUntil)
  await new Promise((resolve) => setTimeout(resolve, 20));
const afterBroadcast = await ask({ type: 'memory' }, 'memory');

const sorted = [...latencies].sort((a, b) => a - b);
const p50 = percentile(sorted, 50);
const p99 = percentile(sorted, 99) ?? Infinity;
const max = sorted.at(-1) ?? NaN;
const delivered = received / expected;
const pass = received === expected && p99 <= P99_BUDGET_MS;

console.log(
  `realtime broadcast: ${CLIENTS} websocket clients, ${RATE}/s for ${SECONDS} s (${sent} broadcasts)`,
);
const serverCpuPerBroadcast = (afterBroadcast.cpuMs - afterConnect.cpuMs) / sent;
console.log(
  `  machine: ${cpus().length} cores, load average before ${loadBefore}, after ${loadavg()[0]?.toFixed(1)}`,
);
console.log(`  connected ${afterConnect.connected} clients in ${(connectMs / 1000).toFixed(2)} s`);
console.log(`  delivered ${received}/${expected} (${(delivered * 100).toFixed(2)} %)`);
console.log(`  latency p50 ${p50} ms, p99 ${p99} ms, max ${max} ms (budget p99 ≤ ${P99_BUDGET_MS} ms)`);
console.log(`  server CPU per broadcast to ${CLIENTS} sockets: ${serverCpuPerBroadcast.toFixed(1)} ms`);
console.log(`  server memory: idle rss ${mb(ready.rss)} heap ${mb(ready.heapUsed)};`);
console.log(`    ${CLIENTS} connected rss ${mb(afterConnect.rss)} heap ${mb(afterConnect.heapUsed)};`);
console.log(`    after broadcasts rss ${mb(afterBroadcast.rss)} heap ${mb(afterBroadcast.heapUsed)}`);
console.log(pass ? 'PASS' : 'FAIL');
clearTimeout(watchdog);
shutdown(pass ? 0 : 1);
