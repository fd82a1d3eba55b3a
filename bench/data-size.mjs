// Size budget of @farol/data (issue 2): the main entry ≤ 10 KB gzip, minified, with react,
// @tanstack/react-query and socket.io-client external. zod is a dependency, so whatever the entry
// reaches of it counts; a second line shows the entry's own code with zod external too.
// Bundles the source (the `@farol/source` condition) with esbuild in memory: no dist/ needed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'packages/data');
const BUDGET = 10 * 1024;
const external = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query', 'socket.io-client'];

async function bundle(extraExternal) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'farol-data-size-'));
  try {
    const result = await build({
      entryPoints: [path.join(dataDir, 'src/index.ts')],
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
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const js = result.outputFiles.find((file) => file.path.endsWith('.js'));
    writeFileSync(path.join(outdir, 'index.js'), js.contents);
    return { raw: js.contents.length, gzip: gzipSync(js.contents).length, meta: result.metafile };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const full = await bundle([]);
const own = await bundle(['zod', 'zod/*']);

const output = Object.values(full.meta.outputs)[0];
const zodBytes = Object.entries(output.inputs)
  .filter(([file]) => file.includes('node_modules/zod'))
  .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);

const ok = full.gzip <= BUDGET;
console.log(
  `${ok ? 'PASS' : 'FAIL'}  @farol/data main entry (zod bundled)     ${kb(full.gzip).padStart(9)} gzip  ${kb(full.raw).padStart(9)} min  (budget ${kb(BUDGET)})`,
);
console.log(
  `info  @farol/data main entry (zod external)    ${kb(own.gzip).padStart(9)} gzip  ${kb(own.raw).padStart(9)} min`,
);
console.log(`info  zod code reached by the main entry       ${kb(zodBytes).padStart(9)} min`);
process.exitCode = ok ? 0 : 1;
