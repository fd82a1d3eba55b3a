// Lighthouse budgets of the portal (design.md §7, issues 5 and 18): /login performance ≥ 0.98 on desktop and
// ≥ 0.99 on mobile with the Content-Security-Policy on (the page must carry it, and no run may log a console
// error, which is where a CSP violation shows), CLS exactly 0. The built portal is served by the built
// reference server (compression on, fresh embedded database, free ports) and audited in Debian's headless
// Chromium. Each form factor is run `--runs N` times (default 3) and the median score is judged. Stops the
// server and browser itself.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumLaunchOptions } from '../scripts/chromium.js';
import { buildProduct, startBuiltServer } from './support/built-server.mjs';

const BUDGETS = { desktop: 0.98, mobile: 0.99 };
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 3) : 3;

buildProduct();

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await startBuiltServer();
const { executablePath, args } = chromiumLaunchOptions();
const chrome = await chromeLauncher.launch({
  chromePath: executablePath,
  chromeFlags: [...args.filter((flag) => flag !== '--headless'), '--headless=new'],
});
let failed = false;
try {
  const target = `${server.url}/login`;
  const policy = (await fetch(target)).headers.get('content-security-policy') ?? '';
  const cspOn = /script-src 'self'/.test(policy) && !/unsafe-(inline|eval)/.test(policy.split(';')[1] ?? '');
  failed ||= !cspOn;
  console.log(
    `${cspOn ? 'PASS' : 'FAIL'}  /login served with its CSP: ${policy.split(';')[1]?.trim() || 'none'}`,
  );
  console.log(`auditing ${target} (${RUNS} runs per form factor)`);
  for (const formFactor of /** @type {const} */ (['desktop', 'mobile'])) {
    /** @type {{ score: number, cls: number, fcp: number, lcp: number, tbt: number, consoleErrors: number }[]} */
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
        consoleErrors: Number(
          /** @type {{ items?: unknown[] } | undefined} */ (audits['errors-in-console']?.details)?.items
            ?.length ?? 0,
        ),
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
    const consoleErrors = Math.max(...runs.map((run) => run.consoleErrors));
    failed ||= consoleErrors > 0;
    console.log(
      `${consoleErrors === 0 ? 'PASS' : 'FAIL'}  /login ${formFactor} console errors (CSP violations) ${consoleErrors} (worst run)`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
