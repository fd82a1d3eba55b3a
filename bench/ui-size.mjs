// Size budgets of @farol/ui (issue 3): the kit's own JS ≤ 30 KB gzip (react, react-dom and third-party
// dependencies excluded), importing only Sidebar ≤ 8 KB gzip (tree-shaking works), CSS ≤ 15 KB gzip.
// Issue 10 adds the form/table blocks: importing only Table ≤ 4 KB, and tree-shaking of third-party code is
// proven: an app importing only Button (or Table, or Sidebar) bundles none of the heavy dependencies it does not
// use (Radix Select, Tabs, DropdownMenu, AlertDialog, sonner, …), with the bundled size printed.
// Issue 16 adds the `@farol/ui/tasks` subpath (≤ 20 KB) and the drag, table and virtualiser packages to the
// heavy list: the main entry's parts and a lone TaskCard carry none of them.
// Issue 15 adds the `@farol/ui/connections` subpath (≤ 22 KB of the kit's own code) and xterm and noVNC to the
// heavy list (no main-entry part carries them); they load only through the dynamic imports of Terminal and
// VncViewer, so the subpath's first load (bundled with code splitting) carries none of them.
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

/**
 * Bundles `contents` as a consumer would; `thirdParty: true` bundles the kit's dependencies too (only React
 * stays external) and reports which packages put bytes into the output.
 * @param {string} contents
 */
async function bundleEntry(contents, { thirdParty = false } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: uiDir, loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    treeShaking: true,
    external: thirdParty ? ['react', 'react-dom', 'react/*', 'react-dom/*'] : external,
    conditions: ['import'],
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output');
  const [meta] = Object.values(result.metafile.outputs);
  const packages = new Set(
    Object.entries(meta?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1])
      .filter((name) => name !== undefined),
  );
  return { size: gzipSync(output.contents).length, packages };
}

/** @param {string} contents */
const gzipOfEntry = async (contents) => (await bundleEntry(contents)).size;

// Every part of the table a module's list screen uses.
const TABLE_PARTS =
  'Table, TableHeader, TableBody, TableRow, TableHead, TableSortButton, TableCell, TableEmpty, TableLoadingRows';
const TABLE_IMPORT = `export { ${TABLE_PARTS} } from '@farol/ui';`;

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(2)} KB`;
/** @type {[label: string, size: number, budget: number][]} */
const rows = [
  ['kit JS (all exports, third-party external)', await gzipOfEntry("export * from '@farol/ui';"), 30 * 1024],
  ['import { Sidebar } only', await gzipOfEntry("export { Sidebar } from '@farol/ui';"), 8 * 1024],
  ['import { Table, TableRow, … } only', await gzipOfEntry(TABLE_IMPORT), 4 * 1024],
  ['styles.css', gzipSync(readFileSync(path.join(uiDir, 'dist/styles.css'))).length, 15 * 1024],
  // Issue 16: the Tarefas pieces (Board, TaskCard, TaskListTable, DueCalendar, TaskPanel, their pt-BR texts)
  // are a subpath of their own, loaded only by the tasks pages, so the main entry's budget above is untouched.
  // 20 KB: measured 17.7 KB at first (the board with its announcements and phone menu is about half).
  [
    '@farol/ui/tasks (all exports, third-party external)',
    await gzipOfEntry("export * from '@farol/ui/tasks';"),
    20 * 1024,
  ],
  // Issue 15: terminal, frame, host-key prompts, reason dialog, ended panel, VNC viewer, replay, status and
  // launch menu with their pt-BR texts, the lazy terminal chunk (xterm's stylesheet, 2.5 KB, included) and the
  // kit parts they share with the main entry (Dialog, Field, Input, DropdownMenu…). 22 KB: measured 19.5 KB.
  [
    '@farol/ui/connections (all, third-party external)',
    await gzipOfEntry("export * from '@farol/ui/connections';"),
    22 * 1024,
  ],
];

let failed = false;
for (const [label, size, budget] of rows) {
  const ok = size <= budget;
  failed ||= !ok;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(50)} ${kb(size).padStart(10)} gzip  (budget ${kb(budget)})`,
  );
}

// Dependencies only some components need; an import that does not use them must not carry them.
const HEAVY = [
  'sonner',
  'motion',
  'framer-motion',
  '@radix-ui/react-select',
  '@radix-ui/react-tabs',
  '@radix-ui/react-dropdown-menu',
  '@radix-ui/react-alert-dialog',
  '@radix-ui/react-checkbox',
  '@radix-ui/react-switch',
  '@radix-ui/react-radio-group',
  '@radix-ui/react-popover',
  '@radix-ui/react-dialog',
  '@dnd-kit/core',
  '@dnd-kit/sortable',
  '@tanstack/react-virtual',
  '@tanstack/react-table',
  '@xterm/xterm',
  '@novnc/novnc',
];
/** @type {[name: string, entry: string, allowed: string[]][]} */
const shakes = [
  ['Button', "export { Button } from '@farol/ui';", []],
  ['Table…', TABLE_IMPORT, []],
  ['Sidebar', "export { Sidebar } from '@farol/ui';", ['@radix-ui/react-dialog']],
  // A card alone (a chamado's list of its tasks, say) carries no drag, table or virtualiser code.
  ['TaskCard', "export { TaskCard } from '@farol/ui/tasks';", []],
];
for (const [name, entry, allowed] of shakes) {
  const { size, packages } = await bundleEntry(entry, { thirdParty: true });
  const pulled = HEAVY.filter((pkg) => packages.has(pkg) && !allowed.includes(pkg));
  const ok = pulled.length === 0;
  failed ||= !ok;
  const label = `import { ${name} } only, with its dependencies`;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(50)} ${kb(size).padStart(10)} gzip  (${
      ok ? `none of ${HEAVY.length} unused heavy dependencies` : `pulls ${pulled.join(', ')}`
    })`,
  );
}

/**
 * The packages in what a consumer loads first for `contents`: the entry chunk and the chunks it imports
 * statically, bundled with code splitting as an app's bundler would (dynamic imports become chunks of their own).
 * @param {string} contents
 */
async function initialPackages(contents) {
  const result = await build({
    stdin: { contents, resolveDir: uiDir, loader: 'js' },
    bundle: true,
    splitting: true,
    outdir: path.join(uiDir, 'dist/.ui-size'),
    write: false,
    minify: true,
    format: 'esm',
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    conditions: ['import'],
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === '<stdin>');
  const seen = new Set();
  const queue = entry ? [entry] : [];
  const packages = new Set();
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    const output = outputs[file];
    for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      if (name && bytesInOutput > 0) packages.add(name);
    }
    for (const imported of output?.imports ?? [])
      if (imported.kind === 'import-statement') queue.push(imported.path);
  }
  return packages;
}

// Issue 15: xterm (with its add-ons) and noVNC load only when a Terminal or a VncViewer is drawn: the
// connections subpath's first load carries neither.
const LAZY = [
  '@xterm/xterm',
  '@xterm/addon-fit',
  '@xterm/addon-search',
  '@xterm/addon-web-links',
  '@novnc/novnc',
];
{
  const first = await initialPackages("export * from '@farol/ui/connections';");
  const pulled = LAZY.filter((pkg) => first.has(pkg));
  const ok = pulled.length === 0;
  failed ||= !ok;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${'@farol/ui/connections, first load'.padEnd(50)} ${
      ok ? `none of xterm, its add-ons or noVNC (lazy chunks)` : `pulls ${pulled.join(', ')}`
    }`,
  );
}
process.exitCode = failed ? 1 : 0;
