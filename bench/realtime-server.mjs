// Child process of realtime-broadcast.mjs: the real realtime server (run through tsx), alone in its process
// so its memory figures are the server's own. Driven over IPC; exits when told to stop or the parent goes.
import { randomBytes } from 'node:crypto';
import { createRealtimeServer } from '../apps/server/src/realtime/realtime-server';

/** @typedef {{ type: string, [key: string]: unknown }} Message */

/** Issued tokens, as the session table would hold them. */
const sessions = new Map();
const logger = {
  info() {},
  warn() {},
  /** @param {object} obj @param {string} [msg] */
  error(obj, msg) {
    console.error('realtime error:', msg, obj);
  },
};

const server = await createRealtimeServer({
  port: 0,
  host: '127.0.0.1',
  logger,
  verifyToken: async (token) => sessions.get(token) ?? null,
});

/** @param {Message} message */
const reply = (message) => process.send?.(message);

const memory = () => {
  const { rss, heapUsed } = process.memoryUsage();
  const { user, system } = process.cpuUsage();
  return { rss, heapUsed, connected: server.connectedCount(), cpuMs: (user + system) / 1000 };
};

/** Emits `bench` {seq, sentAt} to every socket, `rate` per second for `seconds`, on a drift-free schedule. */
const broadcast = (/** @type {number} */ rate, /** @type {number} */ seconds) =>
  new Promise((resolve) => {
    const total = rate * seconds;
    const interval = 1000 / rate;
    const start = performance.now();
    let seq = 0;
    const tick = () => {
      server.io.emit('bench', { seq, sentAt: Date.now() });
      seq += 1;
      if (seq >= total) {
        resolve(seq);
        return;
      }
      setTimeout(tick, Math.max(0, start + seq * interval - performance.now()));
    };
    tick();
  });

process.on('message', async (/** @type {Message} */ message) => {
  if (message.type === 'issue') {
    const tokens = [];
    for (let i = 0; i < Number(message.count); i += 1) {
      const token = randomBytes(32).toString('base64url');
      sessions.set(token, { id: i + 1, name: `Bench ${i + 1}` });
      tokens.push(token);
    }
    reply({ type: 'tokens', tokens });
  } else if (message.type === 'memory') {
    reply({ type: 'memory', ...memory() });
  } else if (message.type === 'broadcast') {
    const sent = await broadcast(Number(message.rate), Number(message.seconds));
    reply({ type: 'broadcast-done', sent });
  } else if (message.type === 'stop') {
    await server.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));

reply({ type: 'ready', port: server.port, ...memory() });
