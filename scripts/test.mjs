#!/usr/bin/env node
// `npm test`: every stage (what CI runs), stopping after the first group that fails, and each stage's duration
// printed at the end, so a slow stage is seen before CI's time runs out. Stages in one group run at the same
// time (each mostly uses one of the machine's two cores); the output of all but the first is held back and
// printed, whole, once it ends, so logs never interleave.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

// A stage is an npm script, or one of these commands (run from the repository's root).
/** @type {Record<string, [string, ...string[]]>} */
const COMMANDS = {
  // The portal the e2e stage tests, built here on the core the package test leaves idle once it ends; the e2e
  // global setup then finds it fresh and does not build it again (about a minute of one core, otherwise alone).
  'build:portal': [npm, 'run', 'build', '-w', '@farol/portal'],
};

const GROUPS = [
  ['typecheck', 'lint'],
  // Units keep about one core busy; the package test (builds, a packed install) and the portal's build for the
  // e2e stage share the other.
  ['test:unit', 'test:package', 'build:portal'],
  // The embedded database's pass is one busy core and the longest; the PostgreSQL pass mostly waits on the
  // database's, and ends first; the fault suite mostly waits on the server processes it starts and stops.
  ['test:server:pglite', 'test:server:postgres', 'test:faults'],
  ['test:stories'],
  ['test:e2e'],
]
  .map((group) => group.filter((stage) => stage in scripts || stage in COMMANDS))
  .filter((group) => group.length > 0);

// Each stage's test runner appends its failures here (scripts/reporters), printed after the durations.
const resultsDir = path.join(root, 'test-results');
const failureSummary = path.join(resultsDir, 'failures.txt');
mkdirSync(resultsDir, { recursive: true });
rmSync(failureSummary, { force: true });
const env = { ...process.env, FAROL_FAILURE_SUMMARY: failureSummary };

/**
 * CPU seconds the runner's finished children have used so far (Linux: /proc/self/stat's cutime + cstime, in
 * clock ticks of 1/100 s), so each group's line says how busy it kept the cores, not only how long it took.
 * @returns {number | null}
 */
const childCpuSeconds = () => {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
};

/** @param {string} stage */
const title = (stage) => (COMMANDS[stage] ? COMMANDS[stage].join(' ') : `npm run ${stage}`);

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

/**
 * Runs `npm run <stage>` (or the stage's command); `logFile` holds its output back until it ends.
 * @param {string} stage
 * @param {string | null} logFile
 * @returns {Promise<{ stage: string, ms: number, ok: boolean, logFile: string | null }>}
 */
const run = (stage, logFile) =>
  new Promise((resolve) => {
    const start = Date.now();
    /** @type {[string, ...string[]]} */
    const [command, ...args] = COMMANDS[stage] ?? [npm, 'run', stage];
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (logFile) {
      const log = createWriteStream(logFile);
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
    }
    child.on('close', (code) => resolve({ stage, ms: Date.now() - start, ok: code === 0, logFile }));
  });

/** @type {Array<{ stage: string, ms: number, ok: boolean }>} */
const results = [];
/** @type {Array<{ label: string, ms: number, cpu: number | null }>} */
const groupUse = [];
let failed = null;
const started = Date.now();
for (const group of GROUPS) {
  const [first = '', ...others] = group;
  process.stdout.write(`\n=== ${title(first)} ===${others.length ? ` (with ${others.join(', ')})` : ''}\n`);
  const groupStart = Date.now();
  const cpuBefore = childCpuSeconds();
  const runs = group.map((stage, index) =>
    run(stage, index === 0 ? null : path.join(resultsDir, `${stage.replaceAll(':', '-')}.log`)),
  );
  const outcomes = await Promise.all(runs);
  const cpuAfter = childCpuSeconds();
  groupUse.push({
    label: group.join(' + '),
    ms: Date.now() - groupStart,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  });
  for (const outcome of outcomes.slice(1)) {
    process.stdout.write(`\n=== ${title(outcome.stage)} (output held back while it ran) ===\n`);
    if (outcome.logFile) process.stdout.write(readFileSync(outcome.logFile, 'utf8'));
  }
  results.push(...outcomes);
  failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.stage);
  if (failed.length > 0) break;
}

process.stdout.write('\nnpm test — stage durations (stages of one group ran at the same time)\n');
for (const { stage, ms, ok } of results)
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${stage.padEnd(22)}${seconds(ms)}\n`);
process.stdout.write(`     total                 ${seconds(Date.now() - started)}\n`);
if (groupUse.some(({ cpu }) => cpu !== null)) {
  process.stdout.write('\nCPU used per group (cores busy on average = CPU time / wall time)\n');
  for (const { label, ms, cpu } of groupUse) {
    if (cpu === null) continue;
    const cores = (cpu / (ms / 1000)).toFixed(2);
    process.stdout.write(`     ${label.padEnd(42)}${cpu.toFixed(0).padStart(6)} s CPU  ${cores} cores\n`);
  }
}
if (failed?.length) {
  if (existsSync(failureSummary)) process.stdout.write(`\n${readFileSync(failureSummary, 'utf8')}`);
  process.stdout.write(`npm test failed at ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
