// Size budget of @farol/data (issue 2): the main entry ≤ 10 KB gzip, minified, with react,
// @tanstack/react-query and socket.io-client external. zod is a dependency, so whatever the entry
// reaches of it counts; a second line shows the entry's own code with zod external too.
// Bundles the source (the `@farol/source` condition) with esbuild into a temporary folder: no dist/ needed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'packages/data');
const BUDGET = 10 * 1024;
const external = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query', 'socket.io-client'];

/** @param {string[]} extraExternal */
async function bundle(extraExternal) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'farol-data-size-'));
  try {
    const result = await build({
      entryPoints: { index: path.join(dataDir, 'src/index.ts') },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      treeShaking: true,
      jsx: 'automatic',
      conditions: ['@farol/source', 'import'],
      external: [...external, ...extraExternal],
      outdir,
      metafile: true,
      logLevel: 'silent',
    });
    const code = readFileSync(path.join(outdir, 'index.js'));
    const zodBytes = Object.values(result.metafile.outputs)
      .flatMap((output) => Object.entries(output.inputs))
      .filter(([file]) => file.includes('node_modules/zod'))
      .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    return { raw: code.length, gzip: gzipSync(code).length, zodBytes };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const full = await bundle([]);
const own = await bundle(['zod', 'zod/*']);

const ok = full.gzip <= BUDGET;
console.log(
  `${ok ? 'PASS' : 'FAIL'}  @farol/data main entry (zod bundled)   ${kb(full.gzip).padStart(9)} gzip ${kb(full.raw).padStart(10)} min  (budget ${kb(BUDGET)})`,
);
console.log(
  `info  @farol/data main entry (zod external)  ${kb(own.gzip).padStart(9)} gzip ${kb(own.raw).padStart(10)} min`,
);
console.log(`info  zod code reached by the main entry     ${kb(full.zodBytes).padStart(9)} min`);
process.exitCode = ok ? 0 : 1;
