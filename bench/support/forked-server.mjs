// The HTTP benches' process model: the script forks itself into a server child (run from source with tsx),
// which answers `cpu` and `stop` requests over IPC, and the parent loads it with autocannon while reading the
// child's own CPU time per request (on a busy machine req/s shows how much CPU the process was given, CPU per
// request what it needs).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';

/** autocannon ships no types. @type {(options: Record<string, unknown>) => Promise<any>} */
const autocannon = createRequire(import.meta.url)('autocannon');

/**
 * In a child: the Farol server as the benches run it — free ports, no logs, no static files, the demo seed —
 * on PostgreSQL when the parent passed BENCH_DATABASE_URL, else PGlite in BENCH_DATA_DIR (or in memory).
 * @param {Record<string, unknown>} [config] anything else createServer accepts
 */
export const createBenchServer = async (config = {}) => {
  const { createServer } = await import('../../apps/server/src/app');
  return createServer({
    port: 0,
    realtimePort: 0,
    host: '127.0.0.1',
    logger: false,
    staticDir: null,
    demo: true,
    databaseUrl: process.env.BENCH_DATABASE_URL || null,
    dataDir: process.env.BENCH_DATA_DIR || 'memory://',
    ...config,
  });
};

/** A positive number given as `--name value`, else the fallback. @param {string} name @param {number} fallback */
export const numberArg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** In a child: tell the parent something. @param {unknown} message */
export const tellParent = (message) => process.send?.(message);

/** In a child: say it is ready, then answer the parent's `cpu` and `stop` requests. @param {Record<string, unknown>} ready @param {() => Promise<unknown>} close */
export const serveParent = (ready, close) => {
  tellParent({ type: 'ready', ...ready });
  process.on('message', (/** @type {{type: string}} */ message) => {
    if (message.type === 'cpu') tellParent({ type: 'cpu', usage: process.cpuUsage() });
    if (message.type === 'stop') void close().then(() => process.exit(0));
  });
};

/**
 * Forks `script` with the role as its first argument and resolves once it says it is ready.
 * @param {string} script @param {string} role @param {Record<string, string>} env
 * @returns {Promise<any>} `{ child, ...whatever the child sent with ready }`
 */
export const startChild = (script, role, env) =>
  new Promise((resolve, reject) => {
    const child = fork(script, [role], {
      // BENCH_CHILD_NODE_ARGS adds node flags to the server child only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
      execArgv: [
        '--import',
        'tsx',
        '--conditions=@farol/source',
        ...(process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
    child.on('message', (/** @type {any} */ message) => {
      if (message.type === 'ready') resolve({ child, ...message });
    });
  });

/** CPU time (ms) a child has used so far. @param {import('node:child_process').ChildProcess} child */
export const cpuOf = (child) =>
  new Promise((resolve) => {
    const listener = (/** @type {any} */ message) => {
      if (message.type !== 'cpu') return;
      child.off('message', listener);
      resolve((message.usage.user + message.usage.system) / 1000);
    };
    child.on('message', listener);
    child.send({ type: 'cpu' });
  });

/**
 * One autocannon run against a child, with the child's CPU time per request.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ url: string, headers?: Record<string, string>, duration: number, connections: number }} options
 */
export const loadChild = async (child, { url, headers = {}, duration, connections }) => {
  const before = /** @type {number} */ (await cpuOf(child));
  const result = await autocannon({ url, connections, duration, headers, pipelining: 1 });
  const after = /** @type {number} */ (await cpuOf(child));
  return { ...result, cpuPerRequest: (after - before) / Math.max(1, result.requests.total) };
};

/** Asks the children to stop, then makes sure they have. @param {import('node:child_process').ChildProcess[]} children */
export const stopChildren = async (children) => {
  for (const child of children) {
    child.removeAllListeners('exit');
    child.send({ type: 'stop' });
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const child of children) child.kill();
};
