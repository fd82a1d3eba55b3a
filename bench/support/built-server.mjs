// The built product as `npm start` runs it, for the benches that measure it through a browser: builds the
// portal and the server (unless `--no-build`), then starts apps/server/dist/main.js on a throwaway PGlite.
// The portal is built into a folder of the benches' own (served through FAROL_STATIC_DIR), never into
// apps/portal/dist: the e2e run serves that one, and a bench rebuilding it mid-run emptied it under the tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 90_000;

/** @param {string} label @param {string[]} args */
const build = (label, args) => {
  process.stdout.write(`building ${label}…\n`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${label} build failed`);
};

/** Where the benches' own build of the portal lives (ignored by git with the rest of node_modules). */
export const benchPortalDir = path.join(root, 'node_modules/.cache/farol-bench/portal');

/** Builds the portal (into `benchPortalDir`) and the server unless the command line says `--no-build`. */
export const buildProduct = () => {
  if (!process.argv.includes('--no-build')) {
    build('the portal', [
      'exec',
      '-w',
      '@farol/portal',
      '--',
      'vite',
      'build',
      '--outDir',
      benchPortalDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    build('the server', ['run', 'build', '-w', '@farol/server']);
  }
  if (!existsSync(path.join(benchPortalDir, 'index.html')))
    throw new Error(`${benchPortalDir} is missing: run the bench once without --no-build`);
};

/**
 * Starts apps/server/dist/main.js on port 0 (it binds free ports itself) over a new data folder with the demo
 * seed, and resolves to its URL and a stop function that also removes the folder.
 */
export const startBuiltServer = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'farol-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: '0',
      REALTIME_PORT: '0',
      HOST: '127.0.0.1',
      FAROL_DATA_DIR: dataDir,
      FAROL_DEMO: '1',
      FAROL_STATIC_DIR: benchPortalDir,
      LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start in time')), START_TIMEOUT_MS);
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = /Farol no ar: (\S+)/.exec(line);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1]);
      });
    });
    return { url: /** @type {string} */ (url), stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
