// Bundle budgets of the portal (design.md §7, issues 5 and 18): initial JS of /login ≤ 105 KB gzip, the
// staff shell (/dashboard: entry + modules list + shell layout + dashboard page, with their static imports)
// ≤ 160 KB gzip, the chatbot and drag code only in lazily loaded chunks, msw 0 bytes of the output, CSS
// ≤ 15 KB gzip.
// Builds the portal for production into a temporary folder with a Vite manifest (the served dist/ is left
// alone); `--dist <dir>` measures an existing build instead.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portal = path.join(root, 'apps/portal');
const KB = 1024;
const BUDGETS = { login: 105 * KB, shell: 160 * KB, css: 15 * KB };
/**
 * What makes up the staff shell besides the entry (lazily loaded by the router): the modules list (fetched
 * apart from the entry, which the login pages need alone), the shell layout and the dashboard page. Each is
 * found by its source (the manifest's key) or, when Rollup merged it into a chunk without a facade, by the
 * chunk's name, which is still its file's.
 */
const SHELL_SOURCES = [
  { source: /^src\/modules\.ts$/, name: 'modules' },
  { source: /^src\/layouts\/shell-layout\.tsx$/, name: 'shell-layout' },
  { source: /^src\/features\/dashboard\/dashboard-page\.tsx$/, name: 'dashboard-page' },
];
/** Strings only the chatbot (canned replies, position storage of the draggable button) carries. */
const CHATBOT_MARKERS = ['Os chamados ficam em Suporte', 'farol:chatbot-position:'];
/** Strings only msw or @farol/data/mocks (a fixture token) would bring into the output. */
const MSW_MARKERS = ['mockServiceWorker', '[MSW]', 'token-cliente-acme'];

const distArg = process.argv.indexOf('--dist');
const distPath = distArg > 0 ? process.argv[distArg + 1] : undefined;
/** @type {string} */
let dist;
/** @type {string | null} */
let temporary = null;
if (distPath) {
  dist = path.resolve(distPath);
} else {
  temporary = mkdtempSync(path.join(os.tmpdir(), 'farol-portal-bundle-'));
  dist = temporary;
  execFileSync(
    'npx',
    ['vite', 'build', '--manifest', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: portal,
      stdio: 'inherit',
    },
  );
}

try {
  /** @param {string} file */
  const read = (file) => readFileSync(path.join(dist, file));
  /** @param {string} file */
  const gzip = (file) => gzipSync(read(file), { level: 9 }).length;
  const manifestFile = path.join(dist, '.vite/manifest.json');

  /** @typedef {{ file: string, name?: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], css?: string[] }} ManifestChunk */
  /** chunk file → the files it imports statically and its CSS, from the manifest or by reading the files. */
  /** @type {Map<string, { imports: string[], css: string[] }>} */
  let graph;
  /** @type {string | undefined} */
  let entry;
  /** @type {string[]} */
  let shellRoots = [];
  if (existsSync(manifestFile)) {
    /** @type {Record<string, ManifestChunk>} */
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const fileOf = (/** @type {string} */ key) => manifest[key]?.file ?? key;
    graph = new Map(
      Object.values(manifest).map((chunk) => [
        chunk.file,
        { imports: (chunk.imports ?? []).map(fileOf), css: chunk.css ?? [] },
      ]),
    );
    entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file;
    const chunks = Object.entries(manifest);
    shellRoots = SHELL_SOURCES.flatMap(({ source, name }) => {
      const found =
        chunks.find(([key]) => source.test(key)) ??
        chunks.find(([, chunk]) => chunk.isDynamicEntry && chunk.name === name);
      return found ? [found[1].file] : [];
    });
  } else {
    // Without a manifest: index.html's module script and preloads, then the static imports in each chunk.
    const html = read('index.html').toString('utf8');
    entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
    graph = new Map();
    const visit = (/** @type {string} */ file) => {
      if (graph.has(file)) return;
      const code = read(file).toString('utf8');
      const imports = [
        ...code.matchAll(/(?:^|[;}])\s*import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g),
      ].map((match) => path.posix.join(path.posix.dirname(file), match[1] ?? ''));
      graph.set(file, { imports, css: [] });
      imports.forEach(visit);
    };
    if (!entry) throw new Error('index.html has no module script');
    visit(entry);
    const entryNode = graph.get(entry);
    if (entryNode)
      entryNode.css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map(
        (m) => m[1] ?? '',
      );
    console.log('note: no Vite manifest; the staff shell cannot be told apart from the entry');
  }
  if (!entry) throw new Error('no entry chunk found in the build');

  /** A chunk and everything it imports statically (lazy imports excluded). */
  const closure = (/** @type {string[]} */ roots) => {
    /** @type {Set<string>} */
    const seen = new Set();
    const walk = (/** @type {string} */ file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of graph.get(file)?.imports ?? []) walk(next);
    };
    roots.forEach(walk);
    return seen;
  };
  /** @param {Iterable<string>} files */
  const sum = (files) => [...files].reduce((total, file) => total + gzip(file), 0);
  /** @param {Iterable<string>} files */
  const cssOf = (files) => new Set([...files].flatMap((file) => graph.get(file)?.css ?? []));
  /** @param {Iterable<string>} files @param {string[]} markers */
  const containing = (files, markers) =>
    markers.filter((marker) => [...files].some((file) => read(file).includes(marker)));

  const loginFiles = closure([entry]);
  const shellFiles = closure([entry, ...shellRoots]);
  const allFiles = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => statSync(path.join(dist, file)).isFile());
  const initialCss = cssOf(shellFiles);

  const kb = (/** @type {number} */ bytes) => `${(bytes / KB).toFixed(2)} KB`;
  /** @type {{ label: string, ok: boolean, figure: string }[]} */
  const rows = [];
  /** @param {string} label @param {boolean} ok @param {string} figure */
  const check = (label, ok, figure) => rows.push({ label, ok, figure });
  const loginBytes = sum(loginFiles);
  const shellBytes = sum(shellFiles);
  const cssBytes = sum(initialCss);
  check(
    '/login initial JS',
    loginBytes <= BUDGETS.login,
    `${kb(loginBytes)} gzip (budget ${kb(BUDGETS.login)})`,
  );
  check(
    `staff shell initial JS (${shellRoots.length} lazy roots)`,
    shellRoots.length === SHELL_SOURCES.length && shellBytes <= BUDGETS.shell,
    `${kb(shellBytes)} gzip (budget ${kb(BUDGETS.shell)})`,
  );
  const chatbotInShell = containing(shellFiles, CHATBOT_MARKERS);
  const chatbotAnywhere = containing(
    allFiles.filter((file) => file.endsWith('.js')),
    CHATBOT_MARKERS,
  );
  check(
    'chatbot and drag code only in lazy chunks',
    chatbotInShell.length === 0 && chatbotAnywhere.length === CHATBOT_MARKERS.length,
    chatbotInShell.length > 0
      ? `found in initial chunks: ${chatbotInShell.join(', ')}`
      : `markers present in lazy chunks: ${chatbotAnywhere.length}/${CHATBOT_MARKERS.length}`,
  );
  const mswFiles = allFiles.filter((file) => /msw|mockServiceWorker/i.test(file));
  const mswMarkers = containing(allFiles, MSW_MARKERS);
  check(
    'msw in the production output',
    mswFiles.length === 0 && mswMarkers.length === 0,
    mswFiles.length + mswMarkers.length === 0
      ? '0 bytes'
      : `found: ${[...mswFiles, ...mswMarkers].join(', ')}`,
  );
  check('CSS (initial)', cssBytes <= BUDGETS.css, `${kb(cssBytes)} gzip (budget ${kb(BUDGETS.css)})`);

  for (const { label, ok, figure } of rows)
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(44)} ${figure}`);
  const lazyBytes = sum(allFiles.filter((file) => file.endsWith('.js') && !shellFiles.has(file)));
  console.log(`info  ${'other lazy JS (pages, chatbot, realtime…)'.padEnd(44)} ${kb(lazyBytes)} gzip`);
  process.exitCode = rows.every((row) => row.ok) ? 0 : 1;
} finally {
  if (temporary) rmSync(temporary, { recursive: true, force: true });
}
