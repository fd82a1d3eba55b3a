// Conexões gateway budget (issue 15): a keystroke's round trip through the gateway — the browser's socket →
// the server's `/terminal` namespace → ssh2 → an SSH server that echoes it → back to the socket — p99 ≤ 15 ms on
// localhost with 50 sessions open at once, each typing; and 1 MB of terminal output reaching the socket client
// in ≤ 300 ms (from the Enter that asks for it to the last byte on the client).
// Three processes: the Farol server from source (tsx) on PGlite in memory (BENCH_DATABASE_URL: PostgreSQL), an
// ssh2 echo server, and the sockets here. Each session gets its ticket from POST /api/connections/:id/sessions.
// Usage: node bench/connections-gateway.mjs [--sessions 50] [--keys 200] [--rate 20] [--megabytes 1]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import {
  cpuOf,
  createBenchServer,
  numberArg,
  serveParent,
  startChild,
  stopChildren,
} from './support/forked-server.mjs';

const self = fileURLToPath(import.meta.url);
const role = process.argv[2];
const ROUND_TRIP_P99_MS = 15;
const OUTPUT_MS = 300;
const SSH_USER = 'bench';
const SSH_PASSWORD = 'bench-segredo';

if (role === 'child:ssh') {
  // The remote end: a pty shell that echoes each keystroke at once and prints `big N` bytes on demand.
  const { Server, utils } = (await import('ssh2')).default;
  const hostKey = utils.generateKeyPairSync('ed25519').private;
  const parsed = /** @type {any} */ (utils.parseKey(hostKey));
  const fingerprint = `SHA256:${createHash('sha256').update(parsed.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('error', () => undefined);
    // As OpenSSH's sshd does for an interactive session.
    // ssh2's server connection has setNoDelay at run time; its types leave it out.
    /** @type {any} */ (client).setNoDelay(true);
    client.on('authentication', (ctx) =>
      ctx.method === 'password' && ctx.username === SSH_USER && ctx.password === SSH_PASSWORD
        ? ctx.accept()
        : ctx.reject(['password']),
    );
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('pty', (ok) => ok?.());
        session.on('window-change', (ok) => ok?.());
        session.on('shell', (ok) => {
          const stream = ok();
          let line = '';
          stream.write('$ ');
          stream.on('data', (/** @type {Buffer} */ data) => {
            const text = data.toString('utf8');
            stream.write(text);
            for (const char of text) {
              if (char !== '\r') {
                line += char;
                continue;
              }
              const big = /^big (\d+)$/.exec(line.trim());
              line = '';
              if (big) stream.write(`${'x'.repeat(Number(big[1]) - 3)}END`);
            }
          });
        });
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  serveParent({ port: address.port, fingerprint }, async () => server.close());
} else if (role === 'child:server') {
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const server = await createBenchServer();
  const { db } = server;
  const sshPort = Number(process.env.BENCH_SSH_PORT);
  // The target is loopback: an admin's allowance lets the gateway reach it (the target policy refuses it).
  await db.query(
    "INSERT INTO connection_internal_targets (target, port, description) VALUES ('127.0.0.1', $1, 'bench') ON CONFLICT DO NOTHING",
    [sshPort],
  );
  const { rows } = await db.query(
    `INSERT INTO connections (name, protocol, host, port, credential_mode, username, host_key_sha256, recording,
                              max_sessions, options)
     VALUES ('bench-echo', 'ssh', '127.0.0.1', $1, 'pedir', $2, $3, 'desligada', 100,
             '{"terminal_type":"xterm-256color"}')
     RETURNING id`,
    [sshPort, SSH_USER, process.env.BENCH_SSH_FINGERPRINT],
  );
  const connectionId = /** @type {{ id: number }} */ (rows[0]).id;
  const tokens = [];
  // One technician per session (a person may hold only a few sessions at once).
  for (let index = 0; index < Number(process.env.BENCH_SESSIONS); index += 1) {
    const { rows: people } = await db.query(
      `INSERT INTO users (email, first_name, last_name, role, permissions, password_hash)
       VALUES ($1, $2, 'Bench', 'tecnico', $3, 'x') RETURNING id`,
      [
        `bench-ssh-${index}-${Date.now()}@bench.farol.dev`,
        `Técnico ${index}`,
        ['connections.view', 'connections.connect'],
      ],
    );
    tokens.push((await issueToken(db, /** @type {{ id: number }} */ (people[0]).id)).token);
  }
  const url = await server.listen();
  serveParent({ url, realtimeUrl: `http://127.0.0.1:${server.realtime.port}`, connectionId, tokens }, () =>
    server.close(),
  );
} else {
  const sessions = numberArg('sessions', 50);
  const keys = numberArg('keys', 200);
  const rate = numberArg('rate', 20);
  const megabytes = numberArg('megabytes', 1);
  const ssh = await startChild(self, 'child:ssh', {});
  const farol = await startChild(self, 'child:server', {
    BENCH_SSH_PORT: String(ssh.port),
    BENCH_SSH_FINGERPRINT: ssh.fingerprint,
    BENCH_SESSIONS: String(sessions),
  });
  const children = [farol.child, ssh.child];
  try {
    /** Opens one terminal: a ticket from the API, then `open` on the namespace; resolves once ready. */
    const openTerminal = async (/** @type {string} */ token) => {
      const response = await fetch(`${farol.url}/api/connections/${farol.connectionId}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reason: 'bench',
          credential: { username: SSH_USER, password: SSH_PASSWORD },
        }),
      });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`ticket: ${response.status} ${await response.text()}`);
      const { ticket } = /** @type {{ ticket: string }} */ (await response.json());
      const socket = io(`${farol.realtimeUrl}/terminal`, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
        forceNew: true,
      });
      await new Promise((resolve, reject) => {
        socket.once('ready', resolve);
        socket.once('closed', (/** @type {unknown} */ event) => reject(new Error(JSON.stringify(event))));
        socket.once('connect_error', reject);
        socket.once('connect', () => socket.emit('open', { ticket, cols: 120, rows: 40 }));
      });
      return socket;
    };

    const started = performance.now();
    const sockets = await Promise.all(farol.tokens.map((/** @type {string} */ token) => openTerminal(token)));
    const openMs = performance.now() - started;
    // Let the prompts arrive before measuring.
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Every session types `keys` characters at `rate` per second (each waits for its echo before the next, so
    // one key is in flight per session), all 50 at once.
    /** @type {number[]} */
    const trips = [];
    const type = (/** @type {import('socket.io-client').Socket} */ socket, /** @type {number} */ offset) =>
      new Promise((resolve) => {
        let sent = 0;
        let sentAt = 0;
        let expected = '';
        const send = () => {
          expected = String.fromCharCode(97 + ((sent + offset) % 26));
          sentAt = performance.now();
          socket.emit('input', expected);
          sent += 1;
        };
        socket.on('data', (/** @type {string} */ text) => {
          if (!text.includes(expected) || sentAt === 0) return;
          trips.push(performance.now() - sentAt);
          sentAt = 0;
          if (sent >= keys) {
            socket.off('data');
            resolve(undefined);
            return;
          }
          setTimeout(send, (1000 / rate) * (0.5 + Math.random()));
        });
        setTimeout(send, Math.random() * (1000 / rate));
      });
    const typingStart = performance.now();
    const cpuBefore = /** @type {number} */ (await cpuOf(farol.child));
    const sshCpuBefore = /** @type {number} */ (await cpuOf(ssh.child));
    await Promise.all(sockets.map((socket, index) => type(socket, index)));
    const typingMs = performance.now() - typingStart;
    // The server's own CPU per keystroke (and the echo server's): what the machine's load cannot change.
    const cpuPerKey =
      /** @type {number} */ ((await cpuOf(farol.child)) - cpuBefore) / Math.max(1, trips.length);
    const sshCpuPerKey =
      /** @type {number} */ ((await cpuOf(ssh.child)) - sshCpuBefore) / Math.max(1, trips.length);
    const sorted = [...trips].sort((a, b) => a - b);
    const pct = (/** @type {number} */ p) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');

    // 1 MB of output to one terminal while the others sit idle: Enter on `big N` to the last byte.
    const bytes = Math.round(megabytes * 1024 * 1024);
    const outputRuns = [];
    for (let run = 0; run < 5; run += 1) {
      const socket = /** @type {import('socket.io-client').Socket} */ (sockets[run % sockets.length]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ms = await new Promise((resolve) => {
        let received = 0;
        let startedAt = 0;
        let tail = '';
        const onData = (/** @type {string} */ text) => {
          if (startedAt === 0) return;
          received += text.length;
          // The marker may be split between two events.
          tail = (tail + text).slice(-8);
          if (tail.includes('END') && received >= bytes) {
            socket.off('data', onData);
            resolve(performance.now() - startedAt);
          }
        };
        socket.on('data', onData);
        startedAt = performance.now();
        // A fresh line first: the typing phase left its letters on the current one.
        socket.emit('input', `\rbig ${bytes}\r`);
      });
      outputRuns.push(/** @type {number} */ (ms));
    }
    const outputSorted = [...outputRuns].sort((a, b) => a - b);
    const outputMedian = /** @type {number} */ (outputSorted[Math.floor(outputSorted.length / 2)]);
    const outputMax = /** @type {number} */ (outputSorted.at(-1));

    for (const socket of sockets) socket.close();
    const p99 = pct(99);
    console.log(`connections-gateway (${sessions} SSH sessions through the gateway, ${cpus().length} CPUs)`);
    console.log(`  open ${sessions} sessions (ticket + ssh handshake): ${openMs.toFixed(0)} ms`);
    console.log(
      `  keystroke round trip: ${trips.length} keys over ${(typingMs / 1000).toFixed(1)} s — p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(2)} ms (budget p99 ≤ ${ROUND_TRIP_P99_MS} ms) ${p99 <= ROUND_TRIP_P99_MS ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  CPU per keystroke: Farol server ${cpuPerKey.toFixed(3)} ms, echo SSH server ${sshCpuPerKey.toFixed(3)} ms (${((trips.length / typingMs) * 1000).toFixed(0)} keys/s achieved)`,
    );
    console.log(
      `  ${megabytes} MB of output to the socket client: median ${outputMedian.toFixed(0)} ms, worst ${outputMax.toFixed(0)} ms of ${outputRuns.length} runs (budget ≤ ${OUTPUT_MS} ms) ${outputMax <= OUTPUT_MS ? 'PASS' : 'FAIL'}`,
    );
    console.log(`  load average: ${load} (uptime: ${execFileSync('uptime').toString().trim()})`);
  } finally {
    await stopChildren(children);
  }
}
