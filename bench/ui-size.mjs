// Size budgets of @farol/ui (issue 3): the kit's own JS ≤ 30 KB gzip (react, react-dom and third-party
// dependencies excluded), importing only Sidebar ≤ 8 KB gzip (tree-shaking works), CSS ≤ 15 KB gzip.
// Measures the built package (dist/) as a consumer's bundler would see it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const uiDir = path.join(root, 'packages/ui');
const manifest = JSON.parse(readFileSync(path.join(uiDir, 'package.json'), 'utf8'));
const thirdParty = [
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.peerDependencies ?? {}),
];
const external = thirdParty.flatMap((name) => [name, `${name}/*`]);

if (!process.argv.includes('--no-build'))
  execFileSync('npm', ['run', 'build'], { cwd: uiDir, stdio: 'ignore' });

/** @param {string} contents */
async function gzipOfEntry(contents) {
  const result = await build({
    stdin: { contents, resolveDir: uiDir, loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    treeShaking: true,
    external,
    conditions: ['import'],
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output');
  return gzipSync(output.contents).length;
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(2)} KB`;
/** @type {[label: string, size: number, budget: number][]} */
const rows = [
  ['kit JS (all exports, third-party external)', await gzipOfEntry("export * from '@farol/ui';"), 30 * 1024],
  ['import { Sidebar } only', await gzipOfEntry("export { Sidebar } from '@farol/ui';"), 8 * 1024],
  ['styles.css', gzipSync(readFileSync(path.join(uiDir, 'dist/styles.css'))).length, 15 * 1024],
];

let failed = false;
for (const [label, size, budget] of rows) {
  const ok = size <= budget;
  failed ||= !ok;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(44)} ${kb(size).padStart(10)} gzip  (budget ${kb(budget)})`,
  );
}
process.exitCode = failed ? 1 : 0;
