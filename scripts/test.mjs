#!/usr/bin/env node
// `npm test`: every stage in order (what CI runs), stopping at the first that fails, and each stage's
// duration printed at the end, so a slow stage is seen before CI's time runs out.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const STAGES = [
  'typecheck',
  'lint',
  'test:unit',
  'test:server',
  'test:package',
  'test:faults',
  'test:stories',
  'test:e2e',
].filter((stage) => stage in scripts);

// Each stage's test runner appends its failures here (scripts/reporters), printed after the durations.
const failureSummary = path.join(root, 'test-results', 'failures.txt');
mkdirSync(path.dirname(failureSummary), { recursive: true });
rmSync(failureSummary, { force: true });

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
/** @type {Array<{ stage: string, ms: number, ok: boolean }>} */
const results = [];
let failed = null;
const started = Date.now();
for (const stage of STAGES) {
  const start = Date.now();
  process.stdout.write(`\n=== npm run ${stage} ===\n`);
  const result = spawnSync(npm, ['run', stage], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FAROL_FAILURE_SUMMARY: failureSummary },
  });
  results.push({ stage, ms: Date.now() - start, ok: result.status === 0 });
  if (result.status !== 0) {
    failed = stage;
    break;
  }
}

process.stdout.write('\nnpm test — stage durations\n');
for (const { stage, ms, ok } of results)
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${stage.padEnd(14)}${seconds(ms)}\n`);
process.stdout.write(`     total         ${seconds(Date.now() - started)}\n`);
if (failed) {
  if (existsSync(failureSummary)) process.stdout.write(`\n${readFileSync(failureSummary, 'utf8')}`);
  process.stdout.write(`npm test failed at ${failed}\n`);
  process.exitCode = 1;
}
