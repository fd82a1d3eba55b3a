// Starts the real server (embedded PGlite on a fresh folder, demo seed) serving the built portal, for the
// whole run; builds the portal first when its output is missing or older than its sources.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ENV, READY_MARKER, type E2eServerAddresses } from './support/server-protocol';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const portal = path.join(root, 'apps/portal');
const portalIndex = path.join(portal, 'dist/index.html');
const outputDir = path.join(root, 'test-results/e2e');
// Generous: on a busy machine (load 20 on 2 cores here) the server took over 90 s to migrate and seed.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/** Newest modification time under `target` (a file or folder), skipping dependencies and outputs. */
const newestMtime = (target: string): number => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
};

const buildPortalIfStale = () => {
  if (!existsSync(path.join(portal, 'index.html'))) {
    throw new Error('apps/portal has no index.html yet: there is no portal to test end to end.');
  }
  const sources = [portal, path.join(root, 'packages/ui/src'), path.join(root, 'packages/data/src')];
  const builtAt = existsSync(portalIndex) ? statSync(portalIndex).mtimeMs : 0;
  // FAROL_E2E_SKIP_BUILD=1 tests whatever build exists (e.g. one made by the CI step before).
  if (builtAt > 0 && process.env.FAROL_E2E_SKIP_BUILD === '1') return;
  if (builtAt > 0 && sources.every((source) => newestMtime(source) <= builtAt)) return;
  process.stdout.write('e2e: building the portal…\n');
  const result = spawnSync('npm', ['run', 'build', '-w', '@farol/portal'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`portal build failed (${result.status ?? result.signal})`);
};

const waitForHealth = async (url: string, deadline: number) => {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not accepting yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/api/health did not answer 200 in time`);
};

export default async function globalSetup() {
  buildPortalIfStale();
  mkdirSync(outputDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'farol-e2e-'));
  const log = createWriteStream(path.join(outputDir, 'server.log'));

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@farol/source', path.join(here, 'support/e2e-server.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Port 0: the server binds free ports itself and reports them, so nothing can race for them.
        PORT: '0',
        REALTIME_PORT: '0',
        HOST: '127.0.0.1',
        FAROL_DATA_DIR: dataDir,
        FAROL_DEMO: '1',
        FAROL_STATIC_DIR: path.join(portal, 'dist'),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
    },
  );
  child.stderr.pipe(log);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const addresses = await new Promise<E2eServerAddresses>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the e2e server did not start in time')),
        START_TIMEOUT_MS,
      );
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the e2e server exited with ${code}; see test-results/e2e/server.log`));
      });
      createInterface({ input: child.stdout }).on('line', (line) => {
        log.write(`${line}\n`);
        if (!line.startsWith(READY_MARKER)) return;
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(READY_MARKER.length)) as E2eServerAddresses);
      });
    });
    await waitForHealth(addresses.url, Date.now() + START_TIMEOUT_MS);
    // Workers inherit the environment of the main process after the global setup.
    process.env[ENV.url] = addresses.url;
    process.env[ENV.controlUrl] = addresses.controlUrl;
    process.env[ENV.realtimePort] = String(addresses.realtimePort);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
