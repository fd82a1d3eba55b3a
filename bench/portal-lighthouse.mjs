// Lighthouse budgets of the portal (design.md §7, issue 5): /login performance ≥ 0.98 on desktop and
// ≥ 0.92 on mobile, CLS exactly 0. The built portal is served by the built reference server (compression
// on, fresh embedded database, free ports) and audited in Debian's headless Chromium. Each form factor is
// run `--runs N` times (default 3) and the median score is judged. Stops the server and browser itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumLaunchOptions } from '../scripts/chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGETS = { desktop: 0.98, mobile: 0.92 };
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 3) : 3;
const START_TIMEOUT_MS = 90_000;

/** @param {string} label @param {string[]} args */
const build = (label, args) => {
  process.stdout.write(`building ${label}…\n`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${label} build failed`);
};
if (!process.argv.includes('--no-build')) {
  build('the portal', ['run', 'build', '-w', '@farol/portal']);
  build('the server', ['run', 'build', '-w', '@farol/server']);
}
if (!existsSync(path.join(root, 'apps/portal/dist/index.html')))
  throw new Error('apps/portal/dist is missing');

/** Starts apps/server/dist/main.js on port 0 (it binds free ports itself) and resolves to its URL. */
const startServer = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'farol-lighthouse-'));
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

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await startServer();
const { executablePath, args } = chromiumLaunchOptions();
const chrome = await chromeLauncher.launch({
  chromePath: executablePath,
  chromeFlags: [...args.filter((flag) => flag !== '--headless'), '--headless=new'],
});
let failed = false;
try {
  const target = `${server.url}/login`;
  console.log(`auditing ${target} (${RUNS} runs per form factor)`);
  for (const formFactor of /** @type {const} */ (['desktop', 'mobile'])) {
    /** @type {{ score: number, cls: number, fcp: number, lcp: number, tbt: number }[]} */
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(
        target,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error('lighthouse returned no result');
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`lighthouse: ${runtimeError.code} ${runtimeError.message}`);
      runs.push({
        score: categories.performance?.score ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      });
    }
    const score = median(runs.map((run) => run.score));
    const worstCls = Math.max(...runs.map((run) => run.cls));
    const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
    console.log(
      `info  ${formFactor.padEnd(8)} scores ${runs.map((run) => run.score.toFixed(2)).join(' ')}; ` +
        `median FCP ${ms(median(runs.map((r) => r.fcp)))}, LCP ${ms(median(runs.map((r) => r.lcp)))}, ` +
        `TBT ${ms(median(runs.map((r) => r.tbt)))}`,
    );
    const scoreOk = score >= BUDGETS[formFactor];
    const clsOk = worstCls === 0;
    failed ||= !scoreOk || !clsOk;
    console.log(
      `${scoreOk ? 'PASS' : 'FAIL'}  /login ${formFactor} performance ${score.toFixed(2)} (budget ≥ ${BUDGETS[formFactor]})`,
    );
    console.log(`${clsOk ? 'PASS' : 'FAIL'}  /login ${formFactor} CLS ${worstCls} (budget 0, worst run)`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
