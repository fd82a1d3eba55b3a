// The kit as someone outside this repository gets it: built, linted as a package, packed with `npm pack`,
// installed into a throwaway Vite app in a temporary folder, and built there.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageDir, '../..');
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

let workDir = '';
let tarball = '';

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'farol-ui-pack-'));
  await run('npm', ['run', 'build'], { cwd: packageDir });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', workDir], { cwd: packageDir });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(workDir, packed!.filename);
}, 240_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('@farol/ui as a published package', () => {
  it('passes publint', async () => {
    const { stdout } = await run(bin('publint'), ['--strict', packageDir]);
    expect(stdout).toContain('All good!');
  }, 120_000);

  it('has correct types for ESM consumers (are-the-types-wrong)', async () => {
    // attw exits non-zero on any problem the esm-only profile does not ignore (CommonJS resolutions are).
    const { stdout } = await run(
      bin('attw'),
      [tarball, '--profile', 'esm-only', '--exclude-entrypoints', 'styles.css'],
      { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } },
    );
    expect(stdout).toMatch(/node16 \(from ESM\)[^\n]*🟢 \(ESM\)/);
    expect(stdout).toMatch(/bundler[^\n]*🟢/);
  }, 120_000);

  it('ships dist only, with the stylesheet', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n');
    expect(files).toContain('package/dist/index.js');
    expect(files).toContain('package/dist/index.d.ts');
    expect(files).toContain('package/dist/styles.css');
    expect(files.filter((file) => file.startsWith('package/src/'))).toEqual([]);
  });

  it('installs into a plain Vite app outside the workspace and builds', async () => {
    const app = path.join(workDir, 'consumer');
    await mkdir(path.join(app, 'src'), { recursive: true });
    const versions = JSON.parse(await readFile(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const version = (name: string) => versions.packages[`node_modules/${name}`]?.version ?? 'latest';
    await writeFile(
      path.join(app, 'package.json'),
      JSON.stringify({
        name: 'farol-ui-consumer',
        private: true,
        type: 'module',
        dependencies: {
          '@farol/ui': `file:${tarball}`,
          react: version('react'),
          'react-dom': version('react-dom'),
          vite: version('vite'),
        },
      }),
    );
    await writeFile(
      path.join(app, 'index.html'),
      '<!doctype html><html lang="pt-BR"><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
    );
    await writeFile(
      path.join(app, 'src/main.jsx'),
      [
        "import { createRoot } from 'react-dom/client';",
        "import { Sidebar } from '@farol/ui';",
        "import '@farol/ui/styles.css';",
        "createRoot(document.getElementById('root')).render(<Sidebar pathname=\"/dashboard\" user={{ name: 'Ana Lima', role: 'admin' }} onSignOut={() => {}} />);",
      ].join('\n'),
    );
    await writeFile(path.join(app, 'vite.config.js'), "export default { esbuild: { jsx: 'automatic' } };");
    // The registry is reachable, but the cache already holds every package the workspace installed.
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: app,
    });
    await run(path.join(app, 'node_modules/.bin/vite'), ['build'], { cwd: app });

    const assets = await readdir(path.join(app, 'dist/assets'));
    const js = assets.find((file) => file.endsWith('.js'));
    const css = assets.find((file) => file.endsWith('.css'));
    expect(js).toBeDefined();
    expect(css).toBeDefined();
    const bundle = await readFile(path.join(app, 'dist/assets', js!), 'utf8');
    expect(bundle).toContain('Sair');
  }, 300_000);
});
