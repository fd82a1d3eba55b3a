#!/usr/bin/env node
// `npm run backup` / `npm run restore` / `npm run vault:rotate-key` (and `build` for the fault suite): runs one of the built server's
// command-line tools, building the server first when its output is missing or older than its sources.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const TOOLS = ['backup', 'restore', 'vault-rotate-key', 'build'];

/** Newest modification time under `target`, skipping dependencies and outputs. @param {string} target */
const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
};

/** Builds apps/server with tsup unless every tool in dist is newer than every source it bundles. */
export const ensureServerBuilt = () => {
  const outputs = ['main', 'create-admin', 'backup', 'restore', 'vault-rotate-key'].map((name) =>
    path.join(server, `dist/${name}.js`),
  );
  const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sources = [
    path.join(server, 'src'),
    path.join(server, 'tsup.config.ts'),
    path.join(server, 'package.json'),
    path.join(root, 'packages/data/src'),
  ];
  if (builtAt > 0 && sources.every((source) => newestMtime(source) <= builtAt)) return;
  process.stderr.write('farol: construindo o servidor…\n');
  const result = spawnSync(npm, ['run', 'build', '-w', '@farol/server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    process.stderr.write(
      `farol: a construção do servidor falhou (código ${result.status ?? result.signal}).\n`,
    );
    process.exit(result.status ?? 1);
  }
};

const [tool, ...args] = process.argv.slice(2);
if (!tool || !TOOLS.includes(tool)) {
  process.stderr.write(`uso: node scripts/server-cli.mjs <${TOOLS.join('|')}> [argumentos]\n`);
  process.exit(2);
}
ensureServerBuilt();
if (tool !== 'build') {
  const child = spawn(process.execPath, [path.join(server, `dist/${tool}.js`), ...args], {
    stdio: 'inherit',
    // Relative paths (the backup file, FAROL_DATA_DIR) are read from where the command was typed.
    env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
