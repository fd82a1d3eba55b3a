// Budget of the Tarefas board (issue 16): a board with 2,000 tasks renders in ≤ 300 ms, and a drag across it
// produces no long task over 50 ms, measured in Debian's Chromium. The kit's Board (from source, React's
// profiling build so commits can be timed) is bundled with esbuild into one page with the kit's compiled CSS.
// First render: from `root.render` (synchronous, via flushSync) to the first frame after it; the budget holds
// the median of 5 fresh mounts after a cold one (the cold one, which also compiles the code, is printed too,
// with the load average: the machine is shared and its load moves every figure). Drag: the mouse (real input events) picks up a card and carries it
// across four columns in 80 steps a frame apart, then drops it; a PerformanceObserver counts long tasks (the
// browser reports only tasks over 50 ms) and React's Profiler gives the longest commit while dragging. The
// same is printed for a board with swimlanes, and for information without virtualised columns.
// `--no-build` reuses the kit's last dist/styles.css; `--budgeted-only` measures only the budgeted board;
// `--kit-from=dir` bundles the Board from `dir/packages/ui/src` instead (e.g. `git archive <commit>
// packages/ui/src | tar -x -C dir`), to compare two versions under the same load. `--trace` records each drag with the DevTools protocol's
// Tracing domain (unminified bundle, V8 sampling profiler on) and prints what every task over 30 ms was made of
// (`--trace=dir` also keeps the traces there, to open in DevTools' Performance panel), with React's production
// build and the CPU time of each task (thread time: the load stretches wall time, much less CPU time).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../scripts/chromium.js';
import {
  bundleModules,
  printLongTasks,
  summariseTrace,
  taskCpu,
  TRACE_CATEGORIES,
  traceTotals,
} from './support/trace-summary.mjs';

const TASKS = 2000;
const RENDER_BUDGET_MS = 300;
const LONG_TASK_BUDGET = 0;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const uiDir = path.join(root, 'packages/ui');
const traceArg = process.argv.find((arg) => arg === '--trace' || arg.startsWith('--trace='));
const kitFrom = process.argv.find((arg) => arg.startsWith('--kit-from='))?.slice('--kit-from='.length);
const traceDir = traceArg?.startsWith('--trace=') ? traceArg.slice('--trace='.length) : null;

if (!process.argv.includes('--no-build'))
  execFileSync('node', ['scripts/build-css.mjs'], { cwd: uiDir, stdio: 'ignore' });
const css = readFileSync(path.join(uiDir, 'dist/styles.css'), 'utf8');

const bundle = await build({
  entryPoints: [path.join(root, 'bench/support/board-bench-app.tsx')],
  bundle: true,
  write: false,
  minify: !traceArg,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  conditions: ['@farol/source'],
  alias: {
    // React's profiling build times commits for the Profiler; traced, its per-component marks would cost more
    // than the components, so a traced run uses the production build (and prints no commit times).
    ...(traceArg ? {} : { 'react-dom/client': 'react-dom/profiling' }),
    ...(kitFrom ? { '@farol/ui/tasks': path.resolve(kitFrom, 'packages/ui/src/tasks/index.ts') } : {}),
  },
  nodePaths: [path.join(root, 'node_modules')],
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
});
const script = bundle.outputFiles[0]?.text ?? '';
const moduleOf = bundleModules(script);
const html = `<!doctype html><html lang="pt-BR" class="dark"><head><meta charset="utf-8"><style>${css}</style></head><body><div id="root" style="padding:16px"></div></body></html>`;

const { executablePath, args } = chromiumLaunchOptions();
const browser = await chromium.launch({ executablePath, args });
let failed = false;
const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
const median = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** @param {{ lanes?: boolean, virtualizeAt?: number }} options @param {string} name */
async function measure(options, name) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.setContent(html);
  await page.addScriptTag({ content: script });
  await page.evaluate(() => {
    /** @type {number[]} */
    const entries = [];
    Object.assign(window, { __longTasks: entries });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) entries.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  const render = (/** @type {number} */ count) =>
    page.evaluate(
      ([n, o]) => /** @type {any} */ (window).__board.render(n, o),
      /** @type {const} */ ([count, options]),
    );
  const first = await render(TASKS);
  const cold = first.total;
  /** @type {number[]} */
  const warm = [];
  /** @type {number[]} */
  const warmReact = [];
  for (let run = 0; run < (options.virtualizeAt === undefined ? 5 : 1); run += 1) {
    const timing = await render(TASKS);
    warm.push(timing.total);
    warmReact.push(timing.react);
  }
  const cards = await page.locator('[data-slot=task-card]').count();

  // Drag the first card of the first column to the fourth column, a frame per step.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__longTasks.splice(0);
    w.__board.commits.splice(0);
  });
  const source = page.locator('[data-slot=board-card]').first();
  // Concluído, the fifth column: on the way the card crosses the 'aviso' and 'bloqueio' columns.
  const target = page.locator('[data-slot=board-cell]').nth(4);
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no card or column to drag between');
  if (traceArg) {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    // The sampling profiler starts with the first script run after tracing begins (a few hundred ms once):
    // let that happen before the drag.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await page.evaluate(() => {
      /** @type {any} */ (window).__longTasks.splice(0);
      performance.mark('board-drag');
    });
  }
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  const steps = 80;
  for (let step = 1; step <= steps; step += 1) {
    const x = from.x + from.width / 2 + ((to.x + to.width / 2 - (from.x + from.width / 2)) * step) / steps;
    const y = from.y + 20 + ((to.y + 40 - (from.y + 20)) * step) / steps;
    await page.mouse.move(x, y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await page.mouse.up();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  if (traceArg) {
    const trace = await browser.stopTracing();
    if (traceDir) {
      mkdirSync(traceDir, { recursive: true });
      const file = path.join(traceDir, `board-drag-${name.split(' ').slice(0, 3).join('-')}.json`);
      writeFileSync(file, trace);
      console.log(`trace  ${name}: ${file}`);
    }
    console.log(
      `trace  ${name}: main thread CPU during the drag: ${traceTotals(trace, 'board-drag')
        .map(([kind, total]) => `${kind} ${Math.round(total)} ms`)
        .join(', ')}`,
    );
    const cpu = taskCpu(trace, 'board-drag');
    console.log(
      `trace  ${name}: tasks by CPU time: ${cpu.over16} over 16 ms, ${cpu.over50} over 50 ms, longest ${Math.round(cpu.longest)} ms, ${Math.round(cpu.total)} ms in all`,
    );
    printLongTasks(summariseTrace(trace, 30, moduleOf, 'board-drag'), (line) =>
      console.log(`${line.slice(0, 5)}  ${name}:${line.slice(5)}`),
    );
  }
  const drag = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    return {
      longTasks: /** @type {number[]} */ (w.__longTasks.splice(0)),
      commits: /** @type {number[]} */ (w.__board.commits.splice(0)),
      moves: w.__board.moves.length,
    };
  });
  await page.close();
  return { cold, coldReact: first.react, warm, warmReact, cards, drag };
}

try {
  if (kitFrom) console.log(`info  Board bundled from ${kitFrom}`);
  console.log(
    `info  load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const variants = /** @type {const} */ ([
    ['board', {}, true],
    ['board with 5 swimlanes (information)', { lanes: true }, false],
    ['board without virtualised columns (information)', { virtualizeAt: Number.POSITIVE_INFINITY }, false],
  ]);
  const only = process.argv.includes('--budgeted-only');
  for (const [name, options, budgeted] of variants) {
    if (only && !budgeted) continue;
    const { cold, coldReact, warm, warmReact, cards, drag } = await measure(options, name);
    const worstTask = drag.longTasks.length ? Math.max(...drag.longTasks) : 0;
    const worstCommit = drag.commits.length ? Math.max(...drag.commits) : 0;
    console.log(
      `info  ${name}: ${TASKS} tasks, ${cards} cards drawn; first render ${ms(cold)} cold (React ${ms(coldReact)}, the rest style, layout and paint), median of ${warm.length} more ${ms(median(warm))} (React ${ms(median(warmReact))})`,
    );
    if (!traceArg)
      console.log(
        `info  ${name}: drag over 80 frames: ${drag.commits.length} React commits (longest ${worstCommit.toFixed(1)} ms, ${drag.commits.filter((value) => value > 10).length} over 10 ms, ${Math.round(drag.commits.reduce((sum, value) => sum + value, 0))} ms in all), move reported: ${drag.moves > 0 ? 'yes' : 'no'}`,
      );
    if (!budgeted) continue;
    const renderOk = median(warm) <= RENDER_BUDGET_MS;
    const dragOk = drag.longTasks.length <= LONG_TASK_BUDGET && drag.moves > 0;
    failed ||= !renderOk || !dragOk;
    console.log(
      `${renderOk ? 'PASS' : 'FAIL'}  ${name}: first render of ${TASKS} tasks, median ${ms(median(warm))} (budget ${RENDER_BUDGET_MS} ms)`,
    );
    console.log(
      `${dragOk ? 'PASS' : 'FAIL'}  ${name}: drag, ${drag.longTasks.length} long tasks over 50 ms (worst ${ms(worstTask)}; budget none)`,
    );
  }
} finally {
  await browser.close();
}
process.exitCode = failed ? 1 : 0;
